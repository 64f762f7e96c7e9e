import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogRepo } from '../../src/commerce/catalog/repo';
import { listProducts } from '../../src/commerce/catalog/service';
import { embeddedSearch } from '../../src/commerce/search/embedded';
import { searchRepo } from '../../src/commerce/search/repo';
import { parseQuery } from '../../src/commerce/search/service';
import type { ListingQuery } from '../../src/contracts/catalog';
import { seed, sellOut } from './app-harness';
import { countTrips } from './d1-trips';

/**
 * A search's stored pages are keyed by its typed words (migration 0021): a stored search is one D1 round trip
 * (no word lookup first), and answers exactly what the full computation answers.
 */
const version = async () =>
  (await env.DB.prepare('SELECT version FROM content_version WHERE id = 1').first<{ version: number }>())!.version;
const forget = () =>
  env.DB.batch([env.DB.prepare('DELETE FROM listing_orders'), env.DB.prepare('DELETE FROM listing_summaries')]);
const query = (asked: Partial<ListingQuery> = {}): ListingQuery => ({
  tamanho: [],
  cor: [],
  departamento: [],
  pagina: 1,
  ...asked,
});
const lookedUp = (sql: string[]) => sql.some((s) => s.includes('search_terms'));

/** The full computation, nothing stored: the words looked up, then every figure of the page counted. */
async function computed(term: string, asked: ListingQuery) {
  await forget();
  const parsed = await parseQuery({ repo: searchRepo(env.DB) }, term);
  const result = await listProducts(
    { repo: catalogRepo(env.DB) },
    { kind: 'search', match: parsed.match! },
    asked,
    'relevance',
  );
  await forget();
  return { ...result, corrected: parsed.corrected };
}

const cases: [string, string, Partial<ListingQuery>][] = [
  ['a typo', 'leguing', {}],
  ['a typo, filtered and sorted', 'leguing', { cor: ['preto'], ordem: 'price-desc' }],
  ['a word, filtered and sorted', 'biquini', { tamanho: ['P', 'G'], ordem: 'price-asc' }],
  ['two words, a later page', 'legging preto', { ordem: 'newest', pagina: 2 }],
  ['two words, a department', 'saida praia', { departamento: ['feminino'] }],
  ['a prefix, accents and case', 'BIQUÍ', { preco: '100-200' }],
];

describe('stored search pages keyed by the typed words (issue 16)', () => {
  beforeAll(() => seed());
  beforeEach(() => forget());

  it.each(cases)(
    '%s: the stored answer is one D1 round trip, and what the full computation answers',
    async (_name, term, asked) => {
      const expected = await computed(term, query(asked));
      const counted = countTrips(env.DB);
      const search = embeddedSearch(counted.db);
      const first = await search.search(term, query(asked)); // nothing stored: looked up, computed, stored
      expect(lookedUp(counted.sql())).toBe(true);
      expect(first).toEqual(expected);
      counted.reset();
      const stored = await search.search(term, query(asked));
      expect(stored).toEqual(expected);
      expect(counted.trips(), counted.sql().join('\n')).toBe(1);
      expect(lookedUp(counted.sql())).toBe(false);
    },
  );

  it('the typo is corrected from the stored entry as it was from the lookup ("Você quis dizer")', async () => {
    const search = embeddedSearch(env.DB);
    await search.search('leguing', query());
    const { results } = await env.DB.prepare('SELECT key, search FROM listing_summaries').all<{
      key: string;
      search: string;
    }>();
    expect(results).toEqual([
      {
        key: JSON.stringify(['typed', 'leguing', [], [], [], null, null]),
        search: JSON.stringify({
          match: '("leguing"* OR "legging")',
          corrected: [{ from: 'leguing', to: ['legging'] }],
        }),
      },
    ]);
    expect((await search.search('Leguing', query())).corrected).toEqual([{ from: 'leguing', to: ['legging'] }]);
  });

  it('another sort or page of a stored search is computed from the stored parse, without the lookup', async () => {
    const counted = countTrips(env.DB);
    const search = embeddedSearch(counted.db);
    await search.search('leguing', query());
    counted.reset();
    const other = await search.search('leguing', query({ ordem: 'discount' }));
    expect(lookedUp(counted.sql())).toBe(false);
    expect(other).toEqual(await computed('leguing', query({ ordem: 'discount' })));
  });

  it('suggestions read the stored relevance order in one round trip, and are its first products', async () => {
    const counted = countTrips(env.DB);
    const search = embeddedSearch(counted.db);
    const listed = await search.search('legging', query());
    const suggested = await search.suggest('legging');
    expect(suggested.products.map((p) => p.id)).toEqual(listed.products.slice(0, 6).map((p) => p.id));
    counted.reset();
    expect(await search.suggest('legging')).toEqual(suggested);
    expect(lookedUp(counted.sql())).toBe(false);
    expect(counted.sql().filter((s) => s.includes('listing_orders'))).toHaveLength(3); // one batch: summary, window, swatches
  });

  it('a catalog change makes the next request look the words up and compute again', async () => {
    const counted = countTrips(env.DB);
    const search = embeddedSearch(counted.db);
    const before = await search.search('biquini', query({ ordem: 'price-asc' }));
    const v = await version();
    await sellOut(before.products[0]!.id);
    expect(await version()).toBeGreaterThan(v);
    counted.reset();
    const after = await search.search('biquini', query({ ordem: 'price-asc' }));
    expect(lookedUp(counted.sql())).toBe(true);
    expect(after.products.map((p) => p.id)).not.toContain(before.products[0]!.id);
    expect(after.total).toBe(before.total - 1);
    const { results } = await env.DB.prepare('SELECT DISTINCT version FROM listing_summaries').all<{
      version: number;
    }>();
    expect(results).toEqual([{ version: await version() }]);
    expect(after).toEqual(await computed('biquini', query({ ordem: 'price-asc' })));
  });
});
