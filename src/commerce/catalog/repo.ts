// The catalog's listing queries: a page in sort order, the facet counts, the swatches and the catalog's size;
// what is stored per content version (summaries, orders) is stored-repo.ts, joined here into one `CatalogRepo`.
import { PRICE_BUCKETS, type Sort } from '../../contracts/catalog';
import type { FacetRow, ProductRow, SwatchRow } from './rows';
import { storedListingsRepo, type StoredListingsRepo } from './stored-repo';
import {
  FACET_VALUES_SQL,
  facetsWithSql,
  filterSql,
  marks,
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

export type { Base, Filter, PagePlan } from './sql';

export interface CatalogRepo extends StoredListingsRepo {
  /**
   * One page in sort order. `base`: the base set materialized, then a bounded top-N sort (no count over the whole
   * result set); `walk` (listings only): the sort's index walked until the page is full, each product checked
   * against the listing and the filter — cheap when the listing is a large share of the catalog.
   */
  page(base: Base, filter: Filter, sort: Sort, limit: number, offset: number, plan?: PagePlan): Promise<ProductRow[]>;
  /** Products a listing can show (not a gift, in stock) in the whole catalog. */
  catalogSize(): Promise<number>;
  facets(base: Base, filter: Filter): Promise<FacetRow[]>;
  swatches(productIds: number[]): Promise<SwatchRow[]>;
}

export function catalogRepo(db: D1Database): CatalogRepo {
  return {
    ...storedListingsRepo(db),
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
