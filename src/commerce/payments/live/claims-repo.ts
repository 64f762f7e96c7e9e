// The provider events' ledger (`payment_events`): each event claimed once before it is applied, then settled with
// what it did, or released when it decided nothing.

/** A provider event being applied (`payment_events`: UNIQUE provider + event id). */
export interface EventClaim {
  provider: string;
  eventId: string;
  source: 'webhook' | 'reconcile';
  paymentId: number | null;
  providerRef: string;
  providerStatus: string;
  at: string;
}

export function eventClaimsRepo(db: D1Database) {
  return {
    /** Claims the event before anything happens; false when it was already claimed (duplicate, replay, concurrent copy). */
    async claim(event: EventClaim): Promise<boolean> {
      const claim = await db
        .prepare(
          `INSERT INTO payment_events (provider, event_id, source, payment_id, provider_reference, provider_status, outcome, received_at)
           VALUES (?, ?, ?, ?, ?, ?, 'processing', ?) ON CONFLICT (provider, event_id) DO NOTHING`,
        )
        .bind(
          event.provider,
          event.eventId,
          event.source,
          event.paymentId,
          event.providerRef,
          event.providerStatus,
          event.at,
        )
        .run();
      return (claim.meta.changes ?? 0) > 0;
    },
    /** Frees a claim whose event decided nothing (the provider's retry, or the cron, applies it). */
    async release(provider: string, eventId: string): Promise<void> {
      await db.prepare('DELETE FROM payment_events WHERE provider = ? AND event_id = ?').bind(provider, eventId).run();
    },
    async settle(provider: string, eventId: string, outcome: string): Promise<void> {
      await db
        .prepare('UPDATE payment_events SET outcome = ? WHERE provider = ? AND event_id = ?')
        .bind(outcome, provider, eventId)
        .run();
    },
  };
}
