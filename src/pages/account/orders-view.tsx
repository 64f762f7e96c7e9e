import { ORDER_STATUS_LABELS, type OrderDetail, type OrderSummary } from '../../contracts/orders';
import { formatCep } from '../../lib/customer/cep';
import { formatDateTime } from '../../lib/format/dates';
import { formatBRL } from '../../lib/format/money';
import { methodLabel } from '../../lib/payments/payment-methods';
import { OrderItems, OrderTotals } from '../../ui/orders/order-items-summary';
import { BoletoPay, PrintBoletoLink, TestPaymentNote } from '../boleto-pay';
import { RetryBox } from '../retry-box';
import { PRE_SALE_DELIVERY } from '../../lib/checkout/pre-sale';

/** Date and time of an account event (São Paulo time). */
export const formatDate = formatDateTime;

/** A status timeline (orders, exchange requests), oldest first. */
export function Timeline<S extends string>(props: {
  events: { status: S; note: string | null; at: string }[];
  labels: Record<S, string>;
  className: string;
  label?: string;
}) {
  return (
    <ol className={props.className} aria-label={props.label}>
      {props.events.map((e, i) => (
        <li key={i}>
          <strong>{props.labels[e.status]}</strong> <time dateTime={e.at}>{formatDate(e.at)}</time>
          {e.note ? <span> — {e.note}</span> : null}
        </li>
      ))}
    </ol>
  );
}

export function OrderList({ orders }: { orders: OrderSummary[] }) {
  if (orders.length === 0) {
    return (
      <div className="account__empty">
        <p>Você ainda não fez pedidos.</p>
        <p>
          <a className="button" href="/">
            Começar a comprar
          </a>
        </p>
      </div>
    );
  }
  return (
    <table className="orders-table">
      <thead>
        <tr>
          <th scope="col">Pedido</th>
          <th scope="col">Data</th>
          <th scope="col">Situação</th>
          <th scope="col">Pagamento</th>
          <th scope="col">Total</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o.id} data-testid="order-row">
            <th scope="row">
              <a href={`/minha-conta/pedidos/${o.id}`}>Nº {o.id}</a>
            </th>
            <td data-label="Data">{formatDate(o.createdAt)}</td>
            <td data-label="Situação">{ORDER_STATUS_LABELS[o.status]}</td>
            <td data-label="Pagamento">{methodLabel(o.paymentMethodId)}</td>
            <td data-label="Total">{formatBRL(o.total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Where an order's payment stands, in the order page's words. */
function paymentState(order: OrderDetail): string {
  const p = order.payment;
  if (p.paidAt) return `pago em ${formatDate(p.paidAt)}${p.status === 'refunded' ? ' · estornado' : ''}`;
  if (order.status === 'pending') return 'aguardando';
  if (order.status === 'expired') return 'não pago no prazo';
  return p.status === 'failed' ? 'não aprovado' : 'não pago';
}

/** The boleto still to be paid on this order (null: not a boleto, or paid, expired, cancelled). */
export function pendingBoleto(order: OrderDetail): OrderDetail['payment']['boleto'] {
  const p = order.payment;
  return p.boleto && !p.paidAt && order.status === 'pending' ? p.boleto : null;
}

/** One order: status timeline, items, payment, delivery and tracking. */
export function OrderView({
  order,
  imageHost,
  backHref = '/minha-conta/pedidos',
  own = false,
}: {
  order: OrderDetail;
  imageHost: string;
  /** The list this order belongs to (the back office shows it under /painel). */
  backHref?: string;
  /**
   * The customer's own page (not the back office): a payment refused at its step offers "Tentar novamente", a
   * pending boleto "Imprimir boleto".
   */
  own?: boolean;
}) {
  const p = order.payment;
  const boleto = pendingBoleto(order);
  return (
    <div className="order-detail">
      <p>
        <a href={backHref}>← Todos os pedidos</a>
      </p>
      <p className="order-detail__status">
        Situação: <strong>{ORDER_STATUS_LABELS[order.status]}</strong> · feito em {formatDate(order.createdAt)}
      </p>
      {own && order.status === 'cancelled' && p.status === 'failed' ? (
        <RetryBox action={`/minha-conta/pedidos/${order.id}/tentar-novamente`} />
      ) : null}
      <h2>Acompanhamento</h2>
      <Timeline className="order-timeline" events={order.events} labels={ORDER_STATUS_LABELS} />
      {order.trackingCode ? (
        <p>
          Código de rastreio: <strong>{order.trackingCode}</strong>
        </p>
      ) : null}
      <h2>Itens</h2>
      <OrderItems order={order} imageHost={imageHost} linked />
      <h2>Pagamento</h2>
      <p>
        {methodLabel(order.paymentMethodId)}
        {p.cardBrand && p.cardLast4 ? ` · ${p.cardBrand} final ${p.cardLast4}` : ''}
        {p.installments > 1 ? ` · ${p.installments}x` : ''} · {paymentState(order)}
      </p>
      {boleto ? (
        <BoletoPay boleto={boleto}>
          {own ? <PrintBoletoLink href={`/minha-conta/pedidos/${order.id}/boleto`} /> : null}
          {p.sandbox ? <TestPaymentNote /> : null}
        </BoletoPay>
      ) : null}
      <OrderTotals order={order} />
      <h2>Entrega</h2>
      {order.pickup || !order.address ? (
        <p>Retirada na loja {order.storeName}.</p>
      ) : (
        <p>
          {order.address.street}, {order.address.number}
          {order.address.complement ? ` – ${order.address.complement}` : ''} · {order.address.neighborhood} ·{' '}
          {order.address.city}/{order.address.state} · CEP {formatCep(order.address.zipCode)}
        </p>
      )}
      {order.items.some((item) => item.preSale) ? <p>{PRE_SALE_DELIVERY}</p> : null}
    </div>
  );
}
