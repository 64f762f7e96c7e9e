import { type Sort } from '../../contracts/catalog';

/** The SQL the catalog repository (repo.ts) builds its listing, search and stored-order statements from. */

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

/** The product ids at positions [?2, ?3) of the order stored under ?1 at the current content version. */
export const ORDER_WINDOW_SQL = `SELECT j.value AS id, j.key AS pos
    FROM content_version v JOIN listing_orders o ON o.key = ?1 AND o.version = v.version, json_each(o.ids) j
   WHERE v.id = 1 AND j.key >= ?2 AND j.key < ?3`;

export type Param = string | number;

export const PRODUCT_COLUMNS = `p.id, p.slug, p.name, p.category_name, p.department_slug, p.price_cents, p.list_price_cents,
                    p.discount_pct, p.pre_sale`;

export const SWATCHES_SQL = (
  placeholders: string,
) => `SELECT i.product_id, i.color_slug, i.color_name, i.color_hex, group_concat(i.id) AS item_ids,
                  (SELECT ph.file FROM product_photos ph
                    WHERE ph.product_id = i.product_id AND ph.color_slug = i.color_slug ORDER BY ph.position LIMIT 1) AS file
             FROM product_items i
            WHERE i.product_id IN (${placeholders})
            GROUP BY i.product_id, i.color_slug
            ORDER BY i.product_id, min(i.id)`;

export const SORT_SQL: Record<Sort, string> = {
  relevance: 'base.rank ASC, p.popularity DESC, p.id',
  newest: 'p.created_at DESC, p.id',
  'price-asc': 'p.price_cents ASC, p.id',
  'price-desc': 'p.price_cents DESC, p.id',
  discount: 'p.discount_pct DESC, p.popularity DESC, p.id',
};

/** A listing page walked in sort order: the sort's partial index (migration 0018) and the same order as SORT_SQL. */
export const WALK: Record<Sort, { index: string; order: string }> = {
  relevance: { index: 'products_listed_by_popularity', order: 'p.popularity DESC, p.id' },
  newest: { index: 'products_listed_by_newest', order: SORT_SQL.newest },
  'price-asc': { index: 'products_listed_by_price', order: SORT_SQL['price-asc'] },
  'price-desc': { index: 'products_listed_by_price_desc', order: SORT_SQL['price-desc'] },
  discount: { index: 'products_listed_by_discount', order: SORT_SQL.discount },
};

/** How a page is read: from the materialized base set (sorted, top-N), or walking a sort index of a listing. */
export type PagePlan = 'base' | 'walk';

export function baseSql(base: Base): [string, Param[]] {
  return base.kind === 'listing'
    ? ['SELECT product_id AS id, 0 AS rank FROM product_listings WHERE slug = ?', [base.slug]]
    : [
        'SELECT rowid AS id, bm25(products_fts, 10.0, 1.0) AS rank FROM products_fts WHERE products_fts MATCH ?',
        [base.match],
      ];
}

export const marks = (values: unknown[]) => values.map(() => '?').join(', ');

/** Some SKU of the product in stock of the chosen sizes and colours (on the same SKU), or null when none are chosen. */
function skuSql(sizes: string[], colors: string[]): [string, Param[]] | null {
  const sku: string[] = [];
  if (sizes.length) sku.push(`a.size IN (${marks(sizes)})`);
  if (colors.length) sku.push(`a.color_slug IN (${marks(colors)})`);
  if (sku.length === 0) return null;
  return [`EXISTS (SELECT 1 FROM product_items a WHERE a.product_id = p.id AND a.available = 1 AND ${sku.join(' AND ')})`, [...sizes, ...colors]];
}

/**
 * `listed`: the filter over facetsWithSql's `listed` (its columns; a chosen size or colour as its 0/1 columns, read
 * once per product) instead of products `p`; `before`: a condition checked before the SKU one (cheaper, or ruling
 * out more products).
 */
export interface FilterSqlOptions {
  listed?: boolean;
  before?: [string, Param[]];
}

