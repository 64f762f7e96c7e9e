import { CASHBACK_AVAILABLE_AFTER_DAYS, CASHBACK_VALID_DAYS } from '../cashback/ledger';
import { BALANCE_SQL } from '../cashback/repo';

/**
 * What an order does to promotions and cashback, as statements for the order's own batch. The
 * coupon and the cashback debit are recorded against the checkout's first order id.
 */
const FIRST_ORDER = '(SELECT CAST(min(id) AS TEXT) FROM orders WHERE idempotency_key = ?)';
const DAY = 86_400_000;

/**
 * Coupon spent: `used + 1` (CHECK used <= usage_limit aborts past the limit); past the per-customer
 * limit the use row gets a NULL coupon (NOT NULL aborts); the reservation is freed. Like
 * promotions/checkout.ts, but the use is recorded against the checkout's first order, known only
 * inside the batch.
 */
export function couponUseStatements(
  db: D1Database,
  p: { couponId: number; customerId: number | null; key: string; cartId: string },
): D1PreparedStatement[] {
  return [
    db.prepare('UPDATE coupons SET used = used + 1 WHERE id = ?').bind(p.couponId),
    db
      .prepare(
        `INSERT INTO coupon_uses (coupon_id, customer_id, order_id)
         SELECT CASE WHEN c.per_customer_limit IS NULL OR (?2 IS NOT NULL AND
                  (SELECT count(*) FROM coupon_uses u WHERE u.coupon_id = c.id AND u.customer_id = ?2) < c.per_customer_limit)
                THEN c.id END, ?2, ${FIRST_ORDER.replace('?', '?3')}
           FROM coupons c WHERE c.id = ?1`,
      )
      .bind(p.couponId, p.customerId, p.key),
    db.prepare('DELETE FROM coupon_reservations WHERE cart_id = ?').bind(p.cartId),
  ];
}

/**
 * Cashback spent; the amount is NULL (NOT NULL aborts the batch) when the balance does not cover it.
 * The debit counts from the epoch: a concurrent checkout whose clock read an earlier "now" must still
 * see it, or both could spend the same balance.
 */
export function cashbackDebitStatement(
  db: D1Database,
  p: { customerId: number; amount: number; key: string; now: string },
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO cashback_entries (customer_id, amount_cents, kind, order_id, available_at)
       VALUES (?1, (SELECT -?3 WHERE ?3 > 0 AND ${BALANCE_SQL} >= ?3), 'debit', (SELECT CAST(min(id) AS TEXT) FROM orders WHERE idempotency_key = ?4),
               '1970-01-01T00:00:00.000Z')`,
    )
    .bind(p.customerId, p.now, p.amount, p.key);
}

/** The 10% accrual of every order matching `where` (alias o) that became paid at `at` (once per order). */
export function cashbackAccrualStatement(
  db: D1Database,
  where: string,
  params: unknown[],
  at: string,
): D1PreparedStatement {
  const available = new Date(Date.parse(at) + CASHBACK_AVAILABLE_AFTER_DAYS * DAY);
  const expires = new Date(available.getTime() + CASHBACK_VALID_DAYS * DAY);
  return db
    .prepare(
      `INSERT INTO cashback_entries (customer_id, amount_cents, kind, order_id, available_at, expires_at)
       SELECT o.customer_id, o.cashback_earned_cents, 'accrual', CAST(o.id AS TEXT), ?, ?
         FROM orders o WHERE ${where} AND o.customer_id IS NOT NULL AND o.cashback_earned_cents > 0
       ON CONFLICT DO NOTHING`,
    )
    .bind(available.toISOString(), expires.toISOString(), ...params);
}

/**
 * Orders that will not go ahead (expired, cancelled) give back what their checkout spent, once
 * (ADR 0009, multi-store purchases). `where` selects the orders (alias o) BEFORE their status changes,
 * so a second attempt matches nothing.
 * - Cashback spent: each order gives back its own share (`cashback_cents`, split at checkout), so the
 *   refunds of a checkout's orders add up to its one debit, whichever orders go and in what order.
 * - Coupon use: one use per checkout, given back when its last order still going goes (every other
 *   order of the checkout is already cancelled or expired).
 * - Cashback earned: each order's own accrual is reversed.
 */
export function undoStatements(db: D1Database, where: string, params: unknown[]): D1PreparedStatement[] {
  const ids = `(SELECT CAST(o.id AS TEXT) FROM orders o WHERE ${where})`;
  // The first order id (where the coupon use and the debit are recorded) of each checkout whose every
  // order is either selected now or already over.
  const ended = `(SELECT CAST(min(g.id) AS TEXT) FROM orders g
     WHERE g.idempotency_key IN (SELECT o.idempotency_key FROM orders o WHERE ${where})
     GROUP BY g.idempotency_key
    HAVING sum(CASE WHEN g.status IN ('cancelled', 'expired') OR g.id IN (SELECT o.id FROM orders o WHERE ${where}) THEN 0 ELSE 1 END) = 0)`;
  return [
    db
      .prepare(
        `UPDATE coupons SET used = used - (SELECT count(*) FROM coupon_uses u WHERE u.coupon_id = coupons.id AND u.order_id IN ${ended})
                 WHERE id IN (SELECT coupon_id FROM coupon_uses WHERE order_id IN ${ended})`,
      )
      .bind(...params),
    db.prepare(`DELETE FROM coupon_uses WHERE order_id IN ${ended}`).bind(...params),
    db
      // The share comes back under the debit's availability window, so other cashback is untouched.
      .prepare(
        `INSERT INTO cashback_entries (customer_id, amount_cents, kind, order_id, available_at, expires_at)
                SELECT d.customer_id, o.cashback_cents, 'adjustment', CAST(o.id AS TEXT), d.available_at, d.expires_at
                  FROM orders o JOIN cashback_entries d ON d.kind = 'debit' AND d.customer_id = o.customer_id
                   AND d.order_id = (SELECT CAST(min(g.id) AS TEXT) FROM orders g WHERE g.idempotency_key = o.idempotency_key)
                 WHERE ${where} AND o.cashback_cents > 0`,
      )
      .bind(...params),
    db
      .prepare(
        `INSERT INTO cashback_entries (customer_id, amount_cents, kind, order_id, available_at, expires_at)
                SELECT customer_id, -amount_cents, 'adjustment', order_id, available_at, expires_at
                  FROM cashback_entries WHERE kind = 'accrual' AND order_id IN ${ids}`,
      )
      .bind(...params),
  ];
}
