import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CategoryOption, ProductSaved } from '../../src/contracts/catalog-admin';
import { client, createOperatorSession } from './backoffice-fixtures';
import { count } from './checkout-helpers';
import { createCustomerSession, makeApp, seed } from './app-harness';

const app = makeApp();
let operator: ReturnType<typeof client>;
let category: CategoryOption;

const contentVersion = async () =>
  (await env.DB.prepare('SELECT version FROM content_version').first<{ version: number }>())!.version;
const COLORS = ['Azul Petróleo', 'Terracota'];
const SIZES = ['P', 'M', 'G', 'GG'];
let seq = 0;
function newProduct(extra: Record<string, unknown> = {}) {
  seq += 1;
  const slug = `vestido-painel-${Date.now()}-${seq}`;
  return {
    name: `Vestido Painel Zíngaro ${seq}`,
    slug,
    description: 'Vestido criado pelo painel da loja.',
    details: 'Viscose.',
    category: category.category,
    published: true,
    variants: COLORS.flatMap((color, c) =>
      SIZES.map((size) => ({ sku: `PNL${seq}-${c}-${size}`, color, size, gtin: null, price: 19990, compareAt: 25990 })),
    ),
    ...extra,
  };
}
const listingSlugs = async (slug: string) => {
  const res = await app.request(
    `/api/catalog/listing?slug=${encodeURIComponent(category.category)}&pageSize=100&sort=newest`,
  );
  return res.status === 200 ? JSON.stringify(await res.json()).includes(`"${slug}"`) : false;
};

beforeAll(async () => {
  await seed();
  operator = client(app, (await createOperatorSession()).cookie);
  const res = await operator.get('/api/backoffice/products/categories');
  expect(res.status).toBe(200);
  category = ((await res.json()) as CategoryOption[]).find((c) => c.category.includes('/'))!;
});

