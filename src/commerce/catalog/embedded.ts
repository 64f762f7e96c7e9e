import type { CommercePort } from '../port';
import { catalogRepo } from './repo';
import { listProducts } from './service';

/**
 * The embedded listing pages, and the content version the edge cache keys on, read on `primary` (the D1
 * binding itself, not the request's session: ADR 0019).
 */
export function embeddedCatalog(
  db: D1Database,
  primary: D1Database = db,
): Pick<CommercePort, 'listing' | 'contentVersion'> {
  const catalog = { repo: catalogRepo(db) };
  return {
    listing: (slug, query) => listProducts(catalog, { kind: 'listing', slug }, query, 'relevance'),
    contentVersion: () => catalogRepo(primary).contentVersion(),
  };
}
