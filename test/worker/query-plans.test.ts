import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogRepo, type Filter } from '../../src/commerce/catalog/repo';
import { customersRepo } from '../../src/commerce/customers/repo';
import { productRepo } from '../../src/commerce/product/repo';
import { searchRepo } from '../../src/commerce/search/repo';
import { seed } from './app-harness';

/**
 * The hot listing, search and product queries, as the repositories build them, run against the real D1 and
 * their plans checked: no full scan of a catalog table (issue 16: search and listings at 100k products).
 * The recorder only notes each statement's SQL and parameters; D1 executes everything.
 */
function recording(db: D1Database) {
  const seen: { sql: string; params: unknown[] }[] = [];
  const wrap = (sql: string, stmt: D1PreparedStatement, params: unknown[] = []): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, prop) {
        if (prop === 'bind') return (...values: unknown[]) => wrap(sql, target.bind(...values), values);
        if (prop === 'all' || prop === 'first' || prop === 'run' || prop === 'raw') seen.push({ sql, params });
        const value = Reflect.get(target, prop) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  const recorder = {
    prepare: (sql: string) => wrap(sql, db.prepare(sql)),
    batch: (statements: D1PreparedStatement[]) => {
      for (const s of statements) void (s as unknown as { all: unknown }).all; // notes the statement
      return db.batch(statements.map((s) => s));
    },
  } as unknown as D1Database;
  return { recorder, seen };
}

const CATALOG_TABLES =
  /^(?:SCAN) (?:products|product_items|product_listings|product_photos|stock|search_terms|search_term_variants|listing_summaries|listing_orders|p|i|a|s|l|ph|o|c)\b(?! USING (?:INDEX|COVERING INDEX|INTEGER PRIMARY KEY))/;

async function plan(sql: string, params: unknown[]): Promise<string[]> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((r) => r.detail);
}

const NO_FILTER: Filter = { sizes: [], colors: [], departments: [], minPrice: null, maxPrice: null };
const FILTERED: Filter = {
  sizes: ['M'],
  colors: ['preto'],
  departments: ['moda-praia'],
  minPrice: 5000,
  maxPrice: 30000,
};

describe('query plans of the hot listing, search and product queries', () => {
  beforeAll(() => seed());

  const cases: [string, (db: D1Database) => Promise<unknown>][] = [
    [
      'listing page',
      (db) => catalogRepo(db).page({ kind: 'listing', slug: 'moda-praia' }, NO_FILTER, 'relevance', 24, 0),
    ],
    [
      'listing page, filtered, by price',
      (db) => catalogRepo(db).page({ kind: 'listing', slug: 'moda-praia' }, FILTERED, 'price-asc', 24, 24),
    ],
    ...(['relevance', 'newest', 'price-asc', 'price-desc', 'discount'] as const).map(
      (sort): [string, (db: D1Database) => Promise<unknown>] => [
        `listing page walked in ${sort} order`,
        (db) => catalogRepo(db).page({ kind: 'listing', slug: 'moda-praia' }, FILTERED, sort, 24, 24, 'walk'),
      ],
    ),
    ['listing facets', (db) => catalogRepo(db).facets({ kind: 'listing', slug: 'moda-praia' }, FILTERED)],
    ['listing facets, unfiltered', (db) => catalogRepo(db).facets({ kind: 'listing', slug: 'moda-praia' }, NO_FILTER)],
    [
      'search page',
      (db) => catalogRepo(db).page({ kind: 'search', match: '"biquini"*' }, NO_FILTER, 'relevance', 24, 0),
    ],
    ['search facets', (db) => catalogRepo(db).facets({ kind: 'search', match: '"biquini"*' }, NO_FILTER)],
    [
      'listing summary (stored facet counts and total)',
      (db) => catalogRepo(db).summary('["listing","moda-praia",[],[],[],null,null]'),
    ],
    [
      'storing a listing summary',
      (db) => catalogRepo(db).storeSummary('["listing","plan-test",[],[],[],null,null]', 1, { total: 0, facets: [] }),
    ],
    [
      'stored summary, catalog size and a window of the stored order (its products and swatches) in one batch',
      async (db) => {
        await catalogRepo(env.DB).storeOrder(
          '["plan-test","relevance"]',
          (await catalogRepo(env.DB).contentVersion())!,
          [3, 1, 2],
        );
        return catalogRepo(db).summary(
          '["listing","plan-test",[],[],[],null,null]',
          { key: '["plan-test","relevance"]', offset: 1, limit: 24 },
          '["catalog"]',
        );
      },
    ],
    [
      'storing the first positions of an order',
      (db) => catalogRepo(db).storeOrder('["plan-test","relevance"]', 1, [1, 2, 3]),
    ],
    ['swatches', (db) => catalogRepo(db).swatches([1, 2, 3, 4, 5])],
    [
      'search terms and their neighbours',
      (db) =>
        searchRepo(db).lookup([
          { word: 'biquni', prefix: false, deletions: ['iquni', 'bquni'] },
          { word: 'bi', prefix: true, deletions: null },
        ]),
    ],
    ['product by slug', (db) => productRepo(db).bySlug('x')],
    ['product items', (db) => productRepo(db).items(1)],
    ['product photos', (db) => productRepo(db).photos(1)],
  ];

  it('the check sees a full scan when there is one', async () => {
    const details = await plan('SELECT p.id FROM products p WHERE p.name = ?', ['x']);
    expect(
      details.some((d) => CATALOG_TABLES.test(d)),
      details.join('\n'),
    ).toBe(true);
    const items = await plan('SELECT i.id FROM product_items i WHERE i.sku = ? OR i.size = ?', ['x', 'M']);
    expect(
      items.some((d) => CATALOG_TABLES.test(d)),
      items.join('\n'),
    ).toBe(true);
  });

  it.each(cases)('%s: no full scan of a catalog table', async (_name, run) => {
    const { recorder, seen } = recording(env.DB);
    await run(recorder);
    expect(seen.length).toBeGreaterThan(0);
    for (const { sql, params } of seen) {
      const details = await plan(sql, params);
      const scans = details.filter((d) => CATALOG_TABLES.test(d));
      expect(scans, `${sql}\n${details.join('\n')}`).toEqual([]);
    }
  });

  // A customer read (every signed-in page) asks whether a seller code is linked to the account (migration 0023).
  it('reading a customer looks up their seller codes by index, not by walking the sellers table', async () => {
    const { recorder, seen } = recording(env.DB);
    await customersRepo(recorder).byId(1);
    expect(seen.length).toBe(1);
    const details = await plan(seen[0]!.sql, seen[0]!.params);
    expect(
      details.filter((d) => /^SCAN sellers\b/.test(d)),
      details.join('\n'),
    ).toEqual([]);
    expect(
      details.some((d) => /sellers USING (?:COVERING )?INDEX sellers_customer/.test(d)),
      details.join('\n'),
    ).toBe(true);
  });
});
