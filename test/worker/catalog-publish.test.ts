import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct } from '../../src/contracts/catalog-admin';
import type { FeedPage } from '../../src/contracts/feed';
import { validGtin } from '../../src/lib/catalog/gtin';
import { makeApp, seed } from './app-harness';
import { client, createOperatorSession } from './backoffice-fixtures';
import { form, text } from './staff-fixtures';

/** Issue 30: what publishing and unpublishing a product does beyond its page (sitemap, feed, collections). */
const app = makeApp();
const SITE = 'https://www.vitrine.com.br';
let cookie: string;

const product = async (id: number) =>
  (await (await client(app, cookie).get(`/api/backoffice/products/${id}`)).json()) as AdminProduct;
/** Saves the product as the form shows it, with `published` set. */
async function publish(id: number, published: boolean) {
  const { id: _, categoryName: _c, department: _d, departmentName: _dn, photos: _ph, ...p } = await product(id);
  const res = await client(app, cookie).post(`/api/backoffice/products/${id}`, { ...p, published });
  expect(res.status, await res.clone().text()).toBe(200);
}
const listings = async (id: number) =>
  (
    await env.DB.prepare('SELECT slug FROM product_listings WHERE product_id = ? ORDER BY slug')
      .bind(id)
      .all<{ slug: string }>()
  ).results.map((r) => r.slug);

beforeAll(async () => {
  await seed();
  cookie = (await createOperatorSession()).cookie;
});

describe('an unpublished product', () => {
  it('leaves the sitemap and the Merchant Center feed; published again, it is back with its collections (novidades, outlet)', async () => {
    // A seeded product in the most collections (novidades, outlet, the menu's), and the first SKU id it has.
    const seeded = (await env.DB.prepare(
      `SELECT p.id, p.slug, (SELECT min(id) FROM product_items WHERE product_id = p.id) AS first_item
         FROM products p JOIN product_listings l ON l.product_id = p.id
        WHERE p.gift = 0 AND l.slug IN ('novidades', 'outlet')
        GROUP BY p.id ORDER BY count(*) DESC, p.id LIMIT 1`,
    ).first<{ id: number; slug: string; first_item: number }>())!;
    const rows = await listings(seeded.id);
    expect(rows.some((s) => s === 'novidades' || s === 'outlet')).toBe(true);
    const inSitemap = async () =>
      (await (await app.request(`${SITE}/sitemap-products.xml`)).text()).includes(`${SITE}/${seeded.slug}/p<`);
    // The feed's page starting at the product's first SKU (the read /feeds/google.* streams).
    const inFeed = async () =>
      (
        (await (await app.request(`/api/feed/items?after=${seeded.first_item - 1}&limit=3`)).json()) as FeedPage
      ).items.some((i) => i.productId === seeded.id);
    expect([await inSitemap(), await inFeed()]).toEqual([true, true]);

    await publish(seeded.id, false);
    expect(await listings(seeded.id)).toEqual([]);
    expect([await inSitemap(), await inFeed()]).toEqual([false, false]);

    await publish(seeded.id, true);
    expect(await listings(seeded.id)).toEqual(rows);
    expect([await inSitemap(), await inFeed()]).toEqual([true, true]);
  });
});

describe('a seeded GTIN with a wrong check digit (the feed leaves it out)', () => {
  it('does not hold back a price edit through the form; a new wrong GTIN is still refused', async () => {
    const items = (
      await env.DB.prepare(
        'SELECT product_id, gtin FROM product_items WHERE gtin IS NOT NULL ORDER BY id LIMIT 50',
      ).all<{ product_id: number; gtin: string }>()
    ).results;
    const id = items.find((i) => validGtin(i.gtin) === null)!.product_id;
    const p = await product(id);
    const typo = p.variants.findIndex((v) => v.gtin !== null && validGtin(v.gtin) === null);
    expect(typo).toBeGreaterThanOrEqual(0);
    const page = await text(await app.request(`/painel/produtos/${id}`, { headers: { cookie } }));
    expect(page).toContain('Dígito verificador inválido: fica fora do feed do Google até ser corrigido.');

    const fields: Record<string, string> = {
      name: p.name,
      slug: p.slug,
      category: p.category,
      description: p.description,
      details: p.details,
      version: String(p.version),
    };
    if (p.published) fields.published = 'on';
    p.variants.forEach((v, i) =>
      Object.assign(fields, {
        [`sku_${i}`]: v.sku,
        [`color_${i}`]: v.color,
        [`size_${i}`]: v.size,
        [`gtin_${i}`]: v.gtin ?? '',
        [`price_${i}`]: '77,70',
        [`compare_${i}`]: '',
      }),
    );
    // Another last digit: the seed's typo is the check digit plus one, so plus two is wrong too.
    const wrong = p.variants[typo]!.gtin!.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    expect(validGtin(wrong)).toBeNull();
    const refused = await app.request(`/painel/produtos/${id}`, form({ ...fields, [`gtin_${typo}`]: wrong }, cookie));
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain(`GTIN inválido no SKU ${p.variants[typo]!.sku}`);

    const saved = await app.request(`/painel/produtos/${id}`, form(fields, cookie));
    expect(saved.status, await text(saved.clone())).toBe(303);
    const after = await product(id);
    expect(after.variants.map((v) => [v.price, v.compareAt, v.gtin])).toEqual(
      p.variants.map((v) => [7770, null, v.gtin]),
    );
  });
});
