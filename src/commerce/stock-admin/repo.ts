import { STOCK_PAGE_SIZE, type StockQuery } from '../../contracts/stock-admin';

/** Stock per location for the back office: reads, and the statements of one guarded adjustment. */
export interface SkuRow {
  id: number;
  sku: string;
  product_id: number;
  product_name: string;
  color_name: string;
  size: string;
}
export interface LocationRow {
  product_item_id: number;
  store_id: number;
  store_key: string;
  store_name: string;
  quantity: number;
  version: number;
}
export interface AdjustmentRow {
  id: number;
  sku: string;
  store_key: string;
  reason: string;
  note: string | null;
  quantity_before: number;
  quantity_after: number;
  staff_id: number | null;
  created_at: string;
}

export interface AdjustmentWrite {
  productItemId: number;
  storeId: number;
  /** The version the form was shown with; the batch writes only while the row is still at it. */
  version: number;
  after: number;
  reason: string;
  note: string | null;
  staffId: number | null;
  at: string;
}

export function stockAdminRepo(db: D1Database) {
  const locations = async (ids: number[]): Promise<LocationRow[]> => {
    if (ids.length === 0) return [];
    // Every store, with or without a stock row (no row reads as 0 at version 0: the first save creates it).
    const { results } = await db
      .prepare(
        `SELECT i.id AS product_item_id, st.id AS store_id, st.key AS store_key, st.name AS store_name,
                coalesce(s.quantity, 0) AS quantity, coalesce(s.version, 0) AS version
           FROM product_items i CROSS JOIN stores st
           LEFT JOIN stock s ON s.product_item_id = i.id AND s.store_id = st.id
          WHERE i.id IN (SELECT value FROM json_each(?)) ORDER BY i.id, st.id`,
      )
      .bind(JSON.stringify(ids))
      .all<LocationRow>();
    return results;
  };
  const SKU_COLUMNS = `i.id, i.sku, i.product_id, p.name AS product_name, i.color_name, i.size
    FROM product_items i JOIN products p ON p.id = i.product_id`;
  return {
    locations,
    async page(query: StockQuery): Promise<{ rows: SkuRow[]; total: number }> {
      // A plain substring (instr, not LIKE: D1 refuses long LIKE patterns, and `%`/`_` typed match themselves).
      const where = query.q ? 'WHERE instr(lower(i.sku), lower(?1)) > 0 OR instr(lower(p.name), lower(?1)) > 0' : '';
      const params = query.q ? [query.q] : [];
      const [rows, total] = await db.batch([
        db
          .prepare(
            `SELECT ${SKU_COLUMNS} ${where} ORDER BY p.name, i.product_id, i.color_slug, i.size_order LIMIT ${STOCK_PAGE_SIZE} OFFSET ${(query.page - 1) * STOCK_PAGE_SIZE}`,
          )
          .bind(...params),
        db
          .prepare(`SELECT count(*) AS n FROM product_items i JOIN products p ON p.id = i.product_id ${where}`)
          .bind(...params),
      ]);
      return { rows: rows!.results as SkuRow[], total: (total!.results[0] as { n: number }).n };
    },
    async sku(sku: string): Promise<SkuRow | null> {
      return db.prepare(`SELECT ${SKU_COLUMNS} WHERE i.sku = ?`).bind(sku).first<SkuRow>();
    },
    async store(key: string): Promise<{ id: number; key: string; name: string } | null> {
      return db.prepare('SELECT id, key, name FROM stores WHERE key = ?').bind(key).first();
    },
    async log(productItemId: number, limit = 20): Promise<AdjustmentRow[]> {
      const { results } = await db
        .prepare(
          `SELECT a.id, i.sku, st.key AS store_key, a.reason, a.note, a.quantity_before, a.quantity_after, a.staff_id, a.created_at
             FROM stock_adjustments a JOIN product_items i ON i.id = a.product_item_id JOIN stores st ON st.id = a.store_id
            WHERE a.product_item_id = ? ORDER BY a.id DESC LIMIT ?`,
        )
        .bind(productItemId, limit)
        .all<AdjustmentRow>();
      return results;
    },
    /**
     * One adjustment, for ONE batch: the stock row exists (0 at version 0 when the SKU never had one there), the log
     * row reads `quantity_before` under the expected version (NULL → NOT NULL aborts the batch when the row moved
     * on), and the row takes its new quantity under the same version (its trigger bumps the version).
     */
    adjustStatements(w: AdjustmentWrite): D1PreparedStatement[] {
      return [
        db
          .prepare('INSERT INTO stock (product_item_id, store_id, quantity) VALUES (?, ?, 0) ON CONFLICT DO NOTHING')
          .bind(w.productItemId, w.storeId),
        db
          .prepare(
            `INSERT INTO stock_adjustments (product_item_id, store_id, reason, note, quantity_before, quantity_after, staff_id, created_at)
             VALUES (?1, ?2, ?3, ?4,
                     (SELECT quantity FROM stock WHERE product_item_id = ?1 AND store_id = ?2 AND version = ?5),
                     ?6, ?7, ?8)`,
          )
          .bind(w.productItemId, w.storeId, w.reason, w.note, w.version, w.after, w.staffId, w.at),
        db
          .prepare('UPDATE stock SET quantity = ?3 WHERE product_item_id = ?1 AND store_id = ?2 AND version = ?4')
          .bind(w.productItemId, w.storeId, w.after, w.version),
      ];
    },
    batch: (statements: D1PreparedStatement[]) => db.batch(statements),
  };
}
export type StockAdminRepo = ReturnType<typeof stockAdminRepo>;

/** The batch failed because the adjustment's version guard did not hold (the row moved on since the form was shown). */
export const isStaleVersion = (error: unknown): boolean =>
  /NOT NULL constraint failed: stock_adjustments\.quantity_before/i.test(
    String(error instanceof Error ? error.message : error),
  );
