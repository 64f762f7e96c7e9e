import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogRepo, type Base, type Filter } from '../../src/commerce/catalog/repo';
import { STORED_PER_VERSION } from '../../src/commerce/catalog/stored-repo';
import {
  filterFrom,
  firstProducts,
  listProducts,
  PER_PAGE,
  STORED_POSITIONS,
} from '../../src/commerce/catalog/service';
import { SORTS, type ListingQuery, type Sort } from '../../src/contracts/catalog';
import { seedStatements } from '../../src/db/seed';
import { sellOut } from './app-harness';

/**
 * The first pages of a listing or a search are stored in sort order once per content version (migration 0020).
 * Every page read from the stored order must be the page the full computation gives, and a catalog change must
 * show in the next request.
 */
const PRODUCTS = 1000; // fitness holds more products than the stored positions at this size

const version = async () =>
  (await env.DB.prepare('SELECT version FROM content_version WHERE id = 1').first<{ version: number }>())!.version;
const orders = async () =>
  (
    await env.DB.prepare('SELECT key, version, ids FROM listing_orders').all<{
      key: string;
      version: number;
      ids: string;
    }>()
  ).results;
const forget = () =>
  env.DB.batch([env.DB.prepare('DELETE FROM listing_orders'), env.DB.prepare('DELETE FROM listing_summaries')]);

const deps = () => ({ repo: catalogRepo(env.DB) });
const query = (filter: Partial<ListingQuery>, sort: Sort, pagina: number): ListingQuery => ({
  tamanho: [],
  cor: [],
  departamento: [],
  ...filter,
  ordem: sort,
  pagina,
});

/** The page as the full computation gives it: the page query itself, nothing stored. */
async function computed(base: Base, filter: Filter, sort: Sort, offset: number, limit = PER_PAGE): Promise<number[]> {
  return (await catalogRepo(env.DB).page(base, filter, sort, limit, offset)).map((r) => r.id);
}

