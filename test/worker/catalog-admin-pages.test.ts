import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { formCents } from '../../src/pages/backoffice/product-input';
import { createOperatorSession } from './backoffice-fixtures';
import { count } from './checkout-helpers';
import { createCustomerSession, makeApp, makeProxyPair, ORIGIN, seed } from './app-harness';

const app = makeApp();
const form = (fields: Record<string, string>, cookie: string): RequestInit => ({
  method: 'POST',
  headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', cookie },
  body: new URLSearchParams(fields).toString(),
});
const text = async (res: Response) =>
  (await res.text())
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/<!-- -->/g, '');
let cookie: string;
let category: string;

beforeAll(async () => {
  await seed();
  cookie = (await createOperatorSession()).cookie;
  category = (await env.DB.prepare(
    "SELECT category_slug FROM products WHERE gift = 0 AND category_slug LIKE '%/%' LIMIT 1",
  ).first<{ category_slug: string }>())!.category_slug;
});

describe('/painel/produtos', () => {
  it('prices typed in reais: 199 / 199,90 / 1.299,90 / 199.9', () => {
    expect([
      formCents('199'),
      formCents('199,90'),
      formCents('1.299,90'),
      formCents('199.9'),
      formCents('abc'),
      formCents(''),
    ]).toEqual([19900, 19990, 129990, 19990, null, null]);
  });

  it('signed out → login; a customer → 404; the list searches', async () => {
    expect((await app.request('/painel/produtos')).status).toBe(303);
    expect(
      (await app.request('/painel/produtos', { headers: { cookie: (await createCustomerSession()).cookie } })).status,
    ).toBe(404);
    const name = (await env.DB.prepare('SELECT name FROM products WHERE gift = 0 LIMIT 1').first<{ name: string }>())!
      .name;
    const html = await text(
      await app.request(`/painel/produtos?q=${encodeURIComponent(name)}`, { headers: { cookie } }),
    );
    expect(html).toContain(name);
    expect(html).toContain('Novo produto');
  });

  it('every product the list shows opens its edit form (gift items are not listed)', async () => {
    const html = await text(await app.request('/painel/produtos', { headers: { cookie } }));
    const ids = [...html.matchAll(/href="\/painel\/produtos\/(\d+)"/g)].map((m) => Number(m[1]));
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      const res = await app.request(`/painel/produtos/${id}`, { headers: { cookie } });
      expect(res.status, `/painel/produtos/${id}`).toBe(200);
      await res.body?.cancel();
    }
    const gift = (await env.DB.prepare('SELECT name FROM products WHERE gift = 1 LIMIT 1').first<{ name: string }>())!;
    expect(html).not.toContain(gift.name);
  });

  it('creates a product with 2 colours × 4 sizes without JS, then edits its price; a stale form is a 409', async () => {
    const slug = `saia-painel-${Date.now()}`;
    const res = await app.request(
      '/painel/produtos',
      form(
        {
          name: 'Saia Painel Ondina',
          slug,
          category,
          description: 'Saia leve.',
          details: 'Linho.',
          published: 'on',
          newColors: 'Areia, Oliva',
          newSizes: 'P, M, G, GG',
          newPrice: '189,90',
          newCompare: '',
        },
        cookie,
      ),
    );
    expect(res.status).toBe(303);
    const id = Number(/\/painel\/produtos\/(\d+)\?ok=1/.exec(res.headers.get('location')!)![1]);
    expect(await count('product_items WHERE product_id = ?', id)).toBe(8);
    const edit = await text(await app.request(`/painel/produtos/${id}`, { headers: { cookie } }));
    expect(edit).toContain('value="189,90"');
    const fields: Record<string, string> = {
      name: 'Saia Painel Ondina',
      slug,
      category,
      description: 'Saia leve.',
      details: 'Linho.',
      published: 'on',
      version: /name="version" value="(\d+)"/.exec(edit)![1]!,
    };
    const skus = [...edit.matchAll(/name="sku_(\d+)"[^>]*value="([^"]+)"/g)];
    expect(skus).toHaveLength(8);
    for (const [, i, sku] of skus) {
      fields[`sku_${i}`] = sku!;
      fields[`color_${i}`] = new RegExp(`name="color_${i}"[^>]*value="([^"]+)"`).exec(edit)![1]!;
      fields[`size_${i}`] = new RegExp(`name="size_${i}"[^>]*value="([^"]+)"`).exec(edit)![1]!;
      fields[`price_${i}`] = '149,90';
    }
    const saved = await app.request(`/painel/produtos/${id}`, form(fields, cookie));
    expect(saved.status).toBe(303);
    expect(
      (await env.DB.prepare('SELECT price_cents FROM products WHERE id = ?').bind(id).first<{ price_cents: number }>())!
        .price_cents,
    ).toBe(14990);
    const stale = await app.request(`/painel/produtos/${id}`, form({ ...fields, name: 'Outra Saia' }, cookie));
    expect(stale.status).toBe(409);
    expect(await text(stale)).toContain('alterado por outra pessoa');
    const bad = await app.request(
      `/painel/produtos/${id}`,
      form({ ...fields, version: String(Number(fields.version) + 1), gtin_0: '1234567890123' }, cookie),
    );
    expect(bad.status).toBe(400);
    expect(await text(bad)).toContain('GTIN inválido');
    expect(
      (await env.DB.prepare('SELECT name FROM products WHERE id = ?').bind(id).first<{ name: string }>())!.name,
    ).toBe('Saia Painel Ondina');
  });

  it('proxy mode: the section says the upstream owns the catalog and a post changes nothing', async () => {
    const { proxy } = makeProxyPair();
    const before = await count('products');
    expect(await text(await proxy.request('/painel/produtos', { headers: { cookie } }))).toContain(
      'o catálogo pertence a ele',
    );
    const post = await proxy.request(
      '/painel/produtos',
      form({ name: 'X', slug: 'x-proxy', category, newColors: 'Azul', newSizes: 'P', newPrice: '10' }, cookie),
    );
    expect(post.status).toBe(409);
    expect(await count('products')).toBe(before);
  });
});
