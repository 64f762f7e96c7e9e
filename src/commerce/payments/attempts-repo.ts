// Provider calls given up on (timeout, 5xx) that may have created a charge, kept until the cron settles them.

/** An attempt not yet confirmed closed at its provider (`taken`: 1 when a payment now owns its reference). */
export interface OpenAttempt {
  reference: string;
  provider: string;
  methodId: number;
  amount: number;
  createdAt: string;
  taken: number;
  providerRef: string | null;
}

export function paymentAttemptsRepo(db: D1Database) {
  return {
    /** A provider call given up on (timeout, 5xx) that may have created a charge: kept until the cron settles it. */
    async recordAttempt(a: {
      reference: string;
      provider: string;
      methodId: number;
      amountCents: number;
      at: string;
      providerRef?: string | null;
    }): Promise<void> {
      await db
        .prepare(
          'INSERT OR IGNORE INTO payment_attempts (reference, provider, method_id, amount_cents, created_at, provider_ref) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .bind(a.reference, a.provider, a.methodId, a.amountCents, a.at, a.providerRef ?? null)
        .run();
    },
    /** Whether a provider call with this reference was given up on before (a retry may find what it created). */
    async attemptKept(reference: string): Promise<boolean> {
      return (await db.prepare('SELECT 1 FROM payment_attempts WHERE reference = ?').bind(reference).first()) !== null;
    },
    /**
     * Attempts not yet confirmed closed at their provider, oldest first, 50 at a time; `taken`: a retry with the same
     * reference (PayPal's keyed reference) went through and owns it now — a payment, not a lost attempt.
     */
    async openAttempts(): Promise<OpenAttempt[]> {
      const { results } = await db
        .prepare(
          `SELECT a.reference, a.provider, a.method_id AS methodId, a.amount_cents AS amount, a.created_at AS createdAt,
                  a.provider_ref AS providerRef,
                  EXISTS (SELECT 1 FROM payments p WHERE p.provider_reference = a.reference) AS taken
             FROM payment_attempts a WHERE a.settled_at IS NULL ORDER BY a.created_at LIMIT 50`,
        )
        .all<OpenAttempt>();
      return results;
    },
    async attemptSettled(reference: string, at: string): Promise<void> {
      await db
        .prepare('UPDATE payment_attempts SET settled_at = ? WHERE reference = ? AND settled_at IS NULL')
        .bind(at, reference)
        .run();
    },
  };
}
