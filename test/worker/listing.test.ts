import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { ListingResultSchema } from '../../src/contracts/catalog';
import { makeApp, seed } from './app-harness';

const { request } = makeApp();

async function listing(slug: string, extra = '') {
  const res = await request(`/api/catalog/listing?slug=${slug}${extra}`);
  expect(res.status).toBe(200);
  return ListingResultSchema.parse(await res.json());
}

describe('listing', () => {
  beforeAll(() => seed());

  it('lists a department with facets and pages of 24', async () => {
    const result = await listing('moda-praia');
    expect(result.total).toBeGreaterThan(24);
    expect(result.products).toHaveLength(24);
    expect(result.pages).toBe(Math.ceil(result.total / 24));
    expect(result.facets.sizes.map((s) => s.value)).toEqual(expect.arrayContaining(['P', 'M', 'G']));
    expect(result.facets.colors.length).toBeGreaterThan(3);
    const page2 = await listing('moda-praia', '&pagina=2');
    expect(page2.products[0]!.id).not.toBe(result.products[0]!.id);
  });

  it('filtering by a size shows only products with stock in that size', async () => {
    const result = await listing('fitness/leggings', '&tamanho=XGG');
    expect(result.total).toBeGreaterThan(0);
    const ids = result.products.map((p) => p.id);
    const { results } = await env.DB.prepare(
      `SELECT p.id, sum(s.quantity) AS qty FROM products p JOIN product_items i ON i.product_id = p.id AND i.size = 'XGG'
         JOIN stock s ON s.product_item_id = i.id WHERE p.id IN (${ids.join(',')}) GROUP BY p.id`,
    ).all<{ id: number; qty: number }>();
    expect(results).toHaveLength(ids.length);
    for (const r of results) expect(r.qty).toBeGreaterThan(0);
  });

  it('a size sold out everywhere filters its product out', async () => {
    const { results } = await env.DB.prepare(
      `SELECT i.product_id, i.size FROM product_items i JOIN products p ON p.id = i.product_id AND p.gift = 0
        GROUP BY i.product_id, i.size
       HAVING (SELECT sum(s.quantity) FROM stock s JOIN product_items j ON j.id = s.product_item_id
                WHERE j.product_id = i.product_id AND j.size = i.size) = 0 LIMIT 1`,
    ).all<{ product_id: number; size: string }>();
    const soldOut = results[0]!;
    const { results: cat } = await env.DB.prepare('SELECT category_slug FROM products WHERE id = ?')
      .bind(soldOut.product_id)
      .all<{ category_slug: string }>();
    const all = await listing(cat[0]!.category_slug, `&tamanho=${encodeURIComponent(soldOut.size)}`);
    expect(all.products.map((p) => p.id)).not.toContain(soldOut.product_id);
  });

  it('sorts by price both ways and by discount', async () => {
    const up = await listing('fitness', '&ordem=price-asc');
    const down = await listing('fitness', '&ordem=price-desc');
    const prices = up.products.map((p) => p.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(down.products[0]!.priceCents).toBeGreaterThanOrEqual(up.products.at(-1)!.priceCents);
    const disc = await listing('outlet', '&ordem=discount');
    const d = disc.products.map((p) => p.discountPct);
    expect(d).toEqual([...d].sort((a, b) => b - a));
    expect(d.every((x) => x >= 30)).toBe(true);
  });

  it('filters by price bucket, colour and department', async () => {
    const cheap = await listing('moda', '&preco=0-100');
    expect(cheap.products.every((p) => p.priceCents < 10_000)).toBe(true);
    const black = await listing('moda-praia', '&cor=preto');
    expect(black.products.every((p) => p.swatches.some((s) => s.slug === 'preto'))).toBe(true);
    const dept = await listing('novidades', '&departamento=fitness');
    expect(dept.products.every((p) => p.departmentSlug === 'fitness')).toBe(true);
  });

  it('keeps other sizes in the size facet while one is chosen', async () => {
    const result = await listing('moda-praia', '&tamanho=M');
    expect(result.facets.sizes.length).toBeGreaterThan(1);
  });

  it('ignores malformed facet values instead of failing', async () => {
    const result = await listing('moda-praia', '&pagina=-3&ordem=banana&preco=999');
    expect(result.page).toBe(1);
  });

  it('rejects a malformed slug with a 400', async () => {
    const res = await request('/api/catalog/listing?slug=../../etc');
    expect(res.status).toBe(400);
  });

  it('aggregates a column of the menu (moda/roupas) from its categories, never pulling other departments', async () => {
    const roupas = await listing('moda/roupas');
    expect(roupas.total).toBeGreaterThan(0);
    expect(roupas.products.every((p) => p.departmentSlug === 'moda')).toBe(true);
  });
});