/** The WHERE clause for a filter; `skip` leaves one facet's own filter out (for its facet counts). */
export function filterSql(filter: Filter, skip?: 'size' | 'color' | 'department' | 'price', options: FilterSqlOptions = {}): [string, Param[]] {
  const p = options.listed ? 'listed' : 'p';
  // `p.available = 1` also with a SKU filter (implied by it): the sort indexes (migration 0018) cover only those.
  const where = [`${p}.gift = 0`, `${p}.available = 1`];
  const params: Param[] = [];
  if (skip !== 'department' && filter.departments.length) {
    where.push(`${p}.department_slug IN (${marks(filter.departments)})`);
    params.push(...filter.departments);
  }
  if (skip !== 'price' && filter.minPrice !== null) {
    where.push(`${p}.price_cents >= ?`);
    params.push(filter.minPrice);
  }
  if (skip !== 'price' && filter.maxPrice !== null) {
    where.push(`${p}.price_cents < ?`);
    params.push(filter.maxPrice);
  }
  if (options.before) {
    where.push(options.before[0]);
    params.push(...options.before[1]);
  }
  // Available: some SKU with stock somewhere (of the chosen sizes/colours, when any are chosen). The flags are
  // kept in step with `stock` by triggers (migration 0011). Last: a probe of the product's SKUs.
  const sizes = skip === 'size' ? [] : filter.sizes;
  const colors = skip === 'color' ? [] : filter.colors;
  if (options.listed) {
    const flag = sizes.length && colors.length ? 'by_sku' : sizes.length ? 'by_size' : colors.length ? 'by_color' : null;
    if (flag) where.push(`listed.${flag} = 1`);
  } else {
    const sku = skuSql(sizes, colors);
    if (sku) {
      where.push(sku[0]);
      params.push(...sku[1]);
    }
  }
  return [where.join(' AND '), params];
}

/** The base set, computed once per statement (a full-text match is not re-run by every facet). */
export function withSql(base: Base): [string, Param[]] {
  const [sql, params] = baseSql(base);
  return [`WITH base AS MATERIALIZED (${sql})`, params];
}

/**
 * The facets' base set: its products a listing can show (not a gift, in stock), read once with the columns the
 * facets and their filters read (no bm25 rank: counts do not need it), as `listed`. A chosen size or colour is
 * checked once per product, as the 0/1 columns filterSql reads with `listed`: by_size, by_color, and by_sku (both
 * on one SKU) when both are chosen.
 */
export function facetsWithSql(base: Base, filter: Filter): [string, Param[]] {
  const [sql, params] =
    base.kind === 'listing'
      ? ['SELECT product_id AS id FROM product_listings WHERE slug = ?', [base.slug]]
      : ['SELECT rowid AS id FROM products_fts WHERE products_fts MATCH ?', [base.match]];
  const flags: [string, [string, Param[]] | null][] = [
    ['by_size', skuSql(filter.sizes, [])],
    ['by_color', skuSql([], filter.colors)],
    ['by_sku', filter.sizes.length && filter.colors.length ? skuSql(filter.sizes, filter.colors) : null],
  ];
  const columns = flags.flatMap(([name, sku]) => (sku ? [`, ${sku[0]} AS ${name}`] : [])).join('');
  // CROSS JOIN fixes the order (base set first): left free, the planner may scan every product.
  return [
    `WITH listed AS MATERIALIZED (SELECT p.id, p.gift, p.available, p.department_slug, p.department_name, p.price_cents,
                                         p.facet_sizes, p.facet_colors${columns}
                                    FROM (${sql}) base CROSS JOIN products p ON p.id = base.id WHERE p.gift = 0 AND p.available = 1)`,
    // Bound in the order they appear: the flags' sizes and colours, then the base set's.
    [...flags.flatMap(([, sku]) => sku?.[1] ?? []), ...params],
  ];
}

/** A facet counted over `listed` (facetsWithSql): its products by `value` (department, price range). */
export const FACET_SQL = (facet: string, where: string, value: string, label: string, extra: string) =>
  `SELECT '${facet}' AS facet, ${value} AS value, ${label} AS label, ${extra} AS extra, count(*) AS count
     FROM listed WHERE ${where} GROUP BY 2`;

/**
 * A size or colour facet from its products' values in stock (migration 0025: per product a JSON array of
 * [value, label or extra…]): the products grouped by their array (few distinct ones), then each array's values
 * counted once per product.
 */
export const FACET_VALUES_SQL = (facet: 'size' | 'color', where: string, label: string, extra: string) =>
  `SELECT '${facet}' AS facet, j.value ->> 0 AS value, ${label} AS label, ${extra} AS extra, sum(g.n) AS count
     FROM (SELECT listed.facet_${facet === 'size' ? 'sizes' : 'colors'} AS facet_values, count(*) AS n FROM listed WHERE ${where} GROUP BY 1) g
          CROSS JOIN json_each(g.facet_values) j
    GROUP BY j.value ->> 0`;
