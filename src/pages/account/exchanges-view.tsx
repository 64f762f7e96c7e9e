import type { FormFields } from '../../contracts/customer-forms';
import type { Exchange, ExchangesResponse } from '../../contracts/exchanges';
import type { ReactNode } from 'react';
import { formatBRL } from '../../lib/format/money';
import { Notice } from '../../ui/account/auth-layout';
import { formatDate, Timeline } from './orders-view';
import { dict } from '../../lib/security/dict';

export const EXCHANGE_STATUS_LABELS: Record<Exchange['status'], string> = dict({
  requested: 'Solicitada',
  approved: 'Aprovada',
  received: 'Produto recebido',
  refunded: 'Reembolsada',
  completed: 'Concluída',
  rejected: 'Recusada',
});
export const KIND_LABELS: Record<Exchange['kind'], string> = dict({ exchange: 'Troca', return: 'Devolução' });
export const REFUND_LABELS: Record<Exchange['refund'], string> = dict({
  cashback: 'Cashback',
  original: 'Forma de pagamento original',
});

/** Form field of the amount of one order line (0 = not included). */
export const amountField = (orderItemId: number) => `amount_${orderItemId}`;

/** One request: kind, order, status, refund, lines, reason and timeline; `children` adds the operator's actions. */
export function ExchangeCard(props: { exchange: Exchange; orderHref: string; who?: ReactNode; children?: ReactNode }) {
  const e = props.exchange;
  return (
    <li className="exchange-card" id={`troca-${e.id}`} data-testid="exchange-card">
      <p>
        <strong>
          {KIND_LABELS[e.kind]} nº {e.id}
        </strong>{' '}
        · pedido <a href={props.orderHref}>nº {e.orderId}</a> · {formatDate(e.createdAt)}
        {props.who ? <> · {props.who}</> : null}
      </p>
      <p>
        Situação: <strong data-testid="exchange-status">{EXCHANGE_STATUS_LABELS[e.status]}</strong>
        {/* A troca is not refunded: only a devolução says how. */}
        {e.kind === 'return' ? <> · Reembolso: {REFUND_LABELS[e.refund]}</> : null}
        {e.refundAmount !== null ? (
          <>
            {' '}
            · Valor reembolsado: <strong data-testid="exchange-refund">{formatBRL(e.refundAmount)}</strong>
          </>
        ) : null}
      </p>
      <ul>
        {e.items.map((i) => (
          <li key={i.orderItemId}>
            {i.amount}× {i.name} — {i.colorName}, {i.size}
          </li>
        ))}
      </ul>
      <p className="exchange-card__reason">Motivo: {e.reason}</p>
      {e.events.length > 0 ? (
        <Timeline
          className="exchange-timeline"
          events={e.events}
          labels={EXCHANGE_STATUS_LABELS}
          label={`Andamento da solicitação nº ${e.id}`}
        />
      ) : null}
      {props.children}
    </li>
  );
}

function Requests({ exchanges }: { exchanges: Exchange[] }) {
  if (exchanges.length === 0) return <p className="account__empty">Você ainda não pediu nenhuma troca ou devolução.</p>;
  return (
    <ul className="exchange-list">
      {exchanges.map((e) => (
        <ExchangeCard key={e.id} exchange={e} orderHref={`/minha-conta/pedidos/${e.orderId}`} />
      ))}
    </ul>
  );
}

function Radios(props: {
  name: string;
  legend: string;
  options: Record<string, string>;
  value: string;
  idPrefix: string;
  className?: string;
  required?: boolean;
}) {
  return (
    <fieldset className={`field field--choices ${props.className ?? ''}`}>
      <legend>{props.legend}</legend>
      {Object.entries(props.options).map(([value, label]) => (
        <label key={value} htmlFor={`${props.idPrefix}-${props.name}-${value}`}>
          <input
            type="radio"
            id={`${props.idPrefix}-${props.name}-${value}`}
            name={props.name}
            value={value}
            defaultChecked={props.value === value}
            required={props.required ?? true}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

/** The customer's requests, then a no-JS form per delivered order with lines still eligible. */
export function ExchangesView(props: {
  data: ExchangesResponse;
  /** The order whose form was posted, with its typed values and the refusal. */
  form: { orderId: number; values: FormFields; error: string } | null;
  ok: boolean;
}) {
  const { data, form } = props;
  const orders = [...new Set(data.eligible.map((l) => l.orderId))];
  return (
    <>
      {props.ok ? <Notice tone="success">Solicitação registrada. Acompanhe a situação aqui.</Notice> : null}
      {form && !orders.includes(form.orderId) ? (
        <p className="form-error" role="alert">
          {form.error}
        </p>
      ) : null}
      <h2>Minhas solicitações</h2>
      <Requests exchanges={data.exchanges} />
      <h2>Pedir troca ou devolução</h2>
      {orders.length === 0 ? (
        <p className="account__empty">
          Nenhum item de pedido entregue nos últimos 30 dias pode ser trocado ou devolvido agora.
        </p>
      ) : (
        orders.map((orderId) => {
          const lines = data.eligible.filter((l) => l.orderId === orderId);
          const mine = form?.orderId === orderId ? form : null;
          const v = mine?.values ?? {};
          const prefix = `exchange-${orderId}`;
          return (
            <form
              key={orderId}
              className="account-form exchange-form"
              method="post"
              action="/minha-conta/trocas-devolucoes"
              aria-labelledby={`${prefix}-title`}
            >
              <h3 id={`${prefix}-title`}>
                Pedido nº {orderId} · entregue em {formatDate(lines[0]!.deliveredAt)}
              </h3>
              {mine ? (
                <p className="form-error" role="alert">
                  {mine.error}
                </p>
              ) : null}
              <input type="hidden" name="orderId" value={orderId} />
              <fieldset className="field">
                <legend>Itens (escolha a quantidade de cada um)</legend>
                {lines.map((l) => (
                  <div key={l.orderItemId} className="exchange-form__line">
                    <label htmlFor={`${prefix}-${amountField(l.orderItemId)}`}>
                      {l.name} — {l.colorName}, {l.size}
                    </label>
                    <select
                      id={`${prefix}-${amountField(l.orderItemId)}`}
                      name={amountField(l.orderItemId)}
                      defaultValue={v[amountField(l.orderItemId)] ?? '0'}
                    >
                      <option value="0">Não incluir</option>
                      {Array.from({ length: l.available }, (_, i) => (
                        <option key={i + 1} value={String(i + 1)}>
                          {i + 1}
                        </option>
                      ))}
                    </select>
                  </div>
                ))}
              </fieldset>
              <Radios
                name="kind"
                legend="O que você quer?"
                options={KIND_LABELS}
                value={v.kind ?? 'exchange'}
                idPrefix={prefix}
              />
              {/* Only for a devolução: hidden (CSS :has) while Troca is chosen, and ignored by the server for a troca. */}
              <Radios
                name="refund"
                legend="Na devolução, reembolso ou crédito em"
                options={REFUND_LABELS}
                value={v.refund ?? 'cashback'}
                idPrefix={prefix}
                className="exchange-form__refund"
                required={false}
              />
              <div className="field">
                <label htmlFor={`${prefix}-reason`}>Motivo</label>
                <textarea
                  id={`${prefix}-reason`}
                  name="reason"
                  minLength={3}
                  maxLength={500}
                  rows={3}
                  required
                  defaultValue={v.reason ?? ''}
                />
              </div>
              <button type="submit" className="button button--primary">
                Enviar solicitação
              </button>
            </form>
          );
        })
      )}
    </>
  );
}
