import type { CommercePort } from '../port';
import { affiliateRepo } from './repo';
import { recordAffiliate } from './service';

/** The embedded Rakuten attribution of a cart. */
export function embeddedAffiliate(db: D1Database): Pick<CommercePort, 'recordAffiliate'> {
  return { recordAffiliate: (input) => recordAffiliate({ repo: affiliateRepo(db) }, input) };
}
