import { eventClaimsRepo } from './claims-repo';

/** A payment a live provider reports on, with how many orders claimed it. */
export interface LivePaymentRow {
  id: number;
  status: string;
  charged_cents: number;
  orders: number;
}

const inList = (values: string[]) => values.map(() => '?').join(',');

/** The SQL of acting on what live providers report (payments/live/events.ts); the events' ledger is claims-repo.ts. */
export function liveEventsRepo(db: D1Database) {
  return {
    ...eventClaimsRepo(db),
    /**
     * The payment a provider's id points at, among those stored under one of `stored` (a live provider's
     * names). The checkout keeps our reference in provider_reference and the provider's id (Pix txid, Inter's
     * code, Rede's tid, PayPal's order id) in provider_charge_id (pix_txid too for Pix); /api/paypal/create likewise.
     */
    async payment(ref: string, stored: string[]): Promise<LivePaymentRow | null> {
      return db
        .prepare(
          `SELECT p.id, p.status, p.charged_cents, (SELECT count(*) FROM orders o WHERE o.payment_id = p.id) AS orders
             FROM payments p WHERE (p.provider_reference = ?1 OR p.pix_txid = ?1 OR p.provider_charge_id = ?1) AND p.provider IN (${inList(stored)})`,
        )
        .bind(ref, ...stored)
        .first<LivePaymentRow>();
    },
    async statusOf(paymentId: number): Promise<string | null> {
      return (
        (await db.prepare('SELECT status FROM payments WHERE id = ?').bind(paymentId).first<{ status: string }>())
          ?.status ?? null
      );
    },
    /**
     * Money given back for a payment we no longer honour, against its first order (once per provider refund); a
     * cancelled payment is then closed at its provider (nothing held: payments/cancel.ts has nothing left to do).
     */
    async recordLateRefund(
      paymentId: number,
      amountCents: number,
      at: string,
      refund: { providerRefundId: string; status: 'pending' | 'done'; key: string },
    ): Promise<void> {
      await db.batch([
        db
          .prepare(
            `INSERT OR IGNORE INTO payment_refunds (payment_id, order_id, amount_cents, created_at, provider_refund_id, status, refund_key)
             SELECT ?1, min(o.id), ?2, ?3, ?4, ?5, ?6 FROM orders o WHERE o.payment_id = ?1 HAVING min(o.id) IS NOT NULL AND ?2 > 0`,
          )
          .bind(paymentId, amountCents, at, refund.providerRefundId, refund.status, refund.key),
        db
          .prepare(
            "UPDATE payments SET provider_closed_at = ?2 WHERE id = ?1 AND status = 'cancelled' AND provider_closed_at IS NULL",
          )
          .bind(paymentId, at),
      ]);
    },
    /** The provider says the charge expired: the payment's and its pending orders' deadline brought forward to `at`. */
    async deadlineNow(paymentId: number, at: string): Promise<void> {
      const sooner = "status = 'pending' AND (expires_at IS NULL OR expires_at > ?2)";
      await db.batch([
        db.prepare(`UPDATE orders SET expires_at = ?2 WHERE payment_id = ?1 AND ${sooner}`).bind(paymentId, at),
        db.prepare(`UPDATE payments SET expires_at = ?2 WHERE id = ?1 AND ${sooner}`).bind(paymentId, at),
      ]);
    },
    /**
     * The provider ids of payments still pending with one of `stored`, or expired since `since`, oldest first
     * (the cron's reconciliation).
     */
    async pendingRefs(stored: string[], since: string, limit: number, paymentId?: number): Promise<string[]> {
      const { results } = await db
        .prepare(
          `SELECT coalesce(pix_txid, provider_charge_id, provider_reference) AS ref FROM payments
            WHERE (status = 'pending' OR (status = 'expired' AND updated_at >= ?))
              AND provider_reference IS NOT NULL AND provider IN (${inList(stored)}) ${paymentId === undefined ? '' : 'AND id = ?'}
            ORDER BY id LIMIT ?`,
        )
        .bind(since, ...stored, ...(paymentId === undefined ? [] : [paymentId]), limit)
        .all<{ ref: string }>();
      return results.map((r) => r.ref);
    },
  };
}
export type LiveEventsRepo = ReturnType<typeof liveEventsRepo>;
