// Live payments still to settle at their provider after checkout: authorized ones to capture or void, and
// ones we no longer honour to close (payments/charge.ts, payments/cancel.ts).

/** An authorized payment whose capture failed at checkout, with where its orders stand. */
export interface AuthorizedRow {
  id: number;
  provider: string;
  reference: string;
  chargeId: string | null;
  methodId: number;
  amount: number;
  /** 1 while every order of the payment is still pending. */
  allPending: number;
  /** 1 once none of its orders goes ahead (all cancelled or expired). */
  noneLeft: number;
}

/** A payment we no longer honour, still to be closed at its provider (payments/cancel.ts). */
export interface ClosingRow {
  id: number;
  provider: string;
  status: string;
  reference: string;
  chargeId: string;
  methodId: number;
  amount: number;
}

export function paymentClosingRepo(db: D1Database) {
  return {
    /** Authorized payments with orders (their capture failed at checkout), 50 at a time. */
    async authorizedWithOrders(paymentId?: number): Promise<AuthorizedRow[]> {
      const { results } = await db
        .prepare(
          `SELECT p.id, p.provider, p.provider_reference AS reference, p.provider_charge_id AS chargeId, p.method_id AS methodId,
                  p.charged_cents AS amount,
                  NOT EXISTS (SELECT 1 FROM orders o WHERE o.payment_id = p.id AND o.status != 'pending') AS allPending,
                  NOT EXISTS (SELECT 1 FROM orders o WHERE o.payment_id = p.id AND o.status NOT IN ('cancelled', 'expired')) AS noneLeft
             FROM payments p WHERE p.status = 'authorized' AND EXISTS (SELECT 1 FROM orders o WHERE o.payment_id = p.id)
              AND (?1 IS NULL OR p.id = ?1)
            ORDER BY p.id LIMIT 50`,
        )
        .bind(paymentId ?? null)
        .all<AuthorizedRow>();
      return results;
    },
    /** An authorization voided at the provider: the payment is cancelled. */
    async cancelAuthorized(id: number, now: Date): Promise<void> {
      await db
        .prepare(
          "UPDATE payments SET status = 'cancelled', provider_closed_at = ?1, updated_at = ?1 WHERE id = ?2 AND status = 'authorized'",
        )
        .bind(now.toISOString(), id)
        .run();
    },
    /**
     * Live payments we no longer honour whose provider has not confirmed that nothing is held (payments/cancel.ts):
     * cancelled ones, and authorized ones none of whose orders goes ahead. `only` narrows them to one order's or one
     * payment's. Oldest first, 50 at a time.
     */
    async toClose(only: { orderId?: number; paymentId?: number } = {}): Promise<ClosingRow[]> {
      const filters: string[] = [];
      const params: unknown[] = [];
      if (only.orderId !== undefined) {
        filters.push('AND p.id = (SELECT payment_id FROM orders WHERE id = ?)');
        params.push(only.orderId);
      }
      if (only.paymentId !== undefined) {
        filters.push('AND p.id = ?');
        params.push(only.paymentId);
      }
      const { results } = await db
        .prepare(
          `SELECT p.id, p.provider, p.status, p.provider_reference AS reference, p.provider_charge_id AS chargeId,
                  p.method_id AS methodId, p.charged_cents AS amount
             FROM payments p
            WHERE p.provider_charge_id IS NOT NULL AND p.provider_closed_at IS NULL
              AND (p.status = 'cancelled'
                   OR (p.status = 'authorized' AND EXISTS (SELECT 1 FROM orders o WHERE o.payment_id = p.id)
                       AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.payment_id = p.id AND o.status NOT IN ('cancelled', 'expired'))))
              ${filters.join(' ')}
            ORDER BY p.id LIMIT 50`,
        )
        .bind(...params)
        .all<ClosingRow>();
      return results;
    },
    /**
     * The provider confirmed nothing is held for payment `id` (withdrawn, voided, lapsed): it is closed, and an
     * authorized one is cancelled. With `refund`, money that had arrived was refunded first: recorded against the
     * payment's first order in the same batch. Guarded by the payment still being open, so it happens once.
     */
    async close(
      id: number,
      at: string,
      refund?: {
        amountCents: number;
        providerRefundId: string | null;
        status: 'pending' | 'done' | 'owed';
        key: string;
      },
    ): Promise<boolean> {
      const open = "provider_closed_at IS NULL AND status IN ('cancelled', 'authorized')";
      const statements = [
        ...(refund
          ? [
              db
                .prepare(
                  `INSERT OR IGNORE INTO payment_refunds (payment_id, order_id, amount_cents, created_at, provider_refund_id, status, refund_key)
                   SELECT ?1, min(o.id), ?2, ?3, ?4, ?5, ?6 FROM orders o
                    WHERE o.payment_id = ?1 AND EXISTS (SELECT 1 FROM payments WHERE id = ?1 AND ${open})
                   HAVING min(o.id) IS NOT NULL AND ?2 > 0`,
                )
                .bind(id, refund.amountCents, at, refund.providerRefundId, refund.status, refund.key),
            ]
          : []),
        db
          .prepare(
            `UPDATE payments SET status = 'cancelled', provider_closed_at = ?2, updated_at = ?2 WHERE id = ?1 AND ${open}`,
          )
          .bind(id, at),
      ];
      const results = await db.batch(statements);
      return (results.at(-1)?.meta.changes ?? 0) > 0;
    },
  };
}
