// Catalog editing's SQL: the reads of the list and the form here; one guarded save's statements (save-repo.ts) and
// the photos' (photos-repo.ts) are one file each, joined here into one `CatalogAdminRepo`.
import { PRODUCTS_PAGE_SIZE, type CategoryOption, type ProductsQuery } from '../../contracts/catalog-admin';
import { productPhotosRepo } from './photos-repo';
import type { ItemRow, ProductRow } from './rows';
import { productSaveRepo } from './save-repo';

export function catalogAdminRepo(db: D1Database) {
  return {
    ...productSaveRepo(db),
    ...productPhotosRepo(db),
    async page(query: ProductsQuery) {
      // Gift items (given by coupons) are not edited here: the form and its categories leave them out, so the list
      // does too and every row it shows opens its form.
      const where = query.q
        ? 'WHERE p.gift = 0 AND (instr(lower(p.name), lower(?1)) > 0 OR instr(p.slug, lower(?1)) > 0 OR p.id IN (SELECT product_id FROM product_items WHERE instr(lower(sku), lower(?1)) > 0))'
        : 'WHERE p.gift = 0';
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
    batch: (statements: D1PreparedStatement[]) => db.batch(statements),
  };
}
export type CatalogAdminRepo = ReturnType<typeof catalogAdminRepo>;

export const isStaleProduct = (error: unknown): boolean =>
  /NOT NULL constraint failed: product_edits\.version_before/i.test(
    String(error instanceof Error ? error.message : error),
  );
