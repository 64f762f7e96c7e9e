// Refunds: those the providers make (sent, pending, settled) and those owed by bank transfer (a paid boleto's).

/** A refund owed by transfer (a paid boleto's) and the account its shopper gave for it, if any. */
export interface OwedRefundRow {
  id: number;
  amount: number;
  bank: string | null;
  agency: string | null;
  account: string | null;
  holderCpf: string | null;
  paidOutAt: string | null;
}

/** A refund recorded in D1 that its provider has not made yet (payments/refunds.ts). */
export interface UnsentRefund {
  id: number;
  /** Our idempotency id at the provider (NULL: the default `VTRRF<id>`). */
  refundKey: string | null;
  amount: number;
  provider: string;
  methodId: number;
  reference: string;
  chargeId: string;
}

export function paymentRefundsRepo(db: D1Database) {
  /** A paid payment becomes `refunded` once the refunds its provider says are done cover it (refund row ?1). */
  const refundedWhenCovered = (refundId: number) =>
    db
      .prepare(
        `UPDATE payments SET status = 'refunded', updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
          WHERE id = (SELECT payment_id FROM payment_refunds WHERE id = ?1) AND status = 'paid'
            AND (SELECT coalesce(sum(amount_cents), 0) FROM payment_refunds WHERE payment_id = payments.id AND status = 'done') >= amount_cents`,
      )
      .bind(refundId);
  return {
    /**
     * Refunds recorded in D1 (`payment_refunds`) that no provider has made yet, of live charges only (they carry
     * `provider_charge_id`), oldest first, 50 at a time; `only` narrows them to one order or one exchange.
     */
    async unsentRefunds(only: { orderId?: number; exchangeId?: number } = {}): Promise<UnsentRefund[]> {
      const filters: string[] = [];
      const params: unknown[] = [];
      for (const [column, value] of [
        ['order_id', only.orderId],
        ['exchange_id', only.exchangeId],
      ] as const) {
        if (value === undefined) continue;
        filters.push(`AND r.${column} = ?`);
        params.push(value);
      }
      const { results } = await db
        .prepare(
          `SELECT r.id, r.refund_key AS refundKey, r.amount_cents AS amount, p.provider, p.method_id AS methodId,
                  p.provider_reference AS reference, p.provider_charge_id AS chargeId
             FROM payment_refunds r JOIN payments p ON p.id = r.payment_id
            WHERE r.provider_refund_id IS NULL AND r.status IS NULL AND p.provider_charge_id IS NOT NULL ${filters.join(' ')}
            ORDER BY r.id LIMIT 50`,
        )
        .bind(...params)
        .all<UnsentRefund>();
      return results;
    },
    /**
     * The provider answered refund `id`: its refund id (stored once: a retry keeps the first) and status; once the
     * payment's done refunds cover it, the payment is `refunded` — in the same batch.
     */
    async refundSent(id: number, providerRefundId: string, status: 'pending' | 'done'): Promise<void> {
      await db.batch([
        db
          .prepare(
            'UPDATE payment_refunds SET provider_refund_id = ?1, status = ?2 WHERE id = ?3 AND provider_refund_id IS NULL',
          )
          .bind(providerRefundId, status, id),
        refundedWhenCovered(id),
      ]);
    },
    /** A refund the provider cannot make (boleto: no refund API): owed to the shopper, paid out by bank transfer. */
    async refundOwed(id: number): Promise<void> {
      await db.prepare("UPDATE payment_refunds SET status = 'owed' WHERE id = ? AND status IS NULL").bind(id).run();
    },
    /** The refund owed by transfer for order `orderId` of customer `customerId` (or paid out), with the account given. */
    async owedRefund(orderId: number, customerId: number) {
      return db
        .prepare(
          `SELECT r.id, r.amount_cents AS amount, x.bank, x.agency, x.account, x.holder_cpf AS holderCpf, x.paid_out_at AS paidOutAt
             FROM payment_refunds r JOIN orders o ON o.id = r.order_id LEFT JOIN refund_payouts x ON x.refund_id = r.id
            WHERE r.order_id = ? AND o.customer_id = ? AND (r.status = 'owed' OR x.paid_out_at IS NOT NULL)
            ORDER BY r.id LIMIT 1`,
        )
        .bind(orderId, customerId)
        .first<OwedRefundRow>();
    },
    /** The shopper's account for an owed refund (again: replaced), while it is not paid out; false when it is no longer owed. */
    async giveRefundBank(
      refundId: number,
      d: { bank: string; agency: string; account: string; holderCpf: string },
      at: string,
    ): Promise<boolean> {
      const result = await db
        .prepare(
          `INSERT INTO refund_payouts (refund_id, bank, agency, account, holder_cpf, given_at)
           SELECT id, ?2, ?3, ?4, ?5, ?6 FROM payment_refunds WHERE id = ?1 AND status = 'owed'
           ON CONFLICT (refund_id) DO UPDATE SET bank = excluded.bank, agency = excluded.agency, account = excluded.account,
             holder_cpf = excluded.holder_cpf, given_at = excluded.given_at WHERE refund_payouts.paid_out_at IS NULL`,
        )
        .bind(refundId, d.bank, d.agency, d.account, d.holderCpf, at)
        .run();
      return (result.meta.changes ?? 0) > 0;
    },
    /**
     * The back office made the transfer: ONE batch — the refund `owed → done` (only with an account given), the payout
     * dated, and the payment `refunded` once its done refunds cover it. False when nothing matched (not owed, no account).
     */
    async refundPaidOut(
      refundId: number,
      orderId: number,
      at: string,
      also: D1PreparedStatement[] = [],
    ): Promise<boolean> {
      const [done] = await db.batch([
        db
          .prepare(
            `UPDATE payment_refunds SET status = 'done' WHERE id = ?1 AND order_id = ?2 AND status = 'owed'
               AND EXISTS (SELECT 1 FROM refund_payouts WHERE refund_id = ?1 AND paid_out_at IS NULL)`,
          )
          .bind(refundId, orderId),
        // Right after the guarded step: an audit row written only when it changed the refund (changes()).
        ...also,
        db
          .prepare(
            `UPDATE refund_payouts SET paid_out_at = ?2 WHERE refund_id = ?1 AND paid_out_at IS NULL
               AND (SELECT status FROM payment_refunds WHERE id = ?1) = 'done'`,
          )
          .bind(refundId, at),
        refundedWhenCovered(refundId),
      ]);
      return (done?.meta.changes ?? 0) > 0;
    },
    /** Refunds the provider is still processing (Pix EM_PROCESSAMENTO, PayPal PENDING), oldest first, 50 at a time. */
    async pendingRefunds(paymentId?: number): Promise<(UnsentRefund & { providerRefundId: string })[]> {
      const { results } = await db
        .prepare(
          `SELECT r.id, r.refund_key AS refundKey, r.amount_cents AS amount, r.provider_refund_id AS providerRefundId,
                  p.provider, p.method_id AS methodId, p.provider_reference AS reference, p.provider_charge_id AS chargeId
             FROM payment_refunds r JOIN payments p ON p.id = r.payment_id
            WHERE r.status = 'pending' AND r.provider_refund_id IS NOT NULL AND p.provider_charge_id IS NOT NULL
              AND (?1 IS NULL OR p.id = ?1)
            ORDER BY r.id LIMIT 50`,
        )
        .bind(paymentId ?? null)
        .all<UnsentRefund & { providerRefundId: string }>();
      return results;
    },
    /** The provider settled a pending refund (done or not made); a done one may complete the payment's refund. */
    async refundSettled(id: number, status: 'done' | 'failed'): Promise<boolean> {
      const results = await db.batch([
        db.prepare("UPDATE payment_refunds SET status = ?1 WHERE id = ?2 AND status = 'pending'").bind(status, id),
        refundedWhenCovered(id),
      ]);
      return (results[0]?.meta.changes ?? 0) > 0;
    },
  };
}
