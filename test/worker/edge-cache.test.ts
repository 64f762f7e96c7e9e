import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cartOf, post, skus } from './cart-helpers';
import { countTrips } from './d1-trips';
import { cachedRouteMatcher, edgeCache, edgeHit, edgeKey } from '../../src/edge-cache';
import { CACHED_ROUTES } from '../../src/pages/cached-routes';
import { bootstrapJson, createCustomerSession, makeApp, ORIGIN, seed, type TestApp } from './app-harness';

/** Every hit reads the content version here (the worker tests set CONTENT_VERSION_TTL_MS 0): a catalog change shows on the very next request. */
const app: TestApp = makeApp();
const { request } = app;
/** The production default: a hit trusts the version its isolate read less than 1 s ago. */
const remembering: TestApp = makeApp({ CONTENT_VERSION_TTL_MS: '1000' });
const isCachedPage = cachedRouteMatcher(app.app.routes, CACHED_ROUTES);

function nonceOf(res: Response): string {
  return (res.headers.get('content-security-policy') ?? '').match(/'nonce-([^']+)'/)![1]!;
}

/** A rendered page as the cache keeps it: without the render's nonce (a nonce is for one response only). */
async function withoutNonce(res: Response): Promise<string> {
  const nonce = nonceOf(res);
  const html = await res.text();
  expect(html).toContain(`nonce="${nonce}"`);
  return html.replaceAll(` nonce="${nonce}"`, '');
}

/** The `script-src` sources of a response's CSP. */
const scriptSrc = (res: Response) =>
  (res.headers.get('content-security-policy') ?? '').match(/script-src ([^;]*)/)![1]!.split(' ');

