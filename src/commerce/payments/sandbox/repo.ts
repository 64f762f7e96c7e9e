import type { ChargeStatus } from '../provider';

export type LedgerStatus = Exclude<ChargeStatus, 'unknown'>;

export interface LedgerRow {
  reference: string;
  provider: string;
  method_id: number;
  amount_cents: number;
  status: LedgerStatus;
  refunded_cents: number;
}

/**
 * The sandbox provider's books (`sandbox_charges`, migration 0013): its side of every charge, kept apart
 * from our `payments` rows like a real provider's. Every change is a conditional UPDATE on the status.
 */
export function sandboxLedger(db: D1Database) {
  return {
    async open(row: Omit<LedgerRow, 'refunded_cents'>, now: Date): Promise<void> {
      const at = now.toISOString();
      await db
        .prepare(
          `INSERT INTO sandbox_charges (reference, provider, method_id, amount_cents, status, created_at, updated_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6) ON CONFLICT (reference) DO NOTHING`,
        )
        .bind(row.reference, row.provider, row.method_id, row.amount_cents, row.status, at)
        .run();
    },
    async get(reference: string): Promise<LedgerRow | null> {
      return db.prepare('SELECT * FROM sandbox_charges WHERE reference = ?').bind(reference).first<LedgerRow>();
    },
    /** Moves the charge from one of `from` to `to`; true when it moved. */
    async move(reference: string, from: LedgerStatus[], to: LedgerStatus, now: Date): Promise<boolean> {
      const result = await db
        .prepare(
          `UPDATE sandbox_charges SET status = ?, updated_at = ? WHERE reference = ? AND status IN (${from.map(() => '?').join(',')})`,
        )
        .bind(to, now.toISOString(), reference, ...from)
        .run();
      return result.meta.changes > 0;
    },
    /** Records a refund once per refund id; the charge turns `refunded` when fully given back. */
    async refund(reference: string, refundId: string, amount: number, now: Date): Promise<void> {
      const at = now.toISOString();
      await db.batch([
        db
          .prepare(
            `INSERT INTO sandbox_refunds (refund_id, reference, amount_cents, created_at)
             SELECT ?1, ?2, ?3, ?4 WHERE EXISTS (SELECT 1 FROM sandbox_charges WHERE reference = ?2 AND status = 'paid')
             ON CONFLICT (refund_id) DO NOTHING`,
          )
          .bind(refundId, reference, amount, at),
        db
          .prepare(
            `UPDATE sandbox_charges SET updated_at = ?2,
                    refunded_cents = (SELECT coalesce(sum(amount_cents), 0) FROM sandbox_refunds WHERE reference = ?1),
                    status = CASE WHEN (SELECT coalesce(sum(amount_cents), 0) FROM sandbox_refunds WHERE reference = ?1) >= amount_cents
                                  THEN 'refunded' ELSE status END
              WHERE reference = ?1 AND status = 'paid'`,
          )
          .bind(reference, at),
      ]);
    },
  };
}
export type SandboxLedger = ReturnType<typeof sandboxLedger>;
