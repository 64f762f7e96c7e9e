import { LeadResultSchema } from '../../contracts/leads';
import type { CommercePort } from '../port';
import type { UpstreamSend } from '../upstream-http';

/** The lead sign-up against the upstream API (same paths as our /api), answers parsed with the contract. */
export function upstreamLeads(send: UpstreamSend): Pick<CommercePort, 'createLead'> {
  return {
    // The upstream rate-limits by what it sees of the request; the client address is this worker's concern only.
    createLead: (input) => send('POST', '/leads', LeadResultSchema, input),
  };
}