describe('the first pages stored in sort order per content version', () => {
  beforeAll(async () => {
    await env.DB.batch(
      seedStatements(new Date(), { products: PRODUCTS }).map((s) => env.DB.prepare(s.sql).bind(...s.params)),
    );
  });

  const bases: [string, Base, Partial<ListingQuery>][] = [
    ['a large listing', { kind: 'listing', slug: 'fitness' }, {}],
    ['a listing, filtered', { kind: 'listing', slug: 'moda-praia' }, { tamanho: ['M'] }],
    ['a listing, two filters', { kind: 'listing', slug: 'fitness' }, { cor: ['preto'], departamento: ['feminino'] }],
    ['a search', { kind: 'search', match: '"legging"*' }, {}],
    ['a search of a common word', { kind: 'search', match: '"de"*' }, {}],
    ['a search, filtered', { kind: 'search', match: '"biquini"*' }, { tamanho: ['P', 'G'] }],
  ];

  it('the large cases hold more products than are stored (pages past them are computed)', async () => {
    const large: Base[] = [
      { kind: 'listing', slug: 'fitness' },
      { kind: 'search', match: '"de"*' },
    ];
    for (const base of large) {
      const { total } = await listProducts(deps(), base, query({}, 'relevance', 1), 'relevance');
      expect(total, JSON.stringify(base)).toBeGreaterThan(STORED_POSITIONS);
    }
  });

  it.each(bases)(
    '%s: every page, stored or not, is the page the full computation gives, in every sort',
    async (_name, base, asked) => {
      for (const sort of SORTS) {
        await forget();
        const filter = filterFrom(query(asked, sort, 1));
        const first = await listProducts(deps(), base, query(asked, sort, 1), 'relevance'); // computed, then stored
        const pages = Math.min(first.pages, STORED_POSITIONS / PER_PAGE + 2);
        for (let page = 1; page <= pages; page++) {
          const offset = (page - 1) * PER_PAGE;
          const expected = await computed(base, filter, sort, offset);
          const read = await listProducts(deps(), base, query(asked, sort, page), 'relevance');
          expect(
            read.products.map((p) => p.id),
            `${sort} page ${page}`,
          ).toEqual(expected);
          expect(read.total).toBe(first.total);
        }
        const stored = await orders();
        expect(stored).toHaveLength(1);
        expect(stored[0]!.version).toBe(await version());
        expect(JSON.parse(stored[0]!.ids)).toEqual(await computed(base, filter, sort, 0, STORED_POSITIONS));
      }
    },
  );

  it('a page read from the stored order has the same cards as the page computed on the first request', async () => {
    const base: Base = { kind: 'search', match: '"biquini"*' };
    for (const page of [1, 2, 3]) {
      await forget();
      const counted = await listProducts(deps(), base, query({}, 'price-asc', page), 'relevance');
      expect((await orders()).length).toBe(1);
      expect(await listProducts(deps(), base, query({}, 'price-asc', page), 'relevance')).toEqual(counted);
    }
  });

  it('suggestions are the first products of the stored relevance order', async () => {
    await forget();
    const base: Base = { kind: 'search', match: '"legging"*' };
    const { cards: suggested, version: read } = await firstProducts(deps(), base, 'relevance', 6);
    expect(read).toBe(await version());
    expect(suggested.map((p) => p.id)).toEqual(
      await computed(base, filterFrom(query({}, 'relevance', 1)), 'relevance', 0, 6),
    );
    expect(await firstProducts(deps(), base, 'relevance', 6)).toEqual({ cards: suggested, version: read });
    const listed = await listProducts(deps(), base, query({}, 'relevance', 1), 'relevance');
    expect(listed.products.slice(0, 6)).toEqual(suggested);
  });

  it('a catalog change shows in the next request, and only the current version stays stored', async () => {
    await forget();
    const base: Base = { kind: 'listing', slug: 'fitness' };
    const before = await listProducts(deps(), base, query({}, 'relevance', 1), 'relevance');
    await listProducts(deps(), { kind: 'search', match: '"legging"*' }, query({}, 'newest', 1), 'relevance');
    expect((await orders()).length).toBe(2);
    const v = await version();
    const product = before.products[0]!;
    await sellOut(product.id);
    expect(await version()).toBeGreaterThan(v);
    const after = await listProducts(deps(), base, query({}, 'relevance', 1), 'relevance');
    expect(after.products.map((p) => p.id)).not.toContain(product.id);
    expect(after.products.map((p) => p.id)).toEqual(
      await computed(base, filterFrom(query({}, 'relevance', 1)), 'relevance', 0),
    );
    const stored = await orders();
    expect(stored.map((r) => r.version)).toEqual([await version()]);
    // A price change reorders the stored price order on the next request.
    const cheapest = await listProducts(deps(), base, query({}, 'price-asc', 1), 'relevance');
    const last = cheapest.products[cheapest.products.length - 1]!;
    await env.DB.prepare('UPDATE products SET price_cents = 1 WHERE id = ?').bind(last.id).run();
    const repriced = await listProducts(deps(), base, query({}, 'price-asc', 1), 'relevance');
    expect(repriced.products[0]!.id).toBe(last.id);
    expect(repriced.products.map((p) => p.id)).toEqual(
      await computed(base, filterFrom(query({}, 'price-asc', 1)), 'price-asc', 0),
    );
  });

  it('stores at most STORED_PER_VERSION orders and summaries per version: typed queries cannot grow the tables without bound', async () => {
    await forget();
    const v = await version();
    const fill = (table: string, columns: string, values: string) =>
      env.DB.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
         INSERT INTO ${table} (${columns}) SELECT 'filler-' || i, ?2, ${values} FROM n`,
      )
        .bind(STORED_PER_VERSION, v)
        .run();
    await fill('listing_orders', 'key, version, ids', "'[]'");
    await fill('listing_summaries', 'key, version, total, facets', "0, '[]'");
    const base: Base = { kind: 'search', match: '"biquini"*' };
    const first = await listProducts(deps(), base, query({}, 'relevance', 1), 'relevance');
    // Answered all the same (computed), but nothing more stored.
    expect(first.products.map((p) => p.id)).toEqual(
      await computed(base, filterFrom(query({}, 'relevance', 1)), 'relevance', 0),
    );
    for (const table of ['listing_orders', 'listing_summaries']) {
      const { n } = (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!;
      expect(n, table).toBe(STORED_PER_VERSION);
    }
    await forget();
  });
});
