import type { ExchangeRequest } from '../../contracts/exchanges';
import type { ExchangeEventRow, ExchangeItemRow, ExchangeRow, OrderLineRow } from './exchange-rows';

const ITEMS_JSON = (items: ExchangeRequest['items']) =>
  JSON.stringify(items.map((i) => ({ orderItemId: i.orderItemId, amount: i.amount })));

// A line can be requested while no active request holds it (partial UNIQUE index on exchange_items, migration
// 0010: a rejected request frees its lines) and for at most what was bought; `param` holds the requested lines.
const lineRefused = (param: string) => `EXISTS (
  SELECT 1 FROM json_each(${param}) j
    LEFT JOIN order_items oi ON oi.id = json_extract(j.value, '$.orderItemId') AND oi.order_id = o.id
   WHERE oi.id IS NULL
      OR json_extract(j.value, '$.amount') > oi.amount
      OR EXISTS (SELECT 1 FROM exchange_items x WHERE x.order_item_id = oi.id AND x.active = 1))`;

/** Exchange SQL; every statement is scoped by customer id. */
export function exchangesRepo(db: D1Database) {
  return {
    list: (customerId: number) =>
      db
        .prepare(
          `SELECT id, order_id, kind, reason, refund_method, status, created_at, refund_cents FROM exchanges
            WHERE customer_id = ? ORDER BY created_at DESC, id DESC`,
        )
        .bind(customerId)
        .all<ExchangeRow>()
        .then((r) => r.results),
    items: (customerId: number) =>
      db
        .prepare(
          `SELECT x.exchange_id, x.order_item_id, oi.name, oi.size, oi.color_name, x.amount
             FROM exchange_items x JOIN exchanges e ON e.id = x.exchange_id JOIN order_items oi ON oi.id = x.order_item_id
            WHERE e.customer_id = ? ORDER BY oi.id`,
        )
        .bind(customerId)
        .all<ExchangeItemRow>()
        .then((r) => r.results),
    events: (customerId: number) =>
      db
        .prepare(
          `SELECT v.exchange_id, v.status, v.note, v.created_at
             FROM exchange_events v JOIN exchanges e ON e.id = v.exchange_id
            WHERE e.customer_id = ? ORDER BY v.id`,
        )
        .bind(customerId)
        .all<ExchangeEventRow>()
        .then((r) => r.results),
    /** Lines of the customer's orders (all of them, or one order's) with what is already requested. */
    lines: (customerId: number, orderId: number | null) =>
      db
        .prepare(
          `SELECT o.id AS order_id, oi.id AS order_item_id, oi.name, oi.size, oi.color_name, oi.amount,
                  coalesce((SELECT sum(x.amount) FROM exchange_items x WHERE x.order_item_id = oi.id AND x.active = 1), 0) AS requested,
                  o.status, o.delivered_at
             FROM orders o JOIN order_items oi ON oi.order_id = o.id
            WHERE o.customer_id = ?1 AND (?2 IS NULL OR o.id = ?2)
            ORDER BY o.id DESC, oi.id`,
        )
        .bind(customerId, orderId)
        .all<OrderLineRow>()
        .then((r) => r.results),
    /**
     * The request and its lines in one batch. The header insert re-checks everything (own order, delivered
     * since `cutoff`, every line of this order, not requested yet, amount within what was bought), so two
     * concurrent requests cannot both take the same line; the lines go to the new header only (the
     * customer's newest request that has no lines yet). Returns the new id, or null when the guard refused.
     */
    async create(customerId: number, input: ExchangeRequest, cutoff: string): Promise<number | null> {
      const items = ITEMS_JSON(input.items);
      const [header] = await db.batch([
        db
          .prepare(
            `INSERT INTO exchanges (customer_id, order_id, kind, reason, refund_method)
             SELECT ?1, o.id, ?3, ?4, ?5 FROM orders o
              WHERE o.id = ?2 AND o.customer_id = ?1 AND o.status = 'delivered' AND o.delivered_at >= ?6
                AND NOT ${lineRefused('?7')}
             RETURNING id`,
          )
          .bind(customerId, input.orderId, input.kind, input.reason, input.refund, cutoff, items),
        db
          .prepare(
            `INSERT INTO exchange_items (exchange_id, order_item_id, amount)
             SELECT e.id, json_extract(j.value, '$.orderItemId'), json_extract(j.value, '$.amount')
               FROM exchanges e, json_each(?2) j
              WHERE e.id = (SELECT max(id) FROM exchanges WHERE customer_id = ?1)
                AND NOT EXISTS (SELECT 1 FROM exchange_items y WHERE y.exchange_id = e.id)`,
          )
          .bind(customerId, items),
        db
          .prepare(
            `INSERT INTO exchange_events (exchange_id, status, created_at)
             SELECT e.id, 'requested', e.created_at FROM exchanges e
              WHERE e.id = (SELECT max(id) FROM exchanges WHERE customer_id = ?1)
                AND NOT EXISTS (SELECT 1 FROM exchange_events v WHERE v.exchange_id = e.id)`,
          )
          .bind(customerId),
      ]);
      return (header?.results[0] as { id: number } | undefined)?.id ?? null;
    },
  };
}

export type ExchangesRepo = ReturnType<typeof exchangesRepo>;
