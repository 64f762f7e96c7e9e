import { listQuery } from '../../db/repo';

export interface SitemapRow {
  slug: string;
  updated_at: string;
}

export interface SitemapRepo {
  products(): Promise<SitemapRow[]>;
}

export function sitemapRepo(db: D1Database): SitemapRepo {
  // Gifts are never sold or listed on their own, so they have no page to index. Products have no edit path
  // yet: created_at is when they last changed.
  return { products: listQuery<SitemapRow>(db, 'SELECT slug, created_at AS updated_at FROM products WHERE gift = 0 ORDER BY id') };
}
