// What a listing stores per content version (migration 0016): its summary (facet counts, total, a search's parse)
// and the first ids of its order, read back in one round trip with the page they hold.
import type { FacetRow, ProductRow, SwatchRow } from './rows';
import { ORDER_WINDOW_SQL, PRODUCT_COLUMNS, SWATCHES_SQL } from './sql';

/**
 * At most this many summaries, and as many stored orders, per content version: every search query a visitor types
 * is a key, so past this the rest are computed on each request instead of growing the table without bound.
 */
export const STORED_PER_VERSION = 5000;

/** What a typed search's words were looked up as: its full-text match, and the words corrected (typos). */
export interface SearchParse {
  match: string;
  corrected: { from: string; to: string[] }[];
}

/** A listing's facet counts and total as stored for one content version (migration 0017). */
export interface StoredSummary {
  total: number;
  facets: FacetRow[];
  /** A search keyed by its typed words: what its words were looked up as at that version (migration 0021). */
  search?: SearchParse | null;
}

/** Which positions of a stored order to read. */
export interface OrderWindow {
  key: string;
  offset: number;
  limit: number;
}

/** What `summary` reads at the current content version. */
export interface StoredRead {
  version: number | null;
  stored: StoredSummary | null;
  /** How many product ids the stored order holds (migration 0020), and the window's products and swatches. */
  order: { length: number; rows: ProductRow[]; swatches: SwatchRow[] } | null;
  catalog: number | null;
}

export interface StoredListingsRepo {
  /**
   * The current content version and what is stored at that version (null: none yet): the summary for `key`, and
   * with `order` the length of the order stored under `order.key` (migration 0020), the products at its positions
   * `offset` to `offset + limit` with their swatches, and the catalog's size (the summary under `catalogKey`), all
   * in one round trip.
   */
  summary(key: string, order?: OrderWindow, catalogKey?: string): Promise<StoredRead>;
  /** Stores `key`'s summary as computed at `version`, and drops the rows of older versions. */
  storeSummary(key: string, version: number, summary: StoredSummary): Promise<void>;
  /** Stores the first ids of `key`'s order as computed at `version`, and drops the rows of older versions. */
  storeOrder(key: string, version: number, ids: number[]): Promise<void>;
  /** `content_version` (migration 0016: bumped by triggers whenever what anonymous pages show changes). */
  contentVersion(): Promise<number | null>;
}

export function storedListingsRepo(db: D1Database): StoredListingsRepo {
  return {
    async contentVersion() {
      const row = await db.prepare('SELECT version FROM content_version WHERE id = 1').first<{ version: number }>();
      return row?.version ?? null;
    },
    async summary(key, order, catalogKey = '') {
      const read = db
        .prepare(
          `SELECT v.version, s.total, s.facets, s.search, json_array_length(o.ids) AS length, c.total AS catalog
             FROM content_version v
             LEFT JOIN listing_summaries s ON s.key = ?1 AND s.version = v.version
             LEFT JOIN listing_orders o ON o.key = ?2 AND o.version = v.version
             LEFT JOIN listing_summaries c ON c.key = ?3 AND c.version = v.version
            WHERE v.id = 1`,
        )
        .bind(key, order?.key ?? '', catalogKey);
      type Read = {
        version: number;
        total: number | null;
        facets: string | null;
        search: string | null;
        length: number | null;
        catalog: number | null;
      };
      let row: Read | undefined;
      let window: { rows: ProductRow[]; swatches: SwatchRow[] } = { rows: [], swatches: [] };
      if (order) {
        // One batch (one transaction, one round trip): the window is read at the version the summary is.
        const bounds = [order.key, order.offset, order.offset + order.limit];
        const [summary, rows, swatches] = await db.batch<Read | ProductRow | SwatchRow>([
          read,
          db
            .prepare(
              `WITH w AS (${ORDER_WINDOW_SQL}) SELECT ${PRODUCT_COLUMNS} FROM w CROSS JOIN products p ON p.id = w.id ORDER BY w.pos`,
            )
            .bind(...bounds),
          db.prepare(SWATCHES_SQL(`SELECT id FROM (${ORDER_WINDOW_SQL})`)).bind(...bounds),
        ]);
        row = summary!.results[0] as Read | undefined;
        window = { rows: rows!.results as ProductRow[], swatches: swatches!.results as SwatchRow[] };
      } else {
        row = (await read.first<Read>()) ?? undefined;
      }
      if (!row) return { version: null, stored: null, order: null, catalog: null };
      const stored =
        row.total === null || row.facets === null
          ? null
          : {
              total: row.total,
              facets: JSON.parse(row.facets) as FacetRow[],
              search: row.search === null ? null : (JSON.parse(row.search) as SearchParse),
            };
      return {
        version: row.version,
        stored,
        order: row.length === null ? null : { length: row.length, ...window },
        catalog: row.catalog,
      };
    },

    async storeSummary(key, version, summary) {
      await db.batch([
        db
          .prepare(
            `INSERT INTO listing_summaries (key, version, total, facets, search)
             SELECT ?1, ?2, ?3, ?4, ?6 WHERE (SELECT count(*) FROM listing_summaries WHERE version = ?2) < ?5
             ON CONFLICT (key) DO UPDATE SET version = excluded.version, total = excluded.total, facets = excluded.facets,
                                             search = excluded.search
              WHERE excluded.version >= listing_summaries.version`,
          )
          .bind(
            key,
            version,
            summary.total,
            JSON.stringify(summary.facets),
            STORED_PER_VERSION,
            summary.search ? JSON.stringify(summary.search) : null,
          ),
        db.prepare('DELETE FROM listing_summaries WHERE version < ?').bind(version),
      ]);
    },

    async storeOrder(key, version, ids) {
      await db.batch([
        db
          .prepare(
            `INSERT INTO listing_orders (key, version, ids)
             SELECT ?1, ?2, ?3 WHERE (SELECT count(*) FROM listing_orders WHERE version = ?2) < ?4
             ON CONFLICT (key) DO UPDATE SET version = excluded.version, ids = excluded.ids
              WHERE excluded.version >= listing_orders.version`,
          )
          .bind(key, version, JSON.stringify(ids), STORED_PER_VERSION),
        db.prepare('DELETE FROM listing_orders WHERE version < ?').bind(version),
      ]);
    },
  };
}
