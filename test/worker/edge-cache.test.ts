import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { cartOf, post, skus } from './cart-helpers';
import { edgeHit } from '../../src/edge-hit';
import { edgeCache, edgeKey } from '../../src/pages/edge-cache';
import { bootstrapJson, createCustomerSession, makeApp, ORIGIN, seed, type TestApp } from './app-harness';

const app: TestApp = makeApp();
const { request } = app;

function nonceOf(res: Response): string {
  return (res.headers.get('content-security-policy') ?? '').match(/'nonce-([^']+)'/)![1]!;
}

/** The page with this response's nonce taken out, to compare what two shoppers got. */
async function bodyWithoutNonce(res: Response): Promise<string> {
  const nonce = nonceOf(res);
  const html = await res.text();
  expect(html).toContain(`nonce="${nonce}"`);
  // HTMLRewriter writes a void element whose nonce it rewrote as `<link … />` (React: `<link …/>`): same markup.
  return html.replaceAll(`nonce="${nonce}" />`, `nonce="${nonce}"/>`).replaceAll(nonce, 'NONCE');
}

async function version(): Promise<number> {
  return (await env.DB.prepare('SELECT version FROM content_version WHERE id = 1').first<{ version: number }>())!.version;
}

describe('edge cache for anonymous pages (issue 16)', () => {
  let cartCookie = '';

  beforeAll(async () => {
    await seed();
    // Shopper A has a cart (the `cart` cookie); shopper B has nothing.
    const [sku] = await skus(1);
    const cart = await cartOf(await post(app, '/api/cart', { productItemId: sku!.id, amount: 2 }));
    cartCookie = `cart=${cart.hash}`;
  });

  it('serves one cached page to every anonymous shopper, each response with its own nonce', async () => {
    const path = '/moda-praia?ordem=menor-preco';
    const a = await request(path, { headers: { cookie: cartCookie } });
    expect(a.status).toBe(200);
    expect(a.headers.get('x-edge-cache')).toBe('MISS');
    expect(a.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
    const b = await request(path);
    expect(b.headers.get('x-edge-cache')).toBe('HIT');
    expect(b.headers.get('cache-control')).toBe(a.headers.get('cache-control'));
    expect(nonceOf(a)).not.toBe(nonceOf(b));
    const [pageA, pageB] = [await bodyWithoutNonce(a), await bodyWithoutNonce(b)];
    expect(pageB).toBe(pageA);
    // The shopper with a cart did not put it into the shared page: the browser loads it (bootstrap `shared`).
    expect(bootstrapJson<{ cart: { count: number }; shared?: boolean }>(pageA)).toMatchObject({ cart: { count: 0 }, shared: true });
  });

  it.each(['/', '/search?q=biquini', '/entregas'])('caches %s for anonymous shoppers', async (path) => {
    await request(path);
    const again = await request(path);
    expect(again.headers.get('x-edge-cache')).toBe('HIT');
    expect(again.headers.get('cache-control')).toContain('s-maxage=');
  });

  it('keeps signed-in pages private and out of the cache', async () => {
    const { cookie } = await createCustomerSession();
    for (const path of ['/moda-praia', '/']) {
      await request(path); // an anonymous copy is in the cache
      const res = await request(path, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('x-edge-cache')).toBeNull();
      expect(bootstrapJson<{ session: { user: unknown } }>(await res.text()).session.user).not.toBeNull();
    }
  });

  it.each(['/sacola', '/checkout', '/cadastro', '/login'])('keeps %s private, no-store, even anonymous', async (path) => {
    const res = await request(path, { headers: { cookie: cartCookie } });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-edge-cache')).toBeNull();
  });

  it('misses on the next request after a catalog change', async () => {
    const path = '/moda-praia';
    await request(path);
    expect((await request(path)).headers.get('x-edge-cache')).toBe('HIT');
    const before = await version();
    await env.DB.prepare("UPDATE products SET name = name || ?1 WHERE id IN (SELECT product_id FROM product_listings WHERE slug = 'moda-praia')")
      .bind(' Edição Verão')
      .run();
    expect(await version()).toBeGreaterThan(before);
    const after = await request(path);
    expect(after.headers.get('x-edge-cache')).toBe('MISS');
    expect(await after.text()).toContain('Edição Verão');
  });

  it('never serves a page stored by an earlier deploy: its HTML links scripts and a stylesheet no longer served', async () => {
    const path = '/moda-praia?deploy=1';
    await request(path);
    expect((await request(path)).headers.get('x-edge-cache')).toBe('HIT');
    const url = new URL(ORIGIN + path);
    const keyOf = (noindex: boolean, build?: string) => edgeKey({ url, host: url.host, appMode: false, noindex, color: undefined, build });
    const cache = edgeCache();
    const noindex = (await cache.match(keyOf(true))) !== undefined;
    const stored = (await cache.match(keyOf(noindex)))!;
    // The same entry as an earlier deploy stored it (its own script names), and this deploy's entry gone.
    const earlier = (await stored.text()).replace(/\/build\/[\w-]+\.(js|css)/g, '/build/earlier-deploy.$1');
    await cache.delete(keyOf(noindex));
    await cache.put(keyOf(noindex, 'earlier-deploy'), new Response(earlier, stored));
    const res = await request(path);
    expect(res.headers.get('x-edge-cache')).toBe('MISS');
    expect(await res.text()).not.toContain('earlier-deploy');
  });

  it('bumps the content version for prices, stock flags, parameters and menus, not for stock counts alone', async () => {
    const sku = await env.DB.prepare('SELECT product_item_id FROM stock WHERE quantity > 5 LIMIT 1').first<{ product_item_id: number }>();
    let v = await version();
    await env.DB.prepare('UPDATE stock SET quantity = quantity - 1 WHERE product_item_id = ? AND quantity > 5').bind(sku!.product_item_id).run();
    expect(await version()).toBe(v);
    await env.DB.prepare('UPDATE product_items SET sale_price_cents = sale_price_cents + 100 WHERE id = ?').bind(sku!.product_item_id).run();
    expect(await version()).toBeGreaterThan(v);
    v = await version();
    await env.DB.prepare('UPDATE stock SET quantity = 0 WHERE product_item_id = ?').bind(sku!.product_item_id).run();
    expect(await version()).toBeGreaterThan(v); // the SKU sold out: its flag changed
    v = await version();
    await env.DB.prepare("UPDATE parameters SET value = value WHERE key = (SELECT key FROM parameters LIMIT 1)").run();
    expect(await version()).toBeGreaterThan(v);
    v = await version();
    await env.DB.prepare('UPDATE menu_items SET name = name WHERE id = (SELECT id FROM menu_items LIMIT 1)').run();
    expect(await version()).toBeGreaterThan(v);
  });

  it('rewrites the stored nonce on a hit so the CSP matches every script', async () => {
    await request('/mapa-do-site');
    const hit = await request('/mapa-do-site');
    expect(hit.headers.get('x-edge-cache')).toBe('HIT');
    const nonce = nonceOf(hit);
    const html = await hit.text();
    const nonces = [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
    expect(nonces.length).toBeGreaterThan(0);
    expect(new Set(nonces)).toEqual(new Set([nonce]));
    // Menu colours stay allowed on a hit (their hashes travel with the stored page).
    expect(hit.headers.get('content-security-policy')).toMatch(/style-src-attr 'unsafe-hashes' 'sha256-/);
  });

  it('answers a fresh hit before the app runs (src/edge-hit.ts), with the headers the app would have set', async () => {
    const path = '/moda-praia?ordem=maior-preco';
    const miss = await request(path, { headers: { 'x-request-id': 'bench-miss-0001' } });
    expect(miss.headers.get('x-edge-cache')).toBe('MISS');
    await miss.text();
    const fast = await edgeHit(new Request(ORIGIN + path, { headers: { 'x-request-id': 'bench-hit-00001' } }), app.bindings);
    expect(fast).not.toBeNull();
    expect(fast!.headers.get('x-edge-cache')).toBe('HIT');
    expect(fast!.headers.get('x-request-id')).toBe('bench-hit-00001');
    // Every header but the per-response ones is what the app answered on the render.
    const perResponse = new Set(['content-security-policy', 'x-request-id', 'x-edge-cache', 'content-length', 'transfer-encoding', 'date']);
    const comparable = (res: Response) => [...res.headers].filter(([name]) => !perResponse.has(name));
    expect(comparable(fast!)).toEqual(comparable(miss));
    expect(nonceOf(fast!)).not.toBe(nonceOf(miss));
    expect(fast!.headers.get('content-security-policy')!.replace(nonceOf(fast!), 'N')).toBe(miss.headers.get('content-security-policy')!.replace(nonceOf(miss), 'N'));
    expect(await bodyWithoutNonce(fast!)).toBe(await bodyWithoutNonce(await request(path)));
  });

  it('leaves to the app whatever is not a fresh anonymous hit', async () => {
    const path = '/moda-praia?ordem=mais-vendidos';
    await (await request(path)).text();
    const ask = (init?: RequestInit, url = ORIGIN + path) => edgeHit(new Request(url, init), app.bindings);
    expect(await ask()).not.toBeNull();
    const { cookie } = await createCustomerSession();
    expect(await ask({ headers: { cookie } })).toBeNull();
    expect(await ask({ headers: { cookie: 'token=not-a-valid-one' } })).toBeNull();
    expect(await ask({ headers: { authorization: 'Bearer abcdefghijklmnopqrstuvwxyz' } })).toBeNull();
    expect(await ask({ method: 'POST' })).toBeNull();
    expect(await ask(undefined, `${ORIGIN}/api/search?q=biquini`)).toBeNull();
    // Another layout or host is another entry.
    expect(await ask({ headers: { 'user-agent': 'Mozilla/5.0 VitrineApp/2.1' } })).toBeNull();
    // A catalog change: the stored entry is outdated at once.
    await env.DB.prepare('UPDATE products SET name = name WHERE id = (SELECT min(id) FROM products)').run();
    expect(await ask()).toBeNull();
    expect((await request(path)).headers.get('x-edge-cache')).toBe('MISS');
    expect(await ask()).not.toBeNull();
  });

  it('gives a hit up to the app when D1 does not tell the version in time', async () => {
    const path = '/moda-praia?ordem=mais-recentes';
    await (await request(path)).text();
    expect(await edgeHit(new Request(ORIGIN + path), app.bindings)).not.toBeNull();
    const hanging = { prepare: () => ({ first: () => new Promise(() => {}) }) } as unknown as D1Database;
    const started = Date.now();
    expect(await edgeHit(new Request(ORIGIN + path), { ...app.bindings, DB: hanging })).toBeNull();
    expect(Date.now() - started).toBeLessThan(1000); // a quarter of the page data deadline, then the app's own deadline
  });

  it('proxies (upstream backend) never use the fast path', async () => {
    const proxy = makeApp({ COMMERCE_API_URL: 'http://upstream.test/api' });
    expect(await edgeHit(new Request(`${ORIGIN}/moda-praia`), proxy.bindings)).toBeNull();
  });
});
