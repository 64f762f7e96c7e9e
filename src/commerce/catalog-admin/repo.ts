import { PRODUCTS_PAGE_SIZE, type CategoryOption, type ProductsQuery } from '../../contracts/catalog-admin';

/** Catalog editing's SQL: reads of the form and the statements of one guarded save. */
export interface ProductRow {
  id: number;
  version: number;
  slug: string;
  name: string;
  description: string;
  details: string;
  department_slug: string;
  department_name: string;
  category_slug: string;
  category_name: string;
  published: number;
}
export interface ItemRow {
  id: number;
  sku: string;
  color_slug: string;
  color_name: string;
  size: string;
  size_order: number;
  gtin: string | null;
  list_price_cents: number;
  sale_price_cents: number;
}

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

export function catalogAdminRepo(db: D1Database) {
  return {
    async page(query: ProductsQuery) {
      const where = query.q
        ? 'WHERE instr(lower(p.name), lower(?1)) > 0 OR instr(p.slug, lower(?1)) > 0 OR p.id IN (SELECT product_id FROM product_items WHERE instr(lower(sku), lower(?1)) > 0)'
        : '';
      const params = query.q ? [query.q] : [];
      const [rows, total] = await db.batch([
        db
          .prepare(
            `SELECT p.id, p.slug, p.name, p.category_name, p.department_name, p.published, p.price_cents,
                    (SELECT count(*) FROM product_items i WHERE i.product_id = p.id) AS variants
               FROM products p ${where} ORDER BY p.id DESC LIMIT ${PRODUCTS_PAGE_SIZE} OFFSET ${(query.page - 1) * PRODUCTS_PAGE_SIZE}`,
          )
          .bind(...params),
        db.prepare(`SELECT count(*) AS n FROM products p ${where}`).bind(...params),
      ]);
      return {
        rows: rows!.results as {
          id: number;
          slug: string;
          name: string;
          category_name: string;
          department_name: string;
          published: number;
          price_cents: number;
          variants: number;
        }[],
        total: (total!.results[0] as { n: number }).n,
      };
    },
    product: (id: number) =>
      db
        .prepare(
          `SELECT id, version, slug, name, description, details, department_slug, department_name, category_slug, category_name, published
             FROM products WHERE id = ? AND gift = 0`,
        )
        .bind(id)
        .first<ProductRow>(),
    async items(productId: number): Promise<ItemRow[]> {
      const { results } = await db
        .prepare(
          `SELECT id, sku, color_slug, color_name, size, size_order, gtin, list_price_cents, sale_price_cents
             FROM product_items WHERE product_id = ? ORDER BY color_slug, size_order, id`,
        )
        .bind(productId)
        .all<ItemRow>();
      return results;
    },
    async categories(): Promise<CategoryOption[]> {
      const { results } = await db
        .prepare(
          `SELECT DISTINCT category_slug AS category, category_name AS categoryName, department_slug AS department, department_name AS departmentName
             FROM products WHERE gift = 0 ORDER BY department_name, category_name`,
        )
        .all<CategoryOption>();
      return results;
    },
    async colorHexes(): Promise<Map<string, string>> {
      const { results } = await db
        .prepare('SELECT color_slug, min(color_hex) AS hex FROM product_items GROUP BY color_slug')
        .all<{ color_slug: string; hex: string }>();
      return new Map(results.map((r) => [r.color_slug, r.hex]));
    },
    /** Another product with this slug, or holding one of these SKUs. */
    async clashes(id: number, slug: string, skus: string[]) {
      const [bySlug, bySku] = await db.batch([
        db.prepare('SELECT id FROM products WHERE slug = ? AND id != ?').bind(slug, id),
        db
          .prepare(
            'SELECT sku FROM product_items WHERE product_id != ? AND upper(sku) IN (SELECT upper(value) FROM json_each(?)) LIMIT 1',
          )
          .bind(id, JSON.stringify(skus)),
      ]);
      return { slug: bySlug!.results.length > 0, sku: (bySku!.results[0] as { sku: string } | undefined)?.sku ?? null };
    },
    nextId: async () =>
      (await db.prepare('SELECT coalesce(max(id), 0) + 1 AS id FROM products').first<{ id: number }>())!.id,
    ftsRow: (id: number) =>
      db
        .prepare('SELECT name, body FROM products_fts WHERE rowid = ?')
        .bind(id)
        .first<{ name: string; body: string }>(),
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
            .bind(
              w.id,
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
              w.at,
            ),
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
            .bind(
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
              w.id,
            ),
        );
      }
      if (w.version === null)
        out.push(
          db
            .prepare('INSERT INTO product_edits (product_id, version_before, staff_id, created_at) VALUES (?, 0, ?, ?)')
            .bind(w.id, w.staffId, w.at),
        );
      for (const i of w.items) {
        out.push(
          i.existing
            ? db
                .prepare(
                  `UPDATE product_items SET color_slug = ?, color_name = ?, color_hex = ?, size = ?, size_order = ?, gtin = ?, list_price_cents = ?, sale_price_cents = ?
                    WHERE product_id = ? AND sku = ?`,
                )
                .bind(
                  i.color_slug,
                  i.color_name,
                  i.color_hex,
                  i.size,
                  i.size_order,
                  i.gtin,
                  i.list_price_cents,
                  i.sale_price_cents,
                  w.id,
                  i.sku,
                )
            : db
                .prepare(
                  `INSERT INTO product_items (product_id, sku, color_slug, color_name, color_hex, size, size_order, gtin, list_price_cents, sale_price_cents)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
                )
                .bind(
                  w.id,
                  i.sku,
                  i.color_slug,
                  i.color_name,
                  i.color_hex,
                  i.size,
                  i.size_order,
                  i.gtin,
                  i.list_price_cents,
                  i.sale_price_cents,
                ),
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
    colorSlug: (productId: number, colorName: string) =>
      db
        .prepare('SELECT color_slug FROM product_items WHERE product_id = ? AND color_name = ? LIMIT 1')
        .bind(productId, colorName)
        .first<string>('color_slug'),
    /** The photo after the colour's last one; its position is read back by `photoPosition`. */
    photoStatement: (productId: number, colorSlug: string, file: string) =>
      db
        .prepare(
          `INSERT INTO product_photos (product_id, color_slug, position, file)
           SELECT ?1, ?2, coalesce(max(position), 0) + 1, ?3 FROM product_photos WHERE product_id = ?1 AND color_slug = ?2`,
        )
        .bind(productId, colorSlug, file),
    /** The product's photos with their colour's name, per colour in position order. */
    async photos(productId: number): Promise<{ color: string; position: number; file: string }[]> {
      const { results } = await db
        .prepare(
          `SELECT coalesce((SELECT min(i.color_name) FROM product_items i WHERE i.product_id = ph.product_id AND i.color_slug = ph.color_slug), ph.color_slug) AS color,
                  ph.position, ph.file
             FROM product_photos ph WHERE ph.product_id = ? ORDER BY ph.color_slug, ph.position`,
        )
        .bind(productId)
        .all<{ color: string; position: number; file: string }>();
      return results;
    },
    /**
     * A photo's removal, for ONE batch: the same version guard as a save (a stale form aborts the batch), the
     * product's version bumped (an open form of it is now stale), the photo's row gone.
     */
    photoRemoveStatements: (productId: number, version: number, file: string, staffId: number | null, at: string) => [
      db
        .prepare(
          `INSERT INTO product_edits (product_id, version_before, staff_id, created_at)
           VALUES (?1, (SELECT version FROM products WHERE id = ?1 AND version = ?2), ?3, ?4)`,
        )
        .bind(productId, version, staffId, at),
      db.prepare('UPDATE products SET version = version + 1 WHERE id = ?').bind(productId),
      db.prepare('DELETE FROM product_photos WHERE product_id = ? AND file = ?').bind(productId, file),
    ],
    photoPosition: (productId: number, file: string) =>
      db
        .prepare('SELECT position FROM product_photos WHERE product_id = ? AND file = ?')
        .bind(productId, file)
        .first<number>('position'),
    batch: (statements: D1PreparedStatement[]) => db.batch(statements),
  };
}
export type CatalogAdminRepo = ReturnType<typeof catalogAdminRepo>;

export const isStaleProduct = (error: unknown): boolean =>
  /NOT NULL constraint failed: product_edits\.version_before/i.test(
    String(error instanceof Error ? error.message : error),
  );
