import type { CommercePort } from '../port';
import { catalogRepo } from './repo';
import { listProducts } from './service';

/** The embedded listing pages. */
export function embeddedCatalog(db: D1Database): Pick<CommercePort, 'listing'> {
  const catalog = { repo: catalogRepo(db) };
  return { listing: (slug, query) => listProducts(catalog, { kind: 'listing', slug }, query, 'relevance') };
}
