import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogRepo, type Filter } from '../../src/commerce/catalog/repo';
import { pagePlan } from '../../src/commerce/catalog/service';
import { ListingResultSchema, SORTS, SearchResultSchema } from '../../src/contracts/catalog';
import { makeApp, seed, sellOut } from './app-harness';

const { request } = makeApp();

async function get(path: string) {
  const res = await request(path);
  expect(res.status).toBe(200);
  const body: unknown = await res.json();
  return path.startsWith('/api/search') ? SearchResultSchema.parse(body) : ListingResultSchema.parse(body);
}

const version = async () =>
  (await env.DB.prepare('SELECT version FROM content_version WHERE id = 1').first<{ version: number }>())!.version;
const stored = async () =>
  (
    await env.DB.prepare('SELECT key, version, total FROM listing_summaries').all<{
      key: string;
      version: number;
      total: number;
    }>()
  ).results;

/** Listed, not a gift, with some SKU in stock (of `size`, when given): counted straight from the stock table. */
async function countedInStock(slug: string, size?: string): Promise<number> {
  const row = await env.DB.prepare(
    `SELECT count(*) AS n FROM products p JOIN product_listings l ON l.product_id = p.id AND l.slug = ?1
      WHERE p.gift = 0 AND EXISTS (SELECT 1 FROM product_items i JOIN stock s ON s.product_item_id = i.id
                                    WHERE i.product_id = p.id AND s.quantity > 0 AND (?2 IS NULL OR i.size = ?2))`,
  )
    .bind(slug, size ?? null)
    .first<{ n: number }>();
  return row!.n;
}

