import type { CommercePort } from '../port';
import { leadsRepo } from './repo';
import { createLead } from './service';

/** The embedded newsletter/lead sign-up. */
export function embeddedLeads(db: D1Database): Pick<CommercePort, 'createLead'> {
  return { createLead: (input, client) => createLead({ repo: leadsRepo(db), now: () => new Date() }, input, client) };
}