async function sha256(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

async function version(): Promise<number> {
  return (await env.DB.prepare('SELECT version FROM content_version WHERE id = 1').first<{ version: number }>())!
    .version;
}

describe('edge cache for anonymous pages (ADR 0018)', () => {
  let cartCookie = '';

  beforeAll(async () => {
    await seed();
    // Shopper A has a cart (the `cart` cookie); shopper B has nothing.
    const [sku] = await skus(1);
    const cart = await cartOf(await post(app, '/api/cart', { productItemId: sku!.id, amount: 2 }));
    cartCookie = `cart=${cart.hash}`;
  });

  it('serves one cached page to every anonymous shopper, with no nonce in it', async () => {
    const path = '/moda-praia?ordem=menor-preco';
    const a = await request(path, { headers: { cookie: cartCookie } });
    expect(a.status).toBe(200);
    expect(a.headers.get('x-edge-cache')).toBe('MISS');
    expect(a.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
    const b = await request(path);
    expect(b.headers.get('x-edge-cache')).toBe('HIT');
    expect(b.headers.get('cache-control')).toBe(a.headers.get('cache-control'));
    expect(b.headers.get('content-security-policy')).not.toContain("'nonce-");
    const [pageA, pageB] = [await withoutNonce(a), await b.text()];
    expect(pageB).toBe(pageA);
    expect(await (await request(path)).text()).toBe(pageA);
    // The shopper with a cart did not put it into the shared page: the browser loads it (bootstrap `shared`).
    expect(bootstrapJson<{ cart: { count: number }; shared?: boolean }>(pageA)).toMatchObject({
      cart: { count: 0 },
      shared: true,
    });
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

  it.each(['/sacola', '/checkout', '/cadastro', '/login'])(
    'keeps %s private, no-store, even anonymous',
    async (path) => {
      const res = await request(path, { headers: { cookie: cartCookie } });
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('x-edge-cache')).toBeNull();
    },
  );

  it('misses on the next request after a catalog change when every hit reads the version (CONTENT_VERSION_TTL_MS 0)', async () => {
    const path = '/moda-praia';
    await request(path);
    expect((await request(path)).headers.get('x-edge-cache')).toBe('HIT');
    const before = await version();
    await env.DB.prepare(
      "UPDATE products SET name = name || ?1 WHERE id IN (SELECT product_id FROM product_listings WHERE slug = 'moda-praia')",
    )
      .bind(' Edição Verão')
      .run();
    expect(await version()).toBeGreaterThan(before);
    const after = await request(path);
    expect(after.headers.get('x-edge-cache')).toBe('MISS');
    expect(await after.text()).toContain('Edição Verão');
  });

  describe('the content version an isolate trusts for CONTENT_VERSION_TTL_MS (1 s by default)', () => {
    afterEach(() => vi.useRealTimers());

    it('answers hits within it without reading D1, and misses on the first request after it once the catalog changed', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const path = '/moda-praia?ordem=maior-preco';
      const counted = countTrips(env.DB);
      const ask = () => edgeHit(new Request(ORIGIN + path), { ...remembering.bindings, DB: counted.db }, isCachedPage);
      await (await remembering.request(path)).text(); // stored
      expect(await ask()).not.toBeNull(); // reads the version: none was read through this binding yet
      expect(counted.trips()).toBe(1);
      counted.reset();
      for (let i = 0; i < 5; i++) expect((await ask())!.headers.get('x-edge-cache')).toBe('HIT');
      expect(counted.trips()).toBe(0);
      await env.DB.prepare(
        "UPDATE products SET name = name || ?1 WHERE id IN (SELECT product_id FROM product_listings WHERE slug = 'moda-praia')",
      )
        .bind(' Coleção Nova')
        .run();
      vi.setSystemTime(Date.now() + 999);
      expect(await ask()).not.toBeNull(); // still within the second: the version read before the change
      expect(counted.trips()).toBe(0);
      vi.setSystemTime(Date.now() + 1);
      expect(await ask()).toBeNull(); // read again: the stored page is outdated, the app renders it anew
      expect(counted.trips()).toBe(1);
      const after = await remembering.request(path);
      expect(after.headers.get('x-edge-cache')).toBe('MISS');
      expect(await after.text()).toContain('Coleção Nova');
    });
  });

  it('never serves a page stored by an earlier deploy: its HTML links scripts and a stylesheet no longer served', async () => {
    const path = '/moda-praia?deploy=1';
    await request(path);
    expect((await request(path)).headers.get('x-edge-cache')).toBe('HIT');
    const url = new URL(ORIGIN + path);
    const keyOf = (noindex: boolean, build?: string) =>
      edgeKey({ url, host: url.host, appMode: false, noindex, color: undefined, build });
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
    const sku = await env.DB.prepare('SELECT product_item_id FROM stock WHERE quantity > 5 LIMIT 1').first<{
      product_item_id: number;
    }>();
    let v = await version();
    await env.DB.prepare('UPDATE stock SET quantity = quantity - 1 WHERE product_item_id = ? AND quantity > 5')
      .bind(sku!.product_item_id)
      .run();
    expect(await version()).toBe(v);
    await env.DB.prepare('UPDATE product_items SET sale_price_cents = sale_price_cents + 100 WHERE id = ?')
      .bind(sku!.product_item_id)
      .run();
    expect(await version()).toBeGreaterThan(v);
    v = await version();
    await env.DB.prepare('UPDATE stock SET quantity = 0 WHERE product_item_id = ?').bind(sku!.product_item_id).run();
    expect(await version()).toBeGreaterThan(v); // the SKU sold out: its flag changed
    v = await version();
    await env.DB.prepare('UPDATE parameters SET value = value WHERE key = (SELECT key FROM parameters LIMIT 1)').run();
    expect(await version()).toBeGreaterThan(v);
    v = await version();
    await env.DB.prepare('UPDATE menu_items SET name = name WHERE id = (SELECT id FROM menu_items LIMIT 1)').run();
    expect(await version()).toBeGreaterThan(v);
  });

  it("allows exactly the stored page's inline scripts on a hit, by their hashes, and our own files", async () => {
    await request('/mapa-do-site');
    const hit = await request('/mapa-do-site');
    expect(hit.headers.get('x-edge-cache')).toBe('HIT');
    const html = await hit.text();
    expect(html).not.toMatch(/\bnonce=/);
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attrs]) => !/\bsrc=|application\/(ld\+)?json/.test(attrs!),
    );
    expect(inline.length).toBeGreaterThan(0);
    const hashes = await Promise.all(inline.map(([, , body]) => sha256(body!)));
    expect(scriptSrc(hit).sort()).toEqual(["'self'", ...new Set(hashes)].sort());
    // Menu colours stay allowed on a hit (their hashes travel with the stored page).
    expect(hit.headers.get('content-security-policy')).toMatch(/style-src-attr 'unsafe-hashes' 'sha256-/);
    // A rendered page keeps its nonce, trusted onwards.
    const rendered = await request('/mapa-do-site?fresh=1');
    expect(rendered.headers.get('x-edge-cache')).toBe('MISS');
    expect(scriptSrc(rendered)).toEqual([`'nonce-${nonceOf(rendered)}'`, "'strict-dynamic'"]);
  });

  it('keeps one Vary per name however often a stale page is rendered again in the background', async () => {
    const path = '/moda-praia?ordem=menor-preco&vary=1';
    const url = new URL(ORIGIN + path);
    const cache = edgeCache();
    await (await request(path)).text();
    const noindex =
      (await cache.match(edgeKey({ url, host: url.host, appMode: false, noindex: true, color: undefined }))) !==
      undefined;
    const key = edgeKey({ url, host: url.host, appMode: false, noindex, color: undefined });
    const varyOf = (res: Response) => (res.headers.get('vary') ?? '').split(/,\s*/).sort();
    for (let round = 0; round < 3; round++) {
      // The stored copy, as if stored a minute and a half ago: the next shopper gets it STALE, and a render replaces it.
      const stored = (await cache.match(key))!;
      const aged = new Headers(stored.headers);
      aged.set('X-Edge-Stored-At', String(Date.now() - 90_000));
      await cache.put(key, new Response(await stored.arrayBuffer(), { headers: aged, encodeBody: 'manual' }));
      // As in production: the new render runs in waitUntil, after the stale answer has left the app.
      const ctx = createExecutionContext();
      const stale = await app.app.request(path, undefined, app.bindings, ctx);
      expect(stale.headers.get('x-edge-cache')).toBe('STALE');
      await stale.text();
      await waitOnExecutionContext(ctx);
      for (const res of [
        stale,
        await request(path),
        (await edgeHit(new Request(ORIGIN + path), app.bindings, isCachedPage))!,
      ]) {
        expect(varyOf(res)).toEqual(['Accept-Encoding', 'Cookie', 'User-Agent']);
      }
    }
  });

  it('passes the gzip bytes stored once through untouched to a client that takes gzip', async () => {
    const path = '/moda-praia?ordem=mais-vendidos';
    const page = await withoutNonce(await request(path));
    const gzip = await edgeHit(
      new Request(ORIGIN + path, { headers: { 'accept-encoding': 'gzip, br' } }),
      app.bindings,
      isCachedPage,
    );
    expect(gzip!.headers.get('content-encoding')).toBe('gzip');
    expect(gzip!.headers.get('vary')).toContain('Accept-Encoding');
    const inflated = await new Response(gzip!.body!.pipeThrough(new DecompressionStream('gzip'))).text();
    expect(inflated).toBe(page);
    const plain = await edgeHit(new Request(ORIGIN + path), app.bindings, isCachedPage);
    expect(plain!.headers.get('content-encoding')).toBeNull();
    expect(await plain!.text()).toBe(page);
  });

  it('answers a fresh hit before the app runs (src/edge-cache/hit.ts), with the headers the app would have set', async () => {
    const path = '/moda-praia?ordem=maior-preco';
    const miss = await request(path, { headers: { 'x-request-id': 'bench-miss-0001' } });
    expect(miss.headers.get('x-edge-cache')).toBe('MISS');
    const missPage = await withoutNonce(miss);
    const fast = await edgeHit(
      new Request(ORIGIN + path, { headers: { 'x-request-id': 'bench-hit-00001' } }),
      app.bindings,
      isCachedPage,
    );
    expect(fast).not.toBeNull();
    expect(fast!.headers.get('x-edge-cache')).toBe('HIT');
    expect(fast!.headers.get('x-request-id')).toBe('bench-hit-00001');
    // Every header but the per-response ones is what the app answered on the render.
    const perResponse = new Set([
      'content-security-policy',
      'x-request-id',
      'x-edge-cache',
      'content-length',
      'transfer-encoding',
      'date',
    ]);
    const comparable = (res: Response) => [...res.headers].filter(([name]) => !perResponse.has(name));
    expect(comparable(fast!)).toEqual(comparable(miss));
    const viaApp = await request(path);
    expect(fast!.headers.get('content-security-policy')).toBe(viaApp.headers.get('content-security-policy'));
    expect(await fast!.text()).toBe(missPage);
  });

  it('leaves to the app whatever is not a fresh anonymous hit', async () => {
    const path = '/moda-praia?ordem=mais-vendidos';
    await (await request(path)).text();
    const ask = (init?: RequestInit, url = ORIGIN + path) =>
      edgeHit(new Request(url, init), app.bindings, isCachedPage);
    expect(await ask()).not.toBeNull();
    const { cookie } = await createCustomerSession();
    expect(await ask({ headers: { cookie } })).toBeNull();
    expect(await ask({ headers: { cookie: 'token=not-a-valid-one' } })).toBeNull();
    expect(await ask({ headers: { authorization: 'Bearer abcdefghijklmnopqrstuvwxyz' } })).toBeNull();
    expect(await ask({ method: 'POST' })).toBeNull();
    expect(await ask(undefined, `${ORIGIN}/api/search?q=biquini`)).toBeNull();
    // Another layout or host is another entry.
    expect(await ask({ headers: { 'user-agent': 'Mozilla/5.0 VitrineApp/2.1' } })).toBeNull();
    // A catalog change: the stored entry is outdated at once (every hit reads the version here).
    await env.DB.prepare("UPDATE products SET name = name || ' novo' WHERE id = (SELECT min(id) FROM products)").run();
    expect(await ask()).toBeNull();
    expect((await request(path)).headers.get('x-edge-cache')).toBe('MISS');
    expect(await ask()).not.toBeNull();
  });

  it('gives a hit up to the app when D1 does not tell the version in time', async () => {
    const path = '/moda-praia?ordem=mais-recentes';
    await (await request(path)).text();
    expect(await edgeHit(new Request(ORIGIN + path), app.bindings, isCachedPage)).not.toBeNull();
    const hanging = { prepare: () => ({ first: () => new Promise(() => {}) }) } as unknown as D1Database;
    const started = Date.now();
    expect(await edgeHit(new Request(ORIGIN + path), { ...app.bindings, DB: hanging }, isCachedPage)).toBeNull();
    expect(Date.now() - started).toBeLessThan(1000); // a quarter of the page data deadline, then the app's own deadline
  });

  it('tries the cache only for the routes that serve edge-cached pages', () => {
    for (const path of [
      '/',
      '/moda-praia',
      '/moda-praia/biquinis',
      '/search',
      '/biquini-listrado/p',
      '/entregas',
      '/mapa-do-site',
      '/nao-existe',
    ]) {
      expect(isCachedPage(path), path).toBe(true);
    }
    // The bag, checkout, accounts, the clock-bound live-friday page, the API and files are never looked up.
    for (const path of [
      '/sacola',
      '/cart/ecommerce-app',
      '/checkout',
      '/checkout/order/1',
      '/login',
      '/cadastro',
      '/minha-conta',
      '/pre-livefriday',
      '/api/search',
      '/robots.txt',
      '/sitemap.xml',
      '/healthz',
    ]) {
      expect(isCachedPage(path), path).toBe(false);
    }
  });

  it('proxies (upstream backend) never use the fast path', async () => {
    const proxy = makeApp({ COMMERCE_API_URL: 'http://upstream.test/api' });
    expect(await edgeHit(new Request(`${ORIGIN}/moda-praia`), proxy.bindings, isCachedPage)).toBeNull();
  });
});