describe('facet counts and totals stored per content version (issue 16)', () => {
  beforeAll(() => seed());

  it.each([
    '/api/catalog/listing?slug=moda-praia',
    '/api/catalog/listing?slug=moda-praia&tamanho=M&ordem=price-asc',
    '/api/catalog/listing?slug=fitness/leggings&cor=preto&pagina=2',
    '/api/catalog/listing?slug=moda-praia&departamento=feminino&preco=100-200',
    '/api/search?q=biquini',
    '/api/search?q=leguing',
  ])('%s: the stored summary is what counting over the result set gives', async (path) => {
    await env.DB.exec('DELETE FROM listing_summaries');
    const counted = await get(path); // nothing stored: counted over the result set, then stored
    const rows = (await stored()).filter((r) => r.key !== '["catalog"]'); // the catalog's size is stored too (listings)
    expect(rows).toHaveLength(1);
    expect(rows[0]!.version).toBe(await version());
    expect(rows[0]!.total).toBe(counted.total);
    const fromStore = await get(path);
    expect(fromStore).toEqual(counted);
  });

  it('the total is every listed product in stock, and each size count the products with that size in stock', async () => {
    const all = await get('/api/catalog/listing?slug=moda-praia');
    expect(all.total).toBe(await countedInStock('moda-praia'));
    const m = all.facets.sizes.find((s) => s.value === 'M')!;
    expect(m.count).toBe(await countedInStock('moda-praia', 'M'));
    const onlyM = await get('/api/catalog/listing?slug=moda-praia&tamanho=M');
    expect(onlyM.total).toBe(m.count);
    expect(onlyM.facets.departments.reduce((sum, d) => sum + d.count, 0)).toBe(onlyM.total);
  });

  it('a catalog change shows in the next request: counts are taken again and older rows are dropped', async () => {
    const path = '/api/catalog/listing?slug=moda-praia';
    const before = await get(path);
    const other = await get('/api/catalog/listing?slug=fitness/leggings');
    expect(other.total).toBeGreaterThan(0);
    const v = await version();
    // One listed product sells out everywhere: its flags change, and so does the content version.
    const product = before.products[0]!;
    await sellOut(product.id);
    expect(await version()).toBeGreaterThan(v);
    const after = await get(path);
    expect(after.total).toBe(before.total - 1);
    expect(after.total).toBe(await countedInStock('moda-praia'));
    expect(after.products.map((p) => p.id)).not.toContain(product.id);
    // Only the current version's rows remain.
    const rows = await stored();
    expect(new Set(rows.map((r) => r.version))).toEqual(new Set([await version()]));
    // The catalog's size (which chooses how a listing page is read) is counted again too.
    const catalog = rows.find((r) => r.key === '["catalog"]');
    const inStock = await env.DB.prepare('SELECT count(*) AS n FROM products WHERE gift = 0 AND available = 1').first<{
      n: number;
    }>();
    expect(catalog?.total).toBe(inStock!.n);
  });

  it('each size and colour count is the products with a SKU of it in stock, also after one SKU sells out', async () => {
    // Straight from the stock table: no availability flag, no per-product array (migration 0025).
    const fromStock = async (column: 'size' | 'color_slug') =>
      Object.fromEntries(
        (
          await env.DB.prepare(
            `SELECT i.${column} AS value, count(DISTINCT p.id) AS n FROM products p
               JOIN product_listings l ON l.product_id = p.id AND l.slug = 'moda-praia'
               JOIN product_items i ON i.product_id = p.id JOIN stock s ON s.product_item_id = i.id AND s.quantity > 0
              WHERE p.gift = 0 GROUP BY i.${column}`,
          ).all<{ value: string; n: number }>()
        ).results.map((r) => [r.value, r.n]),
      );
    const counts = (facet: { value: string; count: number }[]) =>
      Object.fromEntries(facet.map((f) => [f.value, f.count]));
    const check = async () => {
      const { facets } = await get('/api/catalog/listing?slug=moda-praia');
      expect(counts(facets.sizes)).toEqual(await fromStock('size'));
      expect(counts(facets.colors)).toEqual(await fromStock('color_slug'));
    };
    await check();
    // A product's only SKU in stock of some size sells out: the product stays listed, without that size.
    const sku = await env.DB.prepare(
      `SELECT i.id FROM product_items i JOIN product_listings l ON l.product_id = i.product_id AND l.slug = 'moda-praia'
        WHERE i.available = 1
          AND (SELECT count(*) FROM product_items o WHERE o.product_id = i.product_id AND o.available = 1 AND o.size = i.size) = 1
          AND EXISTS (SELECT 1 FROM product_items o WHERE o.product_id = i.product_id AND o.available = 1 AND o.size <> i.size)
        LIMIT 1`,
    ).first<{ id: number }>();
    await env.DB.prepare('UPDATE stock SET quantity = 0 WHERE product_item_id = ?').bind(sku!.id).run();
    await check();
  });

  it('walking a sort index gives the same pages as sorting the listing, for every sort and filter', async () => {
    const repo = catalogRepo(env.DB);
    const none: Filter = { sizes: [], colors: [], departments: [], minPrice: null, maxPrice: null };
    const filters: Filter[] = [
      none,
      { ...none, sizes: ['M'] },
      { ...none, colors: ['preto'], minPrice: 10_000, maxPrice: 20_000 },
      { ...none, sizes: ['P', 'G'], departments: ['feminino'] },
    ];
    for (const slug of ['moda-praia', 'fitness/leggings']) {
      for (const filter of filters) {
        for (const sort of SORTS) {
          for (const offset of [0, 24, 96]) {
            const base = { kind: 'listing' as const, slug };
            const sorted = await repo.page(base, filter, sort, 24, offset, 'base');
            const walked = await repo.page(base, filter, sort, 24, offset, 'walk');
            expect(walked, `${slug} ${JSON.stringify(filter)} ${sort} +${offset}`).toEqual(sorted);
          }
        }
      }
    }
  });

  it('walks only when that reads fewer products than the listing holds', () => {
    const listing = { kind: 'listing' as const, slug: 'moda-praia' };
    expect(pagePlan(listing, 22_000, 100_000, 0, 24)).toBe('walk'); // ~110 products visited instead of 22,000
    expect(pagePlan(listing, 22_000, 100_000, 23_976, 24)).toBe('base'); // the last page: the whole catalog
    expect(pagePlan(listing, 100, 100_000, 0, 24)).toBe('base'); // a small listing
    expect(pagePlan(listing, 0, 100_000, 0, 24)).toBe('base');
    expect(pagePlan({ kind: 'search', match: '"biquini"*' }, 22_000, 100_000, 0, 24)).toBe('base'); // ranked by bm25
  });
});
