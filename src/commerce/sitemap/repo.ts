import { listQuery } from '../../db/repo';

export interface SitemapRow {
  slug: string;
  updated_at: string;
}

export interface SitemapRepo {
  products(): Promise<SitemapRow[]>;
}

export function sitemapRepo(db: D1Database): SitemapRepo {
  // Gifts are never sold or listed on their own, and an unpublished product's page is a 404: neither is indexed.
  // created_at stands for when a product last changed.
  return {
    products: listQuery<SitemapRow>(
      db,
      'SELECT slug, created_at AS updated_at FROM products WHERE gift = 0 AND published = 1 ORDER BY id',
    ),
  };
}
