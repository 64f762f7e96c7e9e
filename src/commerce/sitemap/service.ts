import type { SitemapData } from '../../contracts/sitemap';
import type { SitemapRepo } from './repo';

export async function sitemapData(deps: { repo: SitemapRepo }): Promise<SitemapData> {
  const rows = await deps.repo.products();
  return { products: rows.map((r) => ({ slug: r.slug, updatedAt: r.updated_at })) };
}
