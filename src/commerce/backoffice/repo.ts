import type { BackofficeExchangesQuery, BackofficeOrdersQuery } from '../../contracts/backoffice';
import { BACKOFFICE_PAGE_SIZE } from '../../contracts/backoffice';
import type { ExchangeEventRow, ExchangeItemRow, ExchangeRow } from '../exchanges/repo';

export interface OperatorRow {
  id: number;
  name: string;
  email: string;
  super_user: number;
}

export interface OrderListRow {
  id: number;
  status: string;
  created_at: string;
  name: string;
  email: string;
  items_count: number;
  total_cents: number;
  payment_method_id: number;
  tracking_code: string | null;
}

export interface OperatorExchangeRow extends ExchangeRow {
  customer_id: number;
  customer_name: string;
  customer_email: string;
}

const EXCHANGE_COLUMNS = `e.id, e.order_id, e.kind, e.reason, e.refund_method, e.status, e.created_at, e.refund_cents,
  e.customer_id, c.name AS customer_name, c.email AS customer_email`;
const offset = (page: number) => (page - 1) * BACKOFFICE_PAGE_SIZE;
/** `?` placeholders for a list of ids (bound in order). */
const marks = (ids: number[]) => ids.map(() => '?').join(',');

/** Back-office reads: every order and request of the store (the caller has checked the operator). */
export function backofficeRepo(db: D1Database) {
  return {
    operator: (customerId: number) =>
      db.prepare('SELECT id, name, email, super_user FROM customers WHERE id = ?').bind(customerId).first<OperatorRow>(),
    async orders(query: BackofficeOrdersQuery): Promise<{ rows: OrderListRow[]; total: number }> {
      // The search is a plain substring (instr), so `%` and `_` typed by the operator match themselves.
      const where = `(?1 IS NULL OR o.status = ?1) AND (?2 IS NULL OR CAST(o.id AS TEXT) = ?2
        OR instr(lower(o.email), lower(?2)) > 0 OR instr(lower(o.name), lower(?2)) > 0)`;
      const params = [query.status ?? null, query.q?.replace(/^(n[º°o]\s*|#)/i, '') ?? null];
      const [rows, total] = await db.batch([
        db
          .prepare(
            `SELECT o.id, o.status, o.created_at, o.name, o.email, o.total_cents, o.payment_method_id, o.tracking_code,
                    (SELECT coalesce(sum(amount), 0) FROM order_items WHERE order_id = o.id) AS items_count
               FROM orders o WHERE ${where} ORDER BY o.id DESC LIMIT ?3 OFFSET ?4`,
          )
          .bind(...params, BACKOFFICE_PAGE_SIZE, offset(query.page)),
        db.prepare(`SELECT count(*) AS n FROM orders o WHERE ${where}`).bind(...params),
      ]);
      return { rows: rows!.results as OrderListRow[], total: (total!.results[0] as { n: number }).n };
    },
    async exchanges(
      query: BackofficeExchangesQuery & { orderId?: number; id?: number },
    ): Promise<{ rows: OperatorExchangeRow[]; total: number }> {
      const where = `(?1 IS NULL OR e.status = ?1) AND (?2 IS NULL OR e.order_id = ?2) AND (?3 IS NULL OR e.id = ?3)`;
      const params = [query.status ?? null, query.orderId ?? null, query.id ?? null];
      // The queue is worked oldest first: what waits longest comes on top.
      const [rows, total] = await db.batch([
        db
          .prepare(
            `SELECT ${EXCHANGE_COLUMNS} FROM exchanges e JOIN customers c ON c.id = e.customer_id
              WHERE ${where} ORDER BY e.created_at, e.id LIMIT ?4 OFFSET ?5`,
          )
          .bind(...params, BACKOFFICE_PAGE_SIZE, offset(query.page)),
        db.prepare(`SELECT count(*) AS n FROM exchanges e WHERE ${where}`).bind(...params),
      ]);
      return { rows: rows!.results as OperatorExchangeRow[], total: (total!.results[0] as { n: number }).n };
    },
    async exchangeDetails(ids: number[]): Promise<{ items: ExchangeItemRow[]; events: ExchangeEventRow[] }> {
      if (ids.length === 0) return { items: [], events: [] };
      const [items, events] = await db.batch([
        db
          .prepare(
            `SELECT x.exchange_id, x.order_item_id, oi.name, oi.size, oi.color_name, x.amount
               FROM exchange_items x JOIN order_items oi ON oi.id = x.order_item_id
              WHERE x.exchange_id IN (${marks(ids)}) ORDER BY oi.id`,
          )
          .bind(...ids),
        db
          .prepare(
            `SELECT exchange_id, status, note, created_at FROM exchange_events
              WHERE exchange_id IN (${marks(ids)}) ORDER BY id`,
          )
          .bind(...ids),
      ]);
      return { items: items!.results as ExchangeItemRow[], events: events!.results as ExchangeEventRow[] };
    },
  };
}

export type BackofficeRepo = ReturnType<typeof backofficeRepo>;
