// "Tentar novamente" on orders whose payment was refused: the claim that lets exactly one retry through, and the
// bag an earlier retry used.
import { ids } from './sql';

/** An order (alias `o`) whose payment was refused at its step: cancelled, never paid, its payment failed. */
const RETRYABLE = (o: string) =>
  `${o}.status = 'cancelled' AND ${o}.paid_at IS NULL AND EXISTS (SELECT 1 FROM payments p WHERE p.id = ${o}.payment_id AND p.status = 'failed' AND p.paid_at IS NULL)`;

export function orderRetryRepo(db: D1Database) {
  return {
    /**
     * "Tentar novamente": claims ALL of `orderIds` for one retry (`nonce`), only while every one of them is
     * cancelled, never paid, with a failed payment, and none was retried yet. One statement decides and writes,
     * so of parallel retries exactly one claims; `claimed(n)` is the guard (?n = the nonce) that the other
     * statements of the retry's batch (the cart's) carry, so they act for the claiming retry only.
     */
    retryClaim(orderIds: number[], cartId: string, nonce: string, at: string) {
      const list = orderIds.map((_, i) => `?${i + 4}`).join(',');
      const statement = db
        .prepare(
          `INSERT INTO order_retries (order_id, cart_id, nonce, created_at)
           SELECT o.id, ?1, ?2, ?3 FROM orders o
            WHERE o.id IN (${list})
              AND NOT EXISTS (SELECT 1 FROM orders x WHERE x.id IN (${list}) AND NOT (${RETRYABLE('x')}))
              AND NOT EXISTS (SELECT 1 FROM order_retries r WHERE r.order_id IN (${list}))`,
        )
        .bind(cartId, nonce, at, ...orderIds);
      return { statement, claimed: (n: number) => `EXISTS (SELECT 1 FROM order_retries WHERE nonce = ?${n})`, nonce };
    },
    /** The bag an earlier retry of any of these orders put their products in. */
    async retriedCart(orderIds: number[]): Promise<string | null> {
      const row = await db
        .prepare(`SELECT cart_id FROM order_retries WHERE order_id IN (${ids(orderIds)}) ORDER BY created_at LIMIT 1`)
        .bind(...orderIds)
        .first<{ cart_id: string }>();
      return row?.cart_id ?? null;
    },
  };
}
