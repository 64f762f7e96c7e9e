import type { CommercePort } from '../port';
import { SHIPPING_CONFIG } from '../shipping/quote';
import { feedRepo } from './repo';
import { feedPage } from './service';

/** The embedded Merchant Center feed data (pages of sellable SKUs). */
export function embeddedFeed(db: D1Database): Pick<CommercePort, 'feedPage'> {
  const deps = { repo: feedRepo(db), now: () => new Date(), shipping: SHIPPING_CONFIG };
  return { feedPage: (query) => feedPage(deps, query) };
}
