import { DAY_MS } from '../../lib/format/dates';
import type { BackofficeExchangesQuery, BackofficeOrdersQuery } from '../../contracts/backoffice';
import { BACKOFFICE_PAGE_SIZE } from '../../contracts/backoffice';
import type { BackofficePayment, ExchangeTarget } from '../../contracts/backoffice';
import { CASHBACK_RATE_PCT, CASHBACK_VALID_DAYS } from '../cashback/rules';
import type { ExchangeEventRow, ExchangeItemRow, ExchangeRow } from '../exchanges/exchange-rows';
import { dict } from '../../lib/security/dict';

interface PayoutColumns {
  bank: string | null;
  agency: string | null;
  account: string | null;
  holderCpf: string | null;
  paidOutAt: string | null;
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

/** The status a request must be in (alias-free, on `exchanges`) for each step. */
const FROM: Record<ExchangeTarget, string> = dict({
  approved: "status = 'requested'",
  rejected: "status = 'requested'",
  received: "status = 'approved'",
  refunded: "status = 'received'",
  // An exchange (swap) may close without money moving; a return is refunded first.
  completed: "(status = 'refunded' OR (status = 'received' AND kind = 'exchange'))",
});

/** Value of the request's goods as paid: the lines' prices less the order's proportional discount. */
const GOODS_SQL = `(SELECT CAST(sum(oi.unit_price_cents * x.amount) * (o.subtotal_cents - o.discount_cents) / max(o.subtotal_cents, 1) AS INTEGER)
    FROM exchange_items x JOIN order_items oi ON oi.id = x.order_item_id JOIN orders o ON o.id = oi.order_id
   WHERE x.exchange_id = exchanges.id)`;
/** What the order's payment can still give back (what it took, less earlier refunds). */
const PAYMENT_LEFT_SQL = `(SELECT p.amount_cents - coalesce((SELECT sum(r.amount_cents) FROM payment_refunds r WHERE r.payment_id = p.id), 0)
    FROM orders o JOIN payments p ON p.id = o.payment_id WHERE o.id = exchanges.order_id)`;
const REFUND_SQL = `CASE refund_method WHEN 'cashback' THEN ${GOODS_SQL} ELSE min(${GOODS_SQL}, ${PAYMENT_LEFT_SQL}) END`;

export interface ExchangeStep {
  id: number;
  to: ExchangeTarget;
  operatorId: number;
  note: string | null;
  now: Date;
}

/**
 * One step of a request as ONE batch. The first statement is the guard: when the request is not in a
 * status the step may leave, its new status is NULL and the NOT NULL constraint aborts the whole batch,
 * so a double click or a concurrent call changes (and refunds) nothing the second time. Everything
 * after it runs only inside a batch whose guard passed.
 */
function exchangeStepStatements(db: D1Database, step: ExchangeStep): D1PreparedStatement[] {
  const at = step.now.toISOString();
  const refund = step.to === 'refunded';
  const statements = [
    db
      .prepare(
        `UPDATE exchanges SET status = CASE WHEN ${FROM[step.to]} THEN ?2 END, updated_at = ?3
                ${refund ? `, refund_cents = ${REFUND_SQL}, refunded_at = ?3` : ''}
          WHERE id = ?1`,
      )
      .bind(step.id, step.to, at),
    db
      .prepare(
        'INSERT INTO exchange_events (exchange_id, status, note, operator_id, created_at) VALUES (?1, ?2, ?3, ?4, ?5)',
      )
      .bind(step.id, step.to, step.note, step.operatorId, at),
  ];
  // A rejected request frees its order lines: the customer may ask again.
  if (step.to === 'rejected')
    statements.push(db.prepare('UPDATE exchange_items SET active = 0 WHERE exchange_id = ?').bind(step.id));
  if (refund) statements.push(...refundStatements(db, step.id, at));
  return statements;
}

/** The refund of a request whose status just became `refunded` (its refund_cents already set). */
function refundStatements(db: D1Database, id: number, at: string): D1PreparedStatement[] {
  const expires = new Date(Date.parse(at) + CASHBACK_VALID_DAYS * DAY_MS).toISOString();
  return [
    // Cashback: a credit available now (unique per request: cashback_entries_once_per_exchange).
    db
      .prepare(
        `INSERT INTO cashback_entries (customer_id, amount_cents, kind, order_id, available_at, expires_at)
         SELECT customer_id, refund_cents, 'adjustment', 'exchange:' || id, ?2, ?3 FROM exchanges
          WHERE id = ?1 AND refund_method = 'cashback' AND refund_cents > 0`,
      )
      .bind(id, at, expires),
    // Original method: recorded against the order's payment (UNIQUE exchange_id; amount > 0 or abort).
    db
      .prepare(
        `INSERT INTO payment_refunds (payment_id, order_id, exchange_id, amount_cents, created_at)
         SELECT o.payment_id, o.id, e.id, e.refund_cents, ?2 FROM exchanges e JOIN orders o ON o.id = e.order_id
          WHERE e.id = ?1 AND e.refund_method = 'original'`,
      )
      .bind(id, at),
    db
      .prepare(
        `UPDATE payments SET status = 'refunded', updated_at = ?2
          WHERE id = (SELECT o.payment_id FROM exchanges e JOIN orders o ON o.id = e.order_id WHERE e.id = ?1)
            AND status = 'paid' AND provider_charge_id IS NULL
            AND (SELECT sum(amount_cents) FROM payment_refunds WHERE payment_id = payments.id) >= amount_cents`,
      )
      .bind(id, at),
    // The 10% the returned goods earned is taken back, in the accrual's own availability window.
    db
      .prepare(
        `INSERT INTO cashback_entries (customer_id, amount_cents, kind, order_id, available_at, expires_at)
         SELECT a.customer_id, -min(a.amount_cents, e.refund_cents * ${CASHBACK_RATE_PCT} / 100), 'adjustment',
                'exchange:' || e.id || ':accrual', a.available_at, a.expires_at
           FROM exchanges e JOIN cashback_entries a ON a.kind = 'accrual' AND a.order_id = CAST(e.order_id AS TEXT)
          WHERE e.id = ?1 AND e.refund_cents * ${CASHBACK_RATE_PCT} / 100 > 0`,
      )
      .bind(id),
  ];
}

export function backofficeRepo(db: D1Database) {
  return {
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
    /** The payment of order `orderId` as its provider holds it: ids, statuses, its events (newest first) and refunds. */
    async orderPayment(orderId: number): Promise<BackofficePayment | null> {
      const payment = await db
        .prepare(
          `SELECT p.id, p.provider, p.method_id AS methodId, p.status, p.provider_reference AS reference,
                  coalesce(p.pix_txid, p.provider_charge_id) AS chargeId, p.charged_cents AS charged,
                  p.provider_closed_at AS closedAt
             FROM payments p JOIN orders o ON o.payment_id = p.id WHERE o.id = ?`,
        )
        .bind(orderId)
        .first<Omit<BackofficePayment, 'orders' | 'events' | 'refunds' | 'providerStatus' | 'providerStatusAt'>>();
      if (!payment) return null;
      const [orders, events, refunds] = await db.batch([
        db.prepare('SELECT id, total_cents AS total FROM orders WHERE payment_id = ? ORDER BY id').bind(payment.id),
        db
          .prepare(
            `SELECT source, event_id AS eventId, provider_status AS providerStatus, outcome, received_at AS at
               FROM payment_events WHERE payment_id = ? ORDER BY id DESC LIMIT 50`,
          )
          .bind(payment.id),
        db
          .prepare(
            `SELECT r.id, r.order_id AS orderId, r.amount_cents AS amount, r.status, r.provider_refund_id AS providerRefundId,
                    r.created_at AS at, x.bank, x.agency, x.account, x.holder_cpf AS holderCpf, x.paid_out_at AS paidOutAt
               FROM payment_refunds r LEFT JOIN refund_payouts x ON x.refund_id = r.id WHERE r.payment_id = ? ORDER BY r.id`,
          )
          .bind(payment.id),
      ]);
      const eventRows = events!.results as BackofficePayment['events'];
      return {
        ...payment,
        orders: orders!.results as BackofficePayment['orders'],
        providerStatus: eventRows[0]?.providerStatus ?? null,
        providerStatusAt: eventRows[0]?.at ?? null,
        events: eventRows,
        refunds: (refunds!.results as (Omit<BackofficePayment['refunds'][number], 'payout'> & PayoutColumns)[]).map(
          ({ bank, agency, account, holderCpf, paidOutAt, ...r }) => ({
            ...r,
            payout: bank ? { bank, agency: agency!, account: account!, holderCpf: holderCpf!, paidOutAt } : null,
          }),
        ),
      };
    },
    /** One step of an exchange request as ONE guarded batch (exchangeStepStatements); throws when a guard aborts it. */
    async exchangeStep(step: ExchangeStep, also: D1PreparedStatement[] = []): Promise<void> {
      await db.batch([...exchangeStepStatements(db, step), ...also]);
    },
  };
}

export type BackofficeRepo = ReturnType<typeof backofficeRepo>;
