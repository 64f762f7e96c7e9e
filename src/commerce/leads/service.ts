import { LEAD_CONSENT_TEXT, LEAD_MESSAGES, type LeadInput, type LeadResult } from '../../contracts/leads';
import { randomToken } from '../../lib/security/token';
import { DomainError } from '../domain-error';
import type { LeadsRepo } from './repo';

export const LEAD_RATE = { limit: 5, windowMs: 10 * 60 * 1000 };

export interface LeadsDeps {
  repo: LeadsRepo;
  now: () => Date;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Saves a campaign lead with its consent; a client over the rate limit gets RATE_LIMITED and nothing is written. */
export async function createLead(
  deps: LeadsDeps,
  input: LeadInput,
  client: { ip: string | null },
): Promise<LeadResult> {
  const now = deps.now();
  const saved = await deps.repo.save(
    { ...input, consentText: LEAD_CONSENT_TEXT },
    {
      hash: await sha256Hex(`lead:${client.ip ?? 'unknown'}`),
      attemptId: randomToken(),
      now: now.toISOString(),
      since: new Date(now.getTime() - LEAD_RATE.windowMs).toISOString(),
      limit: LEAD_RATE.limit,
    },
  );
  if (!saved)
    throw new DomainError('RATE_LIMITED', LEAD_MESSAGES.rateLimited, undefined, undefined, LEAD_RATE.windowMs / 1000);
  return { ok: true, message: LEAD_MESSAGES.saved };
}
