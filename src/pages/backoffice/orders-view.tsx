import { FormError } from '../../ui/account/field';
import type { BackofficeOrderDetail, BackofficeOrdersPage, OrderTarget } from '../../contracts/backoffice';
import { ORDER_STATUS_LABELS } from '../../contracts/orders';
import { formatBRL } from '../../lib/format/money';
import { methodLabel } from '../../lib/payments/payment-methods';
import { formatDate } from '../account/orders-view';
import { dict } from '../../lib/security/dict';

/** The operator's words for each step (the button that moves the order there). */
export const ORDER_ACTIONS: Record<OrderTarget, string> = dict({
  invoiced: 'Emitir nota fiscal',
  shipped: 'Marcar como enviado',
  delivered: 'Marcar como entregue',
  cancelled: 'Cancelar pedido',
});

/** A cancel is not undone (stock back, the payment voided or refunded): its form asks for this box, ticked. */
export const CANCEL_CONFIRMATION = 'Confirmo o cancelamento: não pode ser desfeito.';
export const CANCEL_UNCONFIRMED = 'Marque a confirmação para cancelar o pedido.';

export function OrdersTable({ data }: { data: BackofficeOrdersPage }) {
  if (data.orders.length === 0) return <p className="account__empty">Nenhum pedido encontrado com esses filtros.</p>;
  return (
    <table className="orders-table">
      <thead>
        <tr>
          <th scope="col">Pedido</th>
          <th scope="col">Data</th>
          <th scope="col">Cliente</th>
          <th scope="col">Itens</th>
          <th scope="col">Total</th>
          <th scope="col">Pagamento</th>
          <th scope="col">Situação</th>
        </tr>
      </thead>
      <tbody>
        {data.orders.map((o) => (
          <tr key={o.id} data-testid="backoffice-order-row">
            <th scope="row">
              <a href={`/painel/pedidos/${o.id}`}>Nº {o.id}</a>
            </th>
            <td data-label="Data">{formatDate(o.createdAt)}</td>
            <td data-label="Cliente">
              {o.customerName}
              <br />
              <small>{o.customerEmail}</small>
            </td>
            <td data-label="Itens">{o.itemsCount}</td>
            <td data-label="Total">{formatBRL(o.total)}</td>
            <td data-label="Pagamento">{methodLabel(o.paymentMethodId)}</td>
            <td data-label="Situação">{ORDER_STATUS_LABELS[o.status]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One form per step open to the order; shipping asks for the tracking code. */
export function OrderActions(props: { detail: BackofficeOrderDetail; error: string | null; trackingCode?: string }) {
  const { order, next } = props.detail;
  return (
    <section className="backoffice__actions" aria-labelledby="order-actions-title">
      <h2 id="order-actions-title">Mudar status</h2>
      <FormError text={props.error} />
      {next.length === 0 ? (
        <p className="account__empty">Este pedido não tem mais passos ({ORDER_STATUS_LABELS[order.status]}).</p>
      ) : (
        next.map((to) => (
          <form
            key={to}
            className="account-form backoffice__step"
            method="post"
            action={`/painel/pedidos/${order.id}/status`}
          >
            <input type="hidden" name="to" value={to} />
            {to === 'shipped' ? (
              <div className="field">
                <label htmlFor="tracking-code">Código de rastreio</label>
                <input
                  id="tracking-code"
                  name="trackingCode"
                  autoComplete="off"
                  pattern="[A-Za-z0-9\-]{4,40}"
                  defaultValue={props.trackingCode ?? order.trackingCode ?? ''}
                />
              </div>
            ) : null}
            {to === 'cancelled' ? (
              <label className="field field--check">
                <input type="checkbox" name="confirmar" value="sim" required />
                <span>{CANCEL_CONFIRMATION}</span>
              </label>
            ) : null}
            <button type="submit" className={to === 'cancelled' ? 'button' : 'button button--primary'}>
              {ORDER_ACTIONS[to]}
            </button>
          </form>
        ))
      )}
    </section>
  );
}
