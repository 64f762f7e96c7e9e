// The payments' statements that join other domains' batches: the payment lifecycle (expiry, paid, failed) and an
// order's cancel (its refund, its unpaid payment), each step one batch so it happens together or not at all.
import type { GiveBack } from '../d1';
import { CASHBACK_ACCRUAL_SQL } from '../cashback/repo';

/** The orders (alias o) of a payment ?1 that failed at ?2, still pending. */
const FAILED =
  "o.payment_id = ?1 AND o.status = 'pending' AND EXISTS (SELECT 1 FROM payments WHERE id = ?1 AND status = 'failed' AND updated_at = ?2)";
/** Unpaid orders (alias o) past their deadline ?1. */
const DUE = "o.status = 'pending' AND o.expires_at IS NOT NULL AND o.expires_at <= ?1";

export function paymentStatementsRepo(db: D1Database) {
  return {
    /**
     * The payment lifecycle, each step ONE batch whose statements share the same WHERE, so the status
     * change, its timeline event and what the orders give back happen together or not at all, and a
     * second concurrent attempt changes nothing. Expiry: every unpaid order (and unclaimed PayPal
     * payment) past its deadline; the last statement's changes count the expired orders.
     */
    expireStatements(at: string, giveBack: GiveBack): D1PreparedStatement[] {
      return [
        ...giveBack(DUE, [at]),
        db
          .prepare(
            `INSERT INTO order_events (order_id, status, note, created_at) SELECT o.id, 'expired', 'Pagamento não identificado no prazo', ?1 FROM orders o WHERE ${DUE}`,
          )
          .bind(at),
        db
          .prepare(
            `UPDATE payments SET status = 'expired', updated_at = ?1 WHERE status = 'pending' AND id IN (SELECT o.payment_id FROM orders o WHERE ${DUE})`,
          )
          .bind(at),
        db
          .prepare(
            "UPDATE payments SET status = 'expired', updated_at = ?1 WHERE status = 'pending' AND expires_at <= ?1 AND idempotency_key LIKE 'paypal:%'",
          )
          .bind(at),
        db.prepare(`UPDATE orders AS o SET status = 'expired', updated_at = ?1 WHERE ${DUE}`).bind(at),
      ];
    },
    /**
     * A pending payment confirmed, or an authorized one captured: its orders become paid and earn
     * cashback (`accrual`, from the cashback repo). The first statement's changes say whether it was
     * still payable.
     */
    paidStatements(
      paymentId: number,
      at: string,
      accrual: (where: string, params: unknown[], at: string) => D1PreparedStatement,
    ): D1PreparedStatement[] {
      return [
        db
          .prepare(
            // An authorized payment was captured (whatever its step deadline: the money is taken).
            // Never for a payment whose orders all went away (cancelled/expired): that money goes back (payments/cancel.ts).
            `UPDATE payments SET status = 'paid', paid_at = ?2, updated_at = ?2 WHERE id = ?1 AND (status = 'authorized' OR (status = 'pending' AND (expires_at IS NULL OR expires_at > ?2)))
               AND (EXISTS (SELECT 1 FROM orders WHERE payment_id = ?1 AND status = 'pending') OR NOT EXISTS (SELECT 1 FROM orders WHERE payment_id = ?1))`,
          )
          .bind(paymentId, at),
        db
          .prepare(
            `UPDATE orders SET status = 'paid', paid_at = ?2, updated_at = ?2, expires_at = NULL, cashback_earned_cents = ${CASHBACK_ACCRUAL_SQL}
              WHERE payment_id = ?1 AND status = 'pending' AND EXISTS (SELECT 1 FROM payments WHERE id = ?1 AND status = 'paid' AND paid_at = ?2)`,
          )
          .bind(paymentId, at),
        db
          .prepare(
            "INSERT INTO order_events (order_id, status, note, created_at) SELECT id, 'paid', 'Pagamento confirmado', ?2 FROM orders WHERE payment_id = ?1 AND status = 'paid' AND paid_at = ?2",
          )
          .bind(paymentId, at),
        // A purchase of several orders (one per package) paid after some were cancelled: their share of the money goes
        // back (recorded here, sent to the provider by refunds.ts — the cron). Once per order (unique index).
        db
          .prepare(
            `INSERT OR IGNORE INTO payment_refunds (payment_id, order_id, amount_cents, created_at)
             SELECT ?1, o.id, o.total_cents, ?2 FROM orders o
              WHERE o.payment_id = ?1 AND o.status IN ('cancelled', 'expired') AND o.paid_at IS NULL AND o.total_cents > 0
                AND EXISTS (SELECT 1 FROM payments WHERE id = ?1 AND status = 'paid' AND paid_at = ?2)`,
          )
          .bind(paymentId, at),
        accrual("o.payment_id = ? AND o.status = 'paid' AND o.paid_at = ?", [paymentId, at], at),
      ];
    },
    /** A pending payment failed or was refused at its step: its orders are cancelled and give back. */
    failStatements(paymentId: number, at: string, note: string, giveBack: GiveBack): D1PreparedStatement[] {
      return [
        db
          .prepare("UPDATE payments SET status = 'failed', updated_at = ?2 WHERE id = ?1 AND status = 'pending'")
          .bind(paymentId, at),
        ...giveBack(FAILED, [paymentId, at]),
        db
          .prepare(
            `INSERT INTO order_events (order_id, status, note, created_at) SELECT o.id, 'cancelled', ?3, ?2 FROM orders o WHERE ${FAILED}`,
          )
          .bind(paymentId, at, note),
        db
          .prepare(`UPDATE orders AS o SET status = 'cancelled', cancelled_at = ?2, updated_at = ?2 WHERE ${FAILED}`)
          .bind(paymentId, at),
      ];
    },
    /**
     * A paid order that is cancelled gives its money back: a refund of its total (capped at what its payment
     * still holds) is recorded against the payment, which turns `refunded` once fully given back. `where`
     * selects the order (alias o) BEFORE its status changes; one refund per order (migration 0010 index).
     */
    cancelRefundStatements(where: string, params: unknown[], at: string): D1PreparedStatement[] {
      const stamp = `?${params.length + 1}`;
      const left = `(p.amount_cents - coalesce((SELECT sum(r.amount_cents) FROM payment_refunds r WHERE r.payment_id = p.id), 0))`;
      return [
        db
          .prepare(
            `INSERT INTO payment_refunds (payment_id, order_id, amount_cents, created_at)
             SELECT p.id, o.id, min(o.total_cents, ${left}), ${stamp} FROM orders o JOIN payments p ON p.id = o.payment_id
              WHERE ${where} AND o.status IN ('paid', 'invoiced') AND p.status = 'paid' AND min(o.total_cents, ${left}) > 0`,
          )
          .bind(...params, at),
        // Recorded-only (sandbox) refunds are done here; a live charge's when its provider says so (refundSent).
        db
          .prepare(
            `UPDATE payments SET status = 'refunded', updated_at = ${stamp}
              WHERE status = 'paid' AND provider_charge_id IS NULL AND id IN (SELECT o.payment_id FROM orders o WHERE ${where})
                AND (SELECT sum(amount_cents) FROM payment_refunds WHERE payment_id = payments.id) >= amount_cents`,
          )
          .bind(...params, at),
      ];
    },
    /**
     * The cancel batch's part (orders/lifecycle.ts advanceOrder): an unpaid payment none of whose orders goes ahead
     * any more is `cancelled` together with its last order, so money the provider reports for it later is refunded
     * (live/events.ts refundLate, payments/cancel.ts), never taken. `where` selects the order (alias o) BEFORE its
     * status changes, so a repeated or concurrent cancel matches nothing. An `authorized` payment stays as it is until
     * its provider confirms the void (closeCancelled / the cron's captureAuthorized).
     */
    cancelUnpaidStatements(where: string, params: unknown[], at: string): D1PreparedStatement[] {
      const stamp = `?${params.length + 1}`;
      return [
        db
          .prepare(
            `UPDATE payments SET status = 'cancelled', updated_at = ${stamp}
              WHERE status = 'pending' AND id IN (SELECT o.payment_id FROM orders o WHERE ${where} AND o.status = 'pending')
                AND NOT EXISTS (SELECT 1 FROM orders x WHERE x.payment_id = payments.id AND x.status NOT IN ('cancelled', 'expired')
                                  AND x.id NOT IN (SELECT o.id FROM orders o WHERE ${where}))`,
          )
          .bind(...params, at),
      ];
    },
  };
}
