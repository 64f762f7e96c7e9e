// One product save, for ONE batch guarded by the form's version: the product, its SKUs, listings and search row.
import type { ItemRow, ProductRow } from './rows';

export interface ProductWrite {
  id: number;
  /** Null for a new product (no version to check). */
  version: number | null;
  row: Omit<ProductRow, 'id' | 'version'> & { price_cents: number; list_price_cents: number; discount_pct: number };
  items: (Omit<ItemRow, 'id'> & { color_hex: string; existing: boolean })[];
  listings: string[];
  /** The old category's listing slugs the new category does not have (a category change). */
  dropListings: string[];
  /** Every department/category listing slug of the old and new category: the rest of a product's rows are collections. */
  categorySlugs: string[];
  fts: { name: string; body: string } | null;
  /** The search row or publication changed: bump the content version (FTS5 has no triggers). */
  touch: boolean;
  staffId: number | null;
  at: string;
}

/** The product's columns in the order both its INSERT and its UPDATE name them (slug … published). */
const productValues = (r: ProductWrite['row']) => [
  r.slug,
  r.name,
  r.description,
  r.details,
  r.department_slug,
  r.department_name,
  r.category_slug,
  r.category_name,
  r.price_cents,
  r.list_price_cents,
  r.discount_pct,
  r.published,
];

export function productSaveRepo(db: D1Database) {
  return {
    /**
     * One save, for ONE batch: the edit row reads `version_before` under the form's version (NULL → NOT NULL aborts
     * the batch when the product moved on), then the product, its SKUs, listings and search row.
     */
    saveStatements(w: ProductWrite): D1PreparedStatement[] {
      const r = w.row;
      const out: D1PreparedStatement[] = [];
      if (w.version === null) {
        out.push(
          db
            .prepare(
              `INSERT INTO products (id, slug, name, description, details, department_slug, department_name, category_slug, category_name,
                                     price_cents, list_price_cents, discount_pct, published, created_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .bind(w.id, ...productValues(r), w.at),
        );
      } else {
        out.push(
          db
            .prepare(
              `INSERT INTO product_edits (product_id, version_before, staff_id, created_at)
               VALUES (?1, (SELECT version FROM products WHERE id = ?1 AND version = ?2), ?3, ?4)`,
            )
            .bind(w.id, w.version, w.staffId, w.at),
          db
            .prepare(
              `UPDATE products SET slug = ?, name = ?, description = ?, details = ?, department_slug = ?, department_name = ?,
                      category_slug = ?, category_name = ?, price_cents = ?, list_price_cents = ?, discount_pct = ?, published = ?,
                      version = version + 1
                WHERE id = ?`,
            )
            .bind(...productValues(r), w.id),
        );
      }
      if (w.version === null)
        out.push(
          db
            .prepare('INSERT INTO product_edits (product_id, version_before, staff_id, created_at) VALUES (?, 0, ?, ?)')
            .bind(w.id, w.staffId, w.at),
        );
      for (const i of w.items) {
        // The variant's columns in the order both statements name them (color_slug … sale_price_cents).
        const itemValues = [
          i.color_slug,
          i.color_name,
          i.color_hex,
          i.size,
          i.size_order,
          i.gtin,
          i.list_price_cents,
          i.sale_price_cents,
        ];
        out.push(
          i.existing
            ? db
                .prepare(
                  `UPDATE product_items SET color_slug = ?, color_name = ?, color_hex = ?, size = ?, size_order = ?, gtin = ?, list_price_cents = ?, sale_price_cents = ?
                    WHERE product_id = ? AND sku = ?`,
                )
                .bind(...itemValues, w.id, i.sku)
            : db
                .prepare(
                  `INSERT INTO product_items (product_id, sku, color_slug, color_name, color_hex, size, size_order, gtin, list_price_cents, sale_price_cents)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
                )
                .bind(w.id, i.sku, ...itemValues),
        );
      }
      if (w.dropListings.length > 0)
        out.push(
          db
            .prepare('DELETE FROM product_listings WHERE product_id = ? AND slug IN (SELECT value FROM json_each(?))')
            .bind(w.id, JSON.stringify(w.dropListings)),
        );
      if (w.listings.length === 0) {
        // Unpublished: its collection rows (novidades, outlet…) wait in product_listings_held for the next publish.
        out.push(
          db
            .prepare(
              `INSERT OR IGNORE INTO product_listings_held (product_id, slug)
               SELECT product_id, slug FROM product_listings WHERE product_id = ? AND slug NOT IN (SELECT value FROM json_each(?))`,
            )
            .bind(w.id, JSON.stringify(w.categorySlugs)),
          db.prepare('DELETE FROM product_listings WHERE product_id = ?').bind(w.id),
        );
      } else
        out.push(
          db
            .prepare('INSERT OR IGNORE INTO product_listings (slug, product_id) SELECT value, ? FROM json_each(?)')
            .bind(w.id, JSON.stringify(w.listings)),
          db
            .prepare(
              'INSERT OR IGNORE INTO product_listings (slug, product_id) SELECT slug, product_id FROM product_listings_held WHERE product_id = ?',
            )
            .bind(w.id),
          db.prepare('DELETE FROM product_listings_held WHERE product_id = ?').bind(w.id),
        );
      out.push(db.prepare('DELETE FROM products_fts WHERE rowid = ?').bind(w.id));
      if (w.fts)
        out.push(
          db
            .prepare('INSERT INTO products_fts (rowid, name, body) VALUES (?, ?, ?)')
            .bind(w.id, w.fts.name, w.fts.body),
        );
      if (w.touch) out.push(db.prepare('INSERT INTO content_touch (touched) VALUES (1)'));
      return out;
    },
  };
}
