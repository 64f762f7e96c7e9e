import type { ExistingProduct, PlannedProduct } from './plan-types';

/** The import's SQL: its jobs and steps, the stock it sets, and the catalog read the dry run compares. */
export interface JobRow {
  id: number;
  status: 'pending' | 'done' | 'failed';
  summary: string;
  total: number;
  done: number;
  error: string | null;
}

export function importRepo(db: D1Database) {
  return {
    insertJob: async (summary: string, plan: unknown[], staffId: number | null, at: string) =>
      (await db
        .prepare(
          `INSERT INTO import_jobs (status, summary, plan, total, staff_id, created_at, updated_at) VALUES ('pending', ?, ?, ?, ?, ?, ?) RETURNING id`,
        )
        .bind(summary, JSON.stringify(plan), plan.length, staffId, at, at)
        .first<{ id: number }>())!.id,
    job: (id: number) =>
      db
        .prepare(
          'SELECT id, status, summary, total, error, (SELECT count(*) FROM import_job_steps WHERE job_id = j.id) AS done FROM import_jobs j WHERE id = ?',
        )
        .bind(id)
        .first<JobRow>(),
    plan: async (id: number) =>
      JSON.parse(
        (await db.prepare('SELECT plan FROM import_jobs WHERE id = ?').bind(id).first<{ plan: string }>())!.plan,
      ) as PlannedProduct[],
    fail: (id: number, error: string, at: string) =>
      db
        .prepare("UPDATE import_jobs SET status = 'failed', error = ?, updated_at = ? WHERE id = ?")
        .bind(error, at, id)
        .run(),
    finish: (id: number, at: string) =>
      db
        .prepare("UPDATE import_jobs SET status = 'done', updated_at = ? WHERE id = ? AND status = 'pending'")
        .bind(at, id)
        .run(),
    resume: (id: number, at: string) =>
      db
        .prepare(
          "UPDATE import_jobs SET status = 'pending', error = NULL, updated_at = ? WHERE id = ? AND status = 'failed'",
        )
        .bind(at, id)
        .run(),
    /** The job's step row, in the product's batch: a step written before aborts it (PRIMARY KEY). */
    stepStatement: (id: number, step: number) =>
      db.prepare('INSERT INTO import_job_steps (job_id, step) VALUES (?, ?)').bind(id, step),
    stockStatements: (p: PlannedProduct, staffId: number | null, at: string) => stockStatements(db, p, staffId, at),
    existing: (slugs: string[]) => existingProducts(db, slugs),
    allSlugs: async () =>
      (await db.prepare('SELECT slug FROM products WHERE gift = 0 ORDER BY id').all<{ slug: string }>()).results.map(
        (r) => r.slug,
      ),
  };
}
export type ImportRepo = ReturnType<typeof importRepo>;

/** The statements that set a product's `fabrica` stock from the file, logged as a count ("contagem"). */
function stockStatements(db: D1Database, p: PlannedProduct, staffId: number | null, at: string): D1PreparedStatement[] {
  return Object.entries(p.stock).flatMap(([sku, quantity]) => [
    db
      .prepare(
        `INSERT INTO stock_adjustments (product_item_id, store_id, reason, note, quantity_before, quantity_after, staff_id, created_at)
         SELECT i.id, st.id, 'contagem', 'Importação CSV', coalesce((SELECT quantity FROM stock WHERE product_item_id = i.id AND store_id = st.id), 0), ?, ?, ?
           FROM product_items i, stores st WHERE i.sku = ? AND st.key = 'fabrica'`,
      )
      .bind(quantity, staffId, at, sku),
    db
      .prepare(
        `INSERT INTO stock (product_item_id, store_id, quantity)
         SELECT i.id, st.id, ? FROM product_items i, stores st WHERE i.sku = ? AND st.key = 'fabrica'
         ON CONFLICT (product_item_id, store_id) DO UPDATE SET quantity = excluded.quantity`,
      )
      .bind(quantity, sku),
  ]);
}

/** The catalog's products with these slugs as the dry run compares them (three queries, whatever their number). */
async function existingProducts(db: D1Database, slugs: string[]): Promise<Map<string, ExistingProduct>> {
  const list = JSON.stringify([...new Set(slugs)]);
  const [products, items, stock] = await db.batch([
    db
      .prepare(
        'SELECT id, version, slug, name, description, details, category_slug, published FROM products WHERE slug IN (SELECT value FROM json_each(?)) ORDER BY id',
      )
      .bind(list),
    db
      .prepare(
        `SELECT i.product_id, i.sku, i.color_name, i.size, i.gtin, i.list_price_cents, i.sale_price_cents FROM product_items i JOIN products p ON p.id = i.product_id
          WHERE p.slug IN (SELECT value FROM json_each(?)) ORDER BY i.product_id, i.color_slug, i.size_order, i.id`,
      )
      .bind(list),
    db
      .prepare(
        `SELECT i.sku, s.quantity FROM stock s JOIN product_items i ON i.id = s.product_item_id JOIN products p ON p.id = i.product_id
          JOIN stores st ON st.id = s.store_id AND st.key = 'fabrica' WHERE p.slug IN (SELECT value FROM json_each(?))`,
      )
      .bind(list),
  ]);
  const onHand = new Map((stock!.results as { sku: string; quantity: number }[]).map((r) => [r.sku, r.quantity]));
  type P = {
    id: number;
    version: number;
    slug: string;
    name: string;
    description: string;
    details: string;
    category_slug: string;
    published: number;
  };
  type I = {
    product_id: number;
    sku: string;
    color_name: string;
    size: string;
    gtin: string | null;
    list_price_cents: number;
    sale_price_cents: number;
  };
  const out = new Map<string, ExistingProduct>();
  for (const p of products!.results as P[]) {
    const variants = (items!.results as I[])
      .filter((i) => i.product_id === p.id)
      .map((i) => ({
        sku: i.sku,
        color: i.color_name,
        size: i.size,
        gtin: i.gtin,
        price: i.sale_price_cents || i.list_price_cents,
        compareAt: i.sale_price_cents ? i.list_price_cents : null,
      }));
    const stockOf: Record<string, number> = Object.create(null);
    for (const v of variants) stockOf[v.sku] = onHand.get(v.sku) ?? 0;
    out.set(p.slug, {
      id: p.id,
      version: p.version,
      slug: p.slug,
      name: p.name,
      description: p.description,
      details: p.details,
      category: p.category_slug,
      published: p.published === 1,
      variants,
      stock: { ...stockOf },
    });
  }
  return out;
}
