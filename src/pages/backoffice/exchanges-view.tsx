import { FormError } from '../../ui/account/field';
import type { BackofficeExchange, ExchangeTarget } from '../../contracts/backoffice';
import { ExchangeCard, REFUND_LABELS } from '../account/exchanges-view';
import { dict } from '../../lib/security/dict';

export const EXCHANGE_ACTIONS: Record<ExchangeTarget, string> = dict({
  approved: 'Aprovar',
  rejected: 'Recusar',
  received: 'Confirmar recebimento',
  refunded: 'Reembolsar',
  completed: 'Concluir',
});

/** The steps open to a request, as one no-JS form: each button posts its own `to`, with an optional note. */
function ExchangeActions(props: { exchange: BackofficeExchange; back: string; error: string | null }) {
  const e = props.exchange;
  if (e.next.length === 0) return null;
  return (
    <form className="account-form backoffice__step" method="post" action={`/painel/trocas/${e.id}/status`}>
      <FormError text={props.error} />
      <input type="hidden" name="back" value={props.back} />
      <div className="field">
        <label htmlFor={`note-${e.id}`}>Observação para o cliente (opcional)</label>
        <textarea id={`note-${e.id}`} name="note" maxLength={500} rows={2} />
      </div>
      <div className="backoffice__buttons">
        {e.next.map((to) => (
          <button
            key={to}
            type="submit"
            name="to"
            value={to}
            className={to === 'rejected' ? 'button' : 'button button--primary'}
          >
            {EXCHANGE_ACTIONS[to]}
            {to === 'refunded' ? ` (${REFUND_LABELS[e.refund].toLowerCase()})` : ''}
          </button>
        ))}
      </div>
    </form>
  );
}

/** The queue (or one order's requests) with the operator's actions. */
export function ExchangeQueue(props: {
  exchanges: BackofficeExchange[];
  back: string;
  failed?: { id: number; error: string } | null;
}) {
  if (props.exchanges.length === 0)
    return <p className="account__empty">Nenhuma solicitação de troca ou devolução com esse status.</p>;
  return (
    <ul className="exchange-list">
      {props.exchanges.map((e) => (
        <ExchangeCard
          key={e.id}
          exchange={e}
          orderHref={`/painel/pedidos/${e.orderId}`}
          who={
            <>
              {e.customer.name} ({e.customer.email})
            </>
          }
        >
          <ExchangeActions
            exchange={e}
            back={props.back}
            error={props.failed?.id === e.id ? props.failed.error : null}
          />
        </ExchangeCard>
      ))}
    </ul>
  );
}
