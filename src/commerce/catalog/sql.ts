import { type Sort } from '../../contracts/catalog';
import { dict } from '../../lib/security/dict';

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

export const SORT_SQL: Record<Sort, string> = dict({
  relevance: 'base.rank ASC, p.popularity DESC, p.id',
  newest: 'p.created_at DESC, p.id',
  'price-asc': 'p.price_cents ASC, p.id',
  'price-desc': 'p.price_cents DESC, p.id',
  discount: 'p.discount_pct DESC, p.popularity DESC, p.id',
});

/** A listing page walked in sort order: the sort's partial index (migration 0018) and the same order as SORT_SQL. */
export const WALK: Record<Sort, { index: string; order: string }> = dict({
  relevance: { index: 'products_listed_by_popularity', order: 'p.popularity DESC, p.id' },
  newest: { index: 'products_listed_by_newest', order: SORT_SQL.newest },
  'price-asc': { index: 'products_listed_by_price', order: SORT_SQL['price-asc'] },
  'price-desc': { index: 'products_listed_by_price_desc', order: SORT_SQL['price-desc'] },
  discount: { index: 'products_listed_by_discount', order: SORT_SQL.discount },
});

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

/**
 * Some SKU of product `id` in stock of the chosen sizes and colours (on the same SKU), or null when none are
 * chosen.
 */
function skuSql(sizes: string[], colors: string[], id = 'p.id'): [string, Param[]] | null {
  const sku: string[] = [];
  if (sizes.length) sku.push(`a.size IN (${marks(sizes)})`);
  if (colors.length) sku.push(`a.color_slug IN (${marks(colors)})`);
  if (sku.length === 0) return null;
  return [
    `EXISTS (SELECT 1 FROM product_items a WHERE a.product_id = ${id} AND a.available = 1 AND ${sku.join(' AND ')})`,
    [...sizes, ...colors],
  ];
}

/** The price range chosen, as conditions on products `p`, or null when none is. */
function priceSql(filter: Filter): [string, Param[]] | null {
  const where: string[] = [];
  const params: Param[] = [];
  if (filter.minPrice !== null) {
    where.push('p.price_cents >= ?');
    params.push(filter.minPrice);
  }
  if (filter.maxPrice !== null) {
    where.push('p.price_cents < ?');
    params.push(filter.maxPrice);
  }
  return where.length ? [where.join(' AND '), params] : null;
}

/** Which 0/1 column of facetsWithSql's `base` (and `listed`) holds the SKU condition of these sizes and colours. */
const skuFlag = (sizes: string[], colors: string[]) =>
  sizes.length && colors.length ? 'by_sku' : sizes.length ? 'by_size' : colors.length ? 'by_color' : null;

/**
 * `flags`: the filter over facetsWithSql's sets, the chosen sizes or colours read as their 0/1 columns: over
 * `listed` (its columns, the price range a 0/1 column too) instead of products `p`, or over `base` joined with
 * products `p`. `before`: a condition checked before the SKU one (cheaper, or ruling out more products).
 */
export interface FilterSqlOptions {
  flags?: 'listed' | 'base';
  before?: [string, Param[]];
}

/** The WHERE clause for a filter; `skip` leaves one facet's own filter out (for its facet counts). */
export function filterSql(
  filter: Filter,
  skip?: 'size' | 'color' | 'department' | 'price',
  options: FilterSqlOptions = {},
): [string, Param[]] {
  // `p.available = 1` also with a SKU filter (implied by it): the sort indexes (migration 0018) cover only those.
  // `listed` holds only such products.
  const listed = options.flags === 'listed';
  const where = listed ? ['1'] : ['p.gift = 0', 'p.available = 1'];
  const params: Param[] = [];
  if (skip !== 'department' && filter.departments.length) {
    where.push(`${listed ? 'listed' : 'p'}.department_slug IN (${marks(filter.departments)})`);
    params.push(...filter.departments);
  }
  const price = skip === 'price' ? null : priceSql(filter);
  if (price && listed) where.push('listed.by_price = 1');
  else if (price) {
    where.push(price[0]);
    params.push(...price[1]);
  }
  if (options.before) {
    where.push(options.before[0]);
    params.push(...options.before[1]);
  }
  // Available: some SKU with stock somewhere (of the chosen sizes/colours, when any are chosen). The flags are
  // kept in step with `stock` by triggers (migration 0011). Last: a probe of the product's SKUs.
  const sizes = skip === 'size' ? [] : filter.sizes;
  const colors = skip === 'color' ? [] : filter.colors;
  const flag = skuFlag(sizes, colors);
  const sku = skuSql(sizes, colors);
  if (flag && options.flags) where.push(`${options.flags}.${flag} = 1`);
  else if (sku) {
    where.push(sku[0]);
    params.push(...sku[1]);
  }
  return [where.join(' AND '), params];
}

