import type { Exchange } from '../../contracts/exchanges';
import type { ExchangeEventRow, ExchangeItemRow, ExchangeRow } from './exchange-rows';

const toExchangeItem = (i: ExchangeItemRow) => ({
  orderItemId: i.order_item_id,
  name: i.name,
  size: i.size,
  colorName: i.color_name,
  amount: i.amount,
});

/** A request as the contract shows it, with its lines and timeline (from rows of many requests). */
export function toExchange(r: ExchangeRow, items: ExchangeItemRow[], events: ExchangeEventRow[]): Exchange {
  return {
    id: r.id,
    orderId: r.order_id,
    kind: r.kind,
    reason: r.reason,
    refund: r.refund_method,
    status: r.status,
    createdAt: r.created_at,
    items: items.filter((i) => i.exchange_id === r.id).map(toExchangeItem),
    refundAmount: r.refund_cents,
    events: events
      .filter((v) => v.exchange_id === r.id)
      .map((v) => ({ status: v.status, note: v.note, at: v.created_at })),
  };
}
