import type { ExchangeTarget } from '../../contracts/backoffice';
import { CASHBACK_RATE_PCT, CASHBACK_VALID_DAYS } from '../cashback/rules';

const DAY = 86_400_000;

/** The status a request must be in (alias-free, on `exchanges`) for each step. */
const FROM: Record<ExchangeTarget, string> = {
  approved: "status = 'requested'",
  rejected: "status = 'requested'",
  received: "status = 'approved'",
  refunded: "status = 'received'",
  // An exchange (swap) may close without money moving; a return is refunded first.
  completed: "(status = 'refunded' OR (status = 'received' AND kind = 'exchange'))",
};

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
export function exchangeStepStatements(db: D1Database, step: ExchangeStep): D1PreparedStatement[] {
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
      .prepare('INSERT INTO exchange_events (exchange_id, status, note, operator_id, created_at) VALUES (?1, ?2, ?3, ?4, ?5)')
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
  const expires = new Date(Date.parse(at) + CASHBACK_VALID_DAYS * DAY).toISOString();
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
            AND status = 'paid'
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

/** True when a batch failed on the step guard (the request was not in a status the step may leave). */
export const isStepRefused = (error: unknown) => /NOT NULL constraint failed: exchanges\.status/i.test(String(error));
/** True when the refund found nothing left to give back on the payment. */
export const isNothingToRefund = (error: unknown) => /CHECK constraint failed/i.test(String(error)) && /payment_refunds|amount_cents > 0/i.test(String(error));
