import { PRICE_BUCKETS, type Sort } from '../../contracts/catalog';

/** Which products a listing starts from: a menu slug, or a full-text match expression. */
export type Base = { kind: 'listing'; slug: string } | { kind: 'search'; match: string };

export interface Filter {
  sizes: string[];
  colors: string[];
  departments: string[];
  /** Integer cents, inclusive lower / exclusive upper bound. */
  minPrice: number | null;
  maxPrice: number | null;
}

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

/** A listing's facet counts and total as stored for one content version (migration 0017). */
export interface StoredSummary {
  total: number;
  facets: FacetRow[];
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

type Param = string | number;

const SORT_SQL: Record<Sort, string> = {
  relevance: 'base.rank ASC, p.popularity DESC, p.id',
  newest: 'p.created_at DESC, p.id',
  'price-asc': 'p.price_cents ASC, p.id',
  'price-desc': 'p.price_cents DESC, p.id',
  discount: 'p.discount_pct DESC, p.popularity DESC, p.id',
};

/** A listing page walked in sort order: the sort's partial index (migration 0018) and the same order as SORT_SQL. */
const WALK: Record<Sort, { index: string; order: string }> = {
  relevance: { index: 'products_listed_by_popularity', order: 'p.popularity DESC, p.id' },
  newest: { index: 'products_listed_by_newest', order: SORT_SQL.newest },
  'price-asc': { index: 'products_listed_by_price', order: SORT_SQL['price-asc'] },
  'price-desc': { index: 'products_listed_by_price_desc', order: SORT_SQL['price-desc'] },
  discount: { index: 'products_listed_by_discount', order: SORT_SQL.discount },
};

/** How a page is read: from the materialized base set (sorted, top-N), or walking a sort index of a listing. */
export type PagePlan = 'base' | 'walk';

function baseSql(base: Base): [string, Param[]] {
  return base.kind === 'listing'
    ? ['SELECT product_id AS id, 0 AS rank FROM product_listings WHERE slug = ?', [base.slug]]
    : ['SELECT rowid AS id, bm25(products_fts, 10.0, 1.0) AS rank FROM products_fts WHERE products_fts MATCH ?', [base.match]];
}

const marks = (values: unknown[]) => values.map(() => '?').join(', ');

/** The WHERE clause for a filter; `skip` leaves one facet's own filter out (for its facet counts). */
function filterSql(filter: Filter, skip?: 'size' | 'color' | 'department' | 'price'): [string, Param[]] {
  const where = ['p.gift = 0'];
  const params: Param[] = [];
  const sku: string[] = [];
  if (skip !== 'size' && filter.sizes.length) {
    sku.push(`a.size IN (${marks(filter.sizes)})`);
    params.push(...filter.sizes);
  }
  if (skip !== 'color' && filter.colors.length) {
    sku.push(`a.color_slug IN (${marks(filter.colors)})`);
    params.push(...filter.colors);
  }
  // Available: some SKU with stock somewhere (of the chosen sizes/colours, when any are chosen). The flags are
  // kept in step with `stock` by triggers (migration 0011).
  // `p.available = 1` also with a SKU filter (implied by it): the sort indexes (migration 0018) cover only those.
  where.push('p.available = 1');
  if (sku.length) where.push(`EXISTS (SELECT 1 FROM product_items a WHERE a.product_id = p.id AND a.available = 1 AND ${sku.join(' AND ')})`);
  if (skip !== 'department' && filter.departments.length) {
    where.push(`p.department_slug IN (${marks(filter.departments)})`);
    params.push(...filter.departments);
  }
  if (skip !== 'price' && filter.minPrice !== null) {
    where.push('p.price_cents >= ?');
    params.push(filter.minPrice);
  }
  if (skip !== 'price' && filter.maxPrice !== null) {
    where.push('p.price_cents < ?');
    params.push(filter.maxPrice);
  }
  return [where.join(' AND '), params];
}

/** The base set, computed once per statement (a full-text match is not re-run by every facet). */
function withSql(base: Base): [string, Param[]] {
  const [sql, params] = baseSql(base);
  return [`WITH base AS MATERIALIZED (${sql})`, params];
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
  /** The current content version and the summary stored for `key` at that version (null: none yet). */
  summary(key: string): Promise<{ version: number | null; stored: StoredSummary | null }>;
  /** Stores `key`'s summary as computed at `version`, and drops the rows of older versions. */
  storeSummary(key: string, version: number, summary: StoredSummary): Promise<void>;
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
      const [where, whereParams] = filterSql(filter);
      if (plan === 'walk' && base.kind === 'listing') {
        const walk = WALK[sort];
        const { results } = await db
          .prepare(
            `SELECT p.id, p.slug, p.name, p.category_name, p.department_slug, p.price_cents, p.list_price_cents,
                    p.discount_pct, p.pre_sale
               FROM products p INDEXED BY ${walk.index}
              WHERE ${where} AND EXISTS (SELECT 1 FROM product_listings l WHERE l.slug = ? AND l.product_id = p.id)
              ORDER BY ${walk.order}
              LIMIT ? OFFSET ?`,
          )
          .bind(...whereParams, base.slug, limit, offset)
          .all<ProductRow>();
        return results;
      }
      const [withClause, withParams] = withSql(base);
      const { results } = await db
        .prepare(
          `${withClause}
           SELECT p.id, p.slug, p.name, p.category_name, p.department_slug, p.price_cents, p.list_price_cents,
                  p.discount_pct, p.pre_sale
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
      const row = await db.prepare('SELECT count(*) AS n FROM products INDEXED BY products_listed_by_popularity WHERE gift = 0 AND available = 1').first<{ n: number }>();
      return row?.n ?? 0;
    },

    async summary(key) {
      const row = await db
        .prepare(
          `SELECT v.version, s.total, s.facets
             FROM content_version v LEFT JOIN listing_summaries s ON s.key = ?1 AND s.version = v.version
            WHERE v.id = 1`,
        )
        .bind(key)
        .first<{ version: number; total: number | null; facets: string | null }>();
      if (!row) return { version: null, stored: null };
      const stored = row.total === null || row.facets === null ? null : { total: row.total, facets: JSON.parse(row.facets) as FacetRow[] };
      return { version: row.version, stored };
    },

    async storeSummary(key, version, summary) {
      await db.batch([
        db
          .prepare(
            `INSERT INTO listing_summaries (key, version, total, facets) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (key) DO UPDATE SET version = excluded.version, total = excluded.total, facets = excluded.facets
              WHERE excluded.version >= listing_summaries.version`,
          )
          .bind(key, version, summary.total, JSON.stringify(summary.facets)),
        db.prepare('DELETE FROM listing_summaries WHERE version < ?').bind(version),
      ]);
    },

    async facets(base, filter) {
      const [withClause, withParams] = withSql(base);
      // Each facet counts with every filter but its own, so choosing a size still shows the other sizes.
      const facet = (skip: FacetRow['facet'], select: string, join: string, groupBy: string): [string, Param[]] => {
        const [where, params] = filterSql(filter, skip);
        // CROSS JOIN fixes the order (base set first): left free, the planner may scan every available SKU.
        return [`SELECT '${skip}' AS facet, ${select} FROM base CROSS JOIN products p ON p.id = base.id ${join} WHERE ${where} GROUP BY ${groupBy}`, params];
      };
      const joinAvail = 'CROSS JOIN product_items a ON a.product_id = p.id AND a.available = 1';
      const priceCases = PRICE_BUCKETS.map(
        (b) => `WHEN p.price_cents >= ${b.min}${b.max === null ? '' : ` AND p.price_cents < ${b.max}`} THEN '${b.key}'`,
      ).join(' ');
      const parts = [
        facet('size', 'a.size AS value, a.size AS label, min(a.size_order) AS extra, count(DISTINCT p.id) AS count', joinAvail, 'a.size'),
        facet('color', 'a.color_slug AS value, a.color_name AS label, a.color_hex AS extra, count(DISTINCT p.id) AS count', joinAvail, 'a.color_slug'),
        facet('department', 'p.department_slug AS value, p.department_name AS label, NULL AS extra, count(*) AS count', '', 'p.department_slug'),
        facet('price', `CASE ${priceCases} END AS value, '' AS label, NULL AS extra, count(*) AS count`, '', 'value'),
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
        .prepare(
          `SELECT i.product_id, i.color_slug, i.color_name, i.color_hex, group_concat(i.id) AS item_ids,
                  (SELECT ph.file FROM product_photos ph
                    WHERE ph.product_id = i.product_id AND ph.color_slug = i.color_slug ORDER BY ph.position LIMIT 1) AS file
             FROM product_items i
            WHERE i.product_id IN (${marks(productIds)})
            GROUP BY i.product_id, i.color_slug
            ORDER BY i.product_id, min(i.id)`,
        )
        .bind(...productIds)
        .all<SwatchRow>();
      return results;
    },
  };
}