/** The base set, computed once per statement (a full-text match is not re-run by every facet). */
export function withSql(base: Base): [string, Param[]] {
  const [sql, params] = baseSql(base);
  return [`WITH base AS MATERIALIZED (${sql})`, params];
}

/**
 * The facets' sets. `base`: the base set's ids (no bm25 rank: counts do not need it), with the SKU conditions of
 * the filter the facets leave out in turn as 0/1 columns, each checked once per product: by_size, by_color, and
 * by_sku (the chosen sizes and colours on one SKU) when both are chosen. `listed`: its products a listing can show
 * (not a gift, in stock) grouped by what the size, department and price facets read — the sizes in stock
 * (migration 0025), the department, the price range — and by those columns and the price range chosen (by_price),
 * with `n` products each. filterSql reads them with `flags`.
 */
export function facetsWithSql(base: Base, filter: Filter, priceRange: string): [string, Param[]] {
  const [sql, params] =
    base.kind === 'listing'
      ? ['SELECT product_id AS id FROM product_listings WHERE slug = ?', [base.slug]]
      : ['SELECT rowid AS id FROM products_fts WHERE products_fts MATCH ?', [base.match]];
  // The SKU conditions each facet reads (filterSql picks one by the sizes and colours it keeps), each once.
  const flags = new Map<string, [string, Param[]]>();
  const kept: [string[], string[]][] = [
    [filter.sizes, []],
    [[], filter.colors],
    [filter.sizes, filter.colors],
  ];
  for (const [sizes, colors] of kept) {
    const [name, exists] = [skuFlag(sizes, colors), skuSql(sizes, colors, 'ids.id')];
    if (name && exists) flags.set(name, exists);
  }
  const sku = [...flags];
  const price = priceSql(filter);
  const columns = [...sku.map(([name]) => `, base.${name}`), price ? `, ${price[0]} AS by_price` : ''].join('');
  const groups = [...sku.map(([name]) => `, base.${name}`), price ? ', by_price' : ''].join('');
  // CROSS JOIN fixes the order (base set first): left free, the planner may scan every product.
  return [
    `WITH base AS MATERIALIZED (SELECT ids.id${sku.map(([name, [exists]]) => `, ${exists} AS ${name}`).join('')} FROM (${sql}) ids),
     listed AS MATERIALIZED (
       SELECT p.facet_sizes, p.department_slug, p.department_name, ${priceRange} AS price_range${columns}, count(*) AS n
         FROM base CROSS JOIN products p ON p.id = base.id WHERE p.gift = 0 AND p.available = 1
        GROUP BY p.facet_sizes, p.department_slug, price_range${groups})`,
    // Bound in the order they appear: the SKU conditions' sizes and colours, the base set's, the price range's.
    [...sku.flatMap(([, [, flagParams]]) => flagParams), ...params, ...(price?.[1] ?? [])],
  ];
}

/**
 * A size or colour facet from its products' values in stock (migration 0025: per product a JSON array of
 * [value, label or extra…]), `from` giving the arrays (facet_values) with how many products have each (n): each
 * array's values are counted once per product.
 */
export const FACET_VALUES_SQL = (facet: 'size' | 'color', from: string, label: string, extra: string) =>
  `SELECT '${facet}' AS facet, j.value ->> 0 AS value, ${label} AS label, ${extra} AS extra, sum(g.n) AS count
     FROM (${from}) g CROSS JOIN json_each(g.facet_values) j
    GROUP BY j.value ->> 0`;
