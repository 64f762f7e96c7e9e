export interface SitemapRow {
  slug: string;
  updated_at: string;
}

export interface SitemapRepo {
  products(): Promise<SitemapRow[]>;
}

export function sitemapRepo(db: D1Database): SitemapRepo {
  return {
    async products() {
      // Gifts are never sold or listed on their own, so they have no page to index. Products have no
      // edit path yet: created_at is when they last changed.
      const { results } = await db
        .prepare('SELECT slug, created_at AS updated_at FROM products WHERE gift = 0 ORDER BY id')
        .all<SitemapRow>();
      return results;
    },
  };
}
