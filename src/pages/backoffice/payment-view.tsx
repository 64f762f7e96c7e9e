import type { BackofficePayment } from '../../contracts/backoffice';
import { formatCpf } from '../../lib/customer/cpf';
import { formatDateTime } from '../../lib/format/dates';
import { dict } from '../../lib/security/dict';
import { formatBRL } from '../../lib/format/money';
import { methodLabel } from '../../lib/payments/payment-methods';

/** Who holds the money (payments.provider). */
const PROVIDERS: Record<string, string> = dict({
  pix: 'Pix (PSP da loja)',
  paypal: 'PayPal',
  rede: 'Rede (cartão de crédito)',
  debit: 'Rede (cartão de débito)',
  boleto: 'Banco Inter (boleto)',
  'open-finance': 'Open Finance',
  coupon: 'Sem provedor (pago com vale)',
});
/** payments.status and payment_events.provider_status, in the operator's words. */
const STATUSES: Record<string, string> = dict({
  pending: 'Aguardando pagamento',
  authorized: 'Autorizado (não capturado)',
  paid: 'Pago',
  declined: 'Recusado',
  failed: 'Não aprovado',
  expired: 'Expirado',
  cancelled: 'Cancelado',
  refunded: 'Reembolsado',
});
const REFUNDS: Record<string, string> = dict({
  pending: 'Em processamento no provedor',
  done: 'Devolvido pelo provedor',
  failed: 'Não realizado pelo provedor',
  owed: 'A devolver por transferência',
});
const SOURCES: Record<string, string> = dict({ webhook: 'Notificação', reconcile: 'Conferência' });
const label = (labels: Record<string, string>, key: string) => labels[key] ?? key;

/** "Pedidos nº 1, 2 e 3". */
const orderNumbers = (ids: number[]) =>
  ids.length > 1 ? `${ids.slice(0, -1).join(', ')} e ${ids[ids.length - 1]}` : String(ids[0] ?? '');

/** The amount charged; a charge shared by several orders of one checkout says so, and what this order's part is. */
function Charged({ orderId, payment }: { orderId: number; payment: BackofficePayment }) {
  const own = payment.orders.find((o) => o.id === orderId);
  if (payment.orders.length < 2 || !own) return <>{formatBRL(payment.charged)}</>;
  return (
    <>
      Cobrança conjunta dos pedidos nº {orderNumbers(payment.orders.map((o) => o.id))}: {formatBRL(payment.charged)}{' '}
      (este pedido: {formatBRL(own.total)})
    </>
  );
}

/** The per-order provider view with the "Conferir com o provedor" form (runs the cron's work for this order). */
export function PaymentProviderView({ orderId, payment }: { orderId: number; payment: BackofficePayment | null }) {
  return (
    <section className="backoffice__payment" aria-labelledby="payment-provider-title" data-testid="payment-provider">
      <h2 id="payment-provider-title">Pagamento no provedor</h2>
      {!payment ? (
        <p className="account__empty">Este pedido não tem pagamento registrado.</p>
      ) : (
        <>
          <dl className="backoffice__facts">
            <dt>Provedor</dt>
            <dd>
              {label(PROVIDERS, payment.provider)} · {methodLabel(payment.methodId)}
            </dd>
            <dt>Identificador no provedor</dt>
            <dd>
              <code>{payment.chargeId ?? payment.reference ?? '—'}</code>
              {payment.chargeId && payment.reference && payment.reference !== payment.chargeId ? (
                <>
                  {' '}
                  · nossa referência <code>{payment.reference}</code>
                </>
              ) : null}
            </dd>
            <dt>Valor cobrado</dt>
            <dd data-testid="payment-charged">
              <Charged orderId={orderId} payment={payment} />
            </dd>
            <dt>Situação na loja</dt>
            <dd>{label(STATUSES, payment.status)}</dd>
            <dt>Último status informado pelo provedor</dt>
            <dd data-testid="provider-status">
              {payment.providerStatus ? (
                <>
                  {label(STATUSES, payment.providerStatus)} ·{' '}
                  <time dateTime={payment.providerStatusAt!}>{formatDateTime(payment.providerStatusAt!)}</time>
                </>
              ) : (
                'Nenhuma notificação ou conferência registrada'
              )}
            </dd>
            {payment.closedAt ? (
              <>
                <dt>Encerrado no provedor</dt>
                <dd>
                  <time dateTime={payment.closedAt}>{formatDateTime(payment.closedAt)}</time>
                </dd>
              </>
            ) : null}
          </dl>
          <h3>Eventos do provedor</h3>
          {payment.events.length === 0 ? (
            <p className="account__empty">Nenhum evento recebido.</p>
          ) : (
            <ul data-testid="provider-events">
              {payment.events.map((e) => (
                <li key={`${e.source}:${e.eventId}`}>
                  <time dateTime={e.at}>{formatDateTime(e.at)}</time> · {label(SOURCES, e.source)} ·{' '}
                  {label(STATUSES, e.providerStatus)} · <code>{e.outcome}</code> · <small>{e.eventId}</small>
                </li>
              ))}
            </ul>
          )}
          <h3>Reembolsos</h3>
          {payment.refunds.length === 0 ? (
            <p className="account__empty">Nenhum reembolso.</p>
          ) : (
            <ul data-testid="provider-refunds">
              {payment.refunds.map((r) => (
                <li key={r.id}>
                  {formatBRL(r.amount)} · pedido nº {r.orderId} ·{' '}
                  {r.status ? label(REFUNDS, r.status) : 'Aguardando envio ao provedor'}
                  {r.providerRefundId ? (
                    <>
                      {' '}
                      · <code>{r.providerRefundId}</code>
                    </>
                  ) : null}{' '}
                  · <time dateTime={r.at}>{formatDateTime(r.at)}</time>
                  {r.payout ? (
                    <p data-testid="refund-payout">
                      Conta do cliente: banco {r.payout.bank} · agência {r.payout.agency} · conta {r.payout.account} ·
                      CPF do titular {formatCpf(r.payout.holderCpf)}
                      {r.payout.paidOutAt ? (
                        <>
                          {' '}
                          · transferência feita em{' '}
                          <time dateTime={r.payout.paidOutAt}>{formatDateTime(r.payout.paidOutAt)}</time>
                        </>
                      ) : null}
                    </p>
                  ) : r.status === 'owed' ? (
                    <p>O cliente ainda não informou os dados bancários (pedido em “Minha conta”).</p>
                  ) : null}
                  {r.status === 'owed' && r.payout ? (
                    <form
                      method="post"
                      action={`/painel/pedidos/${orderId}/reembolsos/${r.id}/pago`}
                      className="backoffice__step"
                    >
                      <button type="submit" className="button">
                        Marcar como pago (transferência feita)
                      </button>
                    </form>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          <form method="post" action={`/painel/pedidos/${orderId}/conferir`} className="backoffice__step">
            <button type="submit" className="button">
              Conferir com o provedor
            </button>
          </form>
        </>
      )}
    </section>
  );
}
