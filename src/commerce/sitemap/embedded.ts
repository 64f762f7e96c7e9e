import type { CommercePort } from '../port';
import { sitemapRepo } from './repo';
import { sitemapData } from './service';

/** The embedded sitemap data. */
export function embeddedSitemap(db: D1Database): Pick<CommercePort, 'sitemap'> {
  return { sitemap: () => sitemapData({ repo: sitemapRepo(db) }) };
}
