import type { LeadInput } from '../../contracts/leads';

export interface LeadsRepo {
  /**
   * Records the attempt and the lead in one batch. The attempt insert is guarded by the client's
   * recent-attempt count and the lead insert only runs if that attempt row exists: false = rate-limited.
   */
  save(
    lead: LeadInput & { consentText: string },
    client: { hash: string; attemptId: string; now: string; since: string; limit: number },
  ): Promise<boolean>;
}

export function leadsRepo(db: D1Database): LeadsRepo {
  return {
    async save(lead, client) {
      const [attempt] = await db.batch([
        db
          .prepare(
            `INSERT INTO lead_attempts (id, client_hash, created_at)
             SELECT ?1, ?2, ?3
              WHERE (SELECT count(*) FROM lead_attempts WHERE client_hash = ?2 AND created_at > ?4) < ?5`,
          )
          .bind(client.attemptId, client.hash, client.now, client.since, client.limit),
        db
          .prepare(
            `INSERT INTO campaign_leads (campaign, name, email, phone, consent_text, consent_at)
             SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE EXISTS (SELECT 1 FROM lead_attempts WHERE id = ?7)
             ON CONFLICT (campaign, email) DO UPDATE
               SET name = excluded.name, phone = coalesce(excluded.phone, campaign_leads.phone),
                   consent_text = excluded.consent_text, consent_at = excluded.consent_at`,
          )
          .bind(lead.campaign, lead.name, lead.email, lead.phone, lead.consentText, client.now, client.attemptId),
        db.prepare('DELETE FROM lead_attempts WHERE created_at < ?').bind(client.since),
      ]);
      return (attempt?.meta.changes ?? 0) > 0;
    },
  };
}
