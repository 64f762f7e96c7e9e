import type { LeadResult } from '../../src/contracts/leads';
import { api } from '../api';

export interface LeadsGateway {
  /** POST /api/leads (consent required). */
  subscribe(lead: { name: unknown; email: unknown; phone: unknown; consent: boolean }): Promise<LeadResult>;
}

export const leadsGateway: LeadsGateway = {
  subscribe: (lead) => api<LeadResult>('/api/leads', { method: 'POST', body: lead }),
};
