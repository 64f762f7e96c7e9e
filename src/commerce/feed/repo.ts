import { SKU_STOCK_SQL } from '../product/repo';

export interface FeedRow {
  id: number;
  sku: string;
  product_id: number;
  slug: string;
  name: string;
  description: string;
  department_slug: string;
  department_name: string;
  category_slug: string;
  category_name: string;
  color_slug: string;
  color_name: string;
  size: string;
  list_price_cents: number;
  sale_price_cents: number;
  gtin: string | null;
  stock: number;
  photo: string | null;
}

export interface FeedRepo {
  /** Up to `limit` sellable SKUs with an id above `after`, in id order (keyset: no OFFSET scan as the feed goes on). */
  page(after: number, limit: number): Promise<FeedRow[]>;
}

export function feedRepo(db: D1Database): FeedRepo {
  // Gifts come with coupons and are never sold on their own, and an unpublished product has no page to link: neither
  // is in the feed. The stock is the product page's rule.
  const page = db.prepare(
    `SELECT i.id, i.sku, i.product_id, p.slug, p.name, p.description, p.department_slug, p.department_name,
            p.category_slug, p.category_name, i.color_slug, i.color_name, i.size, i.list_price_cents, i.sale_price_cents,
            i.gtin, ${SKU_STOCK_SQL} AS stock,
            (SELECT ph.file FROM product_photos ph WHERE ph.product_id = i.product_id AND ph.color_slug = i.color_slug
              ORDER BY ph.position LIMIT 1) AS photo
       FROM product_items i JOIN products p ON p.id = i.product_id
      WHERE i.id > ?1 AND p.gift = 0 AND p.published = 1
      ORDER BY i.id
      LIMIT ?2`,
  );
  return {
    async page(after, limit) {
      const { results } = await page.bind(after, limit).all<FeedRow>();
      return results;
    },
  };
}