describe('/api/backoffice/products', () => {
  it('creates a published product with 2 colours × 4 sizes: product page, search and listing show it; the content version moved', async () => {
    const v0 = await contentVersion();
    const body = newProduct();
    const res = await operator.post('/api/backoffice/products', body);
    expect(res.status).toBe(201);
    const saved = (await res.json()) as ProductSaved;
    expect(saved.product.variants).toHaveLength(8);
    expect(saved.before).toMatchObject({ name: null });
    expect(saved.after).toMatchObject({ name: body.name, published: true });
    expect(await contentVersion()).toBeGreaterThan(v0);
    expect(await count('product_listings WHERE product_id = ?', saved.product.id)).toBeGreaterThanOrEqual(2);
    // Stock at the factory so it sells (through the stock section).
    await env.DB.prepare(
      'INSERT INTO stock (product_item_id, store_id, quantity) SELECT id, 1, 5 FROM product_items WHERE product_id = ?',
    )
      .bind(saved.product.id)
      .run();
    const page = await app.request(`/api/products/${body.slug}`);
    expect(page.status).toBe(200);
    const search = await app.request(`/api/search?q=${encodeURIComponent('zingaro')}`);
    expect(JSON.stringify(await search.json())).toContain(body.slug);
    expect(await listingSlugs(body.slug)).toBe(true);
  });

  it('an edit changes the price everywhere; a stale save is a 409 and changes nothing', async () => {
    const created = (await (await operator.post('/api/backoffice/products', newProduct())).json()) as ProductSaved;
    const p = created.product;
    const v0 = await contentVersion();
    const edit = {
      ...newProduct(),
      slug: p.slug,
      name: p.name,
      variants: p.variants.map((v) => ({ ...v, price: 14990 })),
      version: p.version,
    };
    const res = await operator.post(`/api/backoffice/products/${p.id}`, edit);
    expect(res.status).toBe(200);
    const saved = (await res.json()) as ProductSaved;
    expect(saved.after[`variant:${p.variants[0]!.sku}`]).toMatchObject({ price: 14990 });
    expect(saved.before[`variant:${p.variants[0]!.sku}`]).toMatchObject({ price: 19990 });
    expect(await contentVersion()).toBeGreaterThan(v0);
    expect(
      (await env.DB.prepare('SELECT price_cents FROM products WHERE id = ?')
        .bind(p.id)
        .first<{ price_cents: number }>())!.price_cents,
    ).toBe(14990);
    const stale = await operator.post(`/api/backoffice/products/${p.id}`, {
      ...edit,
      name: 'Outro Nome',
      version: p.version,
    });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: string }).error).toMatch(/alterado por outra pessoa.*Nada foi salvo/);
    expect(
      (await env.DB.prepare('SELECT name FROM products WHERE id = ?').bind(p.id).first<{ name: string }>())!.name,
    ).toBe(p.name);
  });

  it('two saves of one form at once: exactly one applies', async () => {
    const p = ((await (await operator.post('/api/backoffice/products', newProduct())).json()) as ProductSaved).product;
    const bodies = Array.from({ length: 10 }, (_, i) => ({
      ...newProduct(),
      slug: p.slug,
      name: `Nome ${i}`,
      variants: p.variants,
      version: p.version,
    }));
    const statuses = (await Promise.all(bodies.map((b) => operator.post(`/api/backoffice/products/${p.id}`, b)))).map(
      (r) => r.status,
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect(await count('product_edits WHERE product_id = ?', p.id)).toBe(2);
  });

  it('unpublish: the product page is 404 and it leaves listings and search', async () => {
    const body = newProduct();
    const p = ((await (await operator.post('/api/backoffice/products', body)).json()) as ProductSaved).product;
    const res = await operator.post(`/api/backoffice/products/${p.id}`, {
      ...body,
      variants: p.variants,
      published: false,
      version: p.version,
    });
    expect(res.status).toBe(200);
    expect((await app.request(`/api/products/${body.slug}`)).status).toBe(404);
    expect(await count('product_listings WHERE product_id = ?', p.id)).toBe(0);
    expect(await count('products_fts WHERE rowid = ?', p.id)).toBe(0);
  });

  it('bad input → pt-BR 4xx and nothing written; a customer → 403', async () => {
    const before = await count('products');
    const post = (b: unknown) => operator.post('/api/backoffice/products', b);
    const cases: [unknown, number, RegExp][] = [
      [
        newProduct({
          variants: [{ sku: 'X1', color: 'Azul', size: 'P', gtin: '7891234567890', price: 100, compareAt: null }],
        }),
        400,
        /GTIN inválido/,
      ],
      [newProduct({ slug: 'Com Espaço' }), 400, /slug/],
      [newProduct({ category: 'nao/existe' }), 422, /Categoria/],
      [newProduct({ name: 'a\u0000b' }), 400, /caracteres inválidos/],
      [newProduct({ variants: [] }), 400, /ao menos uma variante/],
      [{ ...newProduct(), __proto__: { published: true } }, 201, /./],
      [JSON.parse(`{"__proto__": {"x": 1}, ${JSON.stringify(newProduct()).slice(1)}`), 400, /./],
      [
        newProduct({ variants: [{ sku: 'X2', color: 'Azul', size: 'P', gtin: null, price: 100, compareAt: 50 }] }),
        400,
        /preço "de"/,
      ],
    ];
    let created = 0;
    for (const [b, status, message] of cases) {
      const res = await post(b);
      expect(res.status, JSON.stringify(b)).toBe(status);
      if (status === 201) created += 1;
      else expect(((await res.json()) as { error: string }).error).toMatch(message);
    }
    const seeded = (await env.DB.prepare('SELECT slug FROM products WHERE gift = 0 LIMIT 1').first<{ slug: string }>())!
      .slug;
    expect((await post(newProduct({ slug: seeded }))).status).toBe(409);
    const customer = client(app, (await createCustomerSession()).cookie);
    expect((await customer.post('/api/backoffice/products', newProduct())).status).toBe(403);
    expect(await count('products')).toBe(before + created);
  });
});
