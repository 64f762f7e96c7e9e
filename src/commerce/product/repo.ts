export interface ProductRowFull {
  id: number;
  slug: string;
  name: string;
  description: string;
  details: string;
  department_slug: string;
  department_name: string;
  category_slug: string;
  category_name: string;
  pre_sale: number;
  gift: number;
}

/**
 * A SKU's units for sale (`i` is its product_items row): the most any one store holds, since a line ships from one
 * store. Above zero is "in stock" for the product page and the Merchant Center feed alike (one rule, one text).
 */
export const SKU_STOCK_SQL = 'coalesce((SELECT max(s.quantity) FROM stock s WHERE s.product_item_id = i.id), 0)';

export interface ItemRow {
  id: number;
  sku: string;
  color_slug: string;
  color_name: string;
  color_hex: string;
  size: string;
  size_order: number;
  list_price_cents: number;
  sale_price_cents: number;
  /** Units in the store holding the most (SKU_STOCK_SQL). */
  stock: number;
  gtin: string | null;
}

export interface PhotoRow {
  color_slug: string;
  file: string;
}

export interface ProductRepo {
  bySlug(slug: string): Promise<ProductRowFull | null>;
  items(productId: number): Promise<ItemRow[]>;
  photos(productId: number): Promise<PhotoRow[]>;
}

export function productRepo(db: D1Database): ProductRepo {
  return {
    bySlug: (slug) =>
      db
        .prepare(
          `SELECT id, slug, name, description, details, department_slug, department_name, category_slug, category_name, pre_sale, gift
             FROM products WHERE slug = ? AND published = 1`,
        )
        .bind(slug)
        .first<ProductRowFull>(),

    async items(productId) {
      const { results } = await db
        .prepare(
          `SELECT i.id, i.sku, i.color_slug, i.color_name, i.color_hex, i.size, i.size_order, i.list_price_cents, i.sale_price_cents, i.gtin,
                  ${SKU_STOCK_SQL} AS stock
             FROM product_items i
            WHERE i.product_id = ?
            ORDER BY i.id`,
        )
        .bind(productId)
        .all<ItemRow>();
      return results;
    },

    async photos(productId) {
      const { results } = await db
        .prepare('SELECT color_slug, file FROM product_photos WHERE product_id = ? ORDER BY color_slug, position')
        .bind(productId)
        .all<PhotoRow>();
      return results;
    },
  };
}
