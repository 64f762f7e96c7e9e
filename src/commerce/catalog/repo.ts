import { PRICE_BUCKETS, type Sort } from '../../contracts/catalog';
import {
  FACET_VALUES_SQL,
  facetsWithSql,
  filterSql,
  marks,
  ORDER_WINDOW_SQL,
  PRODUCT_COLUMNS,
  SWATCHES_SQL,
  SORT_SQL,
  WALK,
  withSql,
  type Base,
  type Filter,
  type PagePlan,
  type Param,
} from './sql';

/**
 * At most this many summaries, and as many stored orders, per content version: every search query a visitor types
 * is a key, so past this the rest are computed on each request instead of growing the table without bound.
 */
export const STORED_PER_VERSION = 5000;

export type { Base, Filter, PagePlan } from './sql';

export interface ProductRow {
  id: number;
  slug: string;
  name: string;
  category_name: string;
  department_slug: string;
  price_cents: number;
  list_price_cents: number;
  discount_pct: number;
  pre_sale: number;
}

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

export interface SwatchRow {
  product_id: number;
  color_slug: string;
  color_name: string;
  color_hex: string;
  file: string | null;
  /** The colour's product item ids, comma-separated. */
  item_ids: string;
}

export interface FacetRow {
  facet: 'size' | 'color' | 'department' | 'price';
  value: string;
  label: string;
  extra: string | null;
  count: number;
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

export interface CatalogRepo {
  /**
   * One page in sort order. `base`: the base set materialized, then a bounded top-N sort (no count over the whole
   * result set); `walk` (listings only): the sort's index walked until the page is full, each product checked
   * against the listing and the filter — cheap when the listing is a large share of the catalog.
   */
  page(base: Base, filter: Filter, sort: Sort, limit: number, offset: number, plan?: PagePlan): Promise<ProductRow[]>;
  /** Products a listing can show (not a gift, in stock) in the whole catalog. */
  catalogSize(): Promise<number>;
  facets(base: Base, filter: Filter): Promise<FacetRow[]>;
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
  swatches(productIds: number[]): Promise<SwatchRow[]>;
  /** `content_version` (migration 0016: bumped by triggers whenever what anonymous pages show changes). */
  contentVersion(): Promise<number | null>;
}

export function catalogRepo(db: D1Database): CatalogRepo {
  return {
    async contentVersion() {
      const row = await db.prepare('SELECT version FROM content_version WHERE id = 1').first<{ version: number }>();
      return row?.version ?? null;
    },
    async page(base, filter, sort, limit, offset, plan = 'base') {
      if (plan === 'walk' && base.kind === 'listing') {
        const walk = WALK[sort];
        // The listing checked before the chosen sizes and colours: it rules out most products the walk visits.
        const listed = 'EXISTS (SELECT 1 FROM product_listings l WHERE l.slug = ? AND l.product_id = p.id)';
        const [where, whereParams] = filterSql(filter, undefined, { before: [listed, [base.slug]] });
        const { results } = await db
          .prepare(
            `SELECT ${PRODUCT_COLUMNS}
               FROM products p INDEXED BY ${walk.index}
              WHERE ${where}
              ORDER BY ${walk.order}
              LIMIT ? OFFSET ?`,
          )
          .bind(...whereParams, limit, offset)
          .all<ProductRow>();
        return results;
      }
      const [where, whereParams] = filterSql(filter);
      const [withClause, withParams] = withSql(base);
      const { results } = await db
        .prepare(
          `${withClause}
           SELECT ${PRODUCT_COLUMNS}
             FROM products p JOIN base ON base.id = p.id
            WHERE ${where}
            ORDER BY ${SORT_SQL[sort]}
            LIMIT ? OFFSET ?`,
        )
        .bind(...withParams, ...whereParams, limit, offset)
        .all<ProductRow>();
      return results;
    },

    async catalogSize() {
      const row = await db
        .prepare(
          'SELECT count(*) AS n FROM products INDEXED BY products_listed_by_popularity WHERE gift = 0 AND available = 1',
        )
        .first<{ n: number }>();
      return row?.n ?? 0;
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

    async facets(base, filter) {
      const priceRange = `CASE ${PRICE_BUCKETS.map(
        (b) => `WHEN p.price_cents >= ${b.min}${b.max === null ? '' : ` AND p.price_cents < ${b.max}`} THEN '${b.key}'`,
      ).join(' ')} END`;
      const [withClause, withParams] = facetsWithSql(base, filter, priceRange);
      // Each facet counts with every filter but its own, so choosing a size still shows the other sizes.
      const facet = (skip: FacetRow['facet'], sql: (where: string) => string): [string, Param[]] => {
        const [where, params] = filterSql(filter, skip, { flags: skip === 'color' ? 'base' : 'listed' });
        return [sql(where), params];
      };
      const parts = [
        facet('size', (where) =>
          FACET_VALUES_SQL(
            'size',
            `SELECT listed.facet_sizes AS facet_values, listed.n FROM listed WHERE ${where}`,
            'j.value ->> 0',
            'min(j.value ->> 1)',
          ),
        ),
        // The colours group the base set's products again (by their colours in stock): `listed` is not grouped by them.
        facet('color', (where) =>
          FACET_VALUES_SQL(
            'color',
            `SELECT p.facet_colors AS facet_values, count(*) AS n FROM base CROSS JOIN products p ON p.id = base.id WHERE ${where} GROUP BY 1`,
            'j.value ->> 1',
            'j.value ->> 2',
          ),
        ),
        facet(
          'department',
          (where) =>
            `SELECT 'department', listed.department_slug, listed.department_name, NULL, sum(listed.n) FROM listed WHERE ${where} GROUP BY 2`,
        ),
        facet(
          'price',
          (where) =>
            `SELECT 'price', listed.price_range, '', NULL, sum(listed.n) FROM listed WHERE ${where} GROUP BY 2`,
        ),
      ];
      const { results } = await db
        .prepare(`${withClause} ${parts.map(([sql]) => sql).join(' UNION ALL ')}`)
        .bind(...withParams, ...parts.flatMap(([, params]) => params))
        .all<FacetRow>();
      return results;
    },

    async swatches(productIds) {
      if (productIds.length === 0) return [];
      const { results } = await db
        .prepare(SWATCHES_SQL(marks(productIds)))
        .bind(...productIds)
        .all<SwatchRow>();
      return results;
    },
  };
}
