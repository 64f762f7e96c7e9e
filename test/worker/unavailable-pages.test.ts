import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Bindings } from '../../src/env';
import { RETRY_AFTER_SECONDS } from '../../src/http/middleware/availability';
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_TITLE } from '../../src/pages/unavailable';
import { newCartWith, skus } from './cart-helpers';
import { garbageUpstream, unreachableD1 } from './failure-injection';
import { forwardTo, hangingUpstream, makeApp, makeProxyWith, seed, UPSTREAM, type TestApp } from './app-harness';

// Every page type answers the branded 503 (pt-BR, Retry-After) within 1.5 s when D1 or the upstream is
// down, slow or answering nonsense: never a 500, never an empty page that looks real.

let errors: MockInstance<typeof console.error>;
let warnings: MockInstance<typeof console.warn>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const CART = 'cart=AbCdEfGhIjKlMnOpQrStUv';
const SESSION = 'token=' + 'a'.repeat(43);

/** Page types of the store, with what each needs to reach its own data (a cart, a session, a token). */
const PAGES: [string, string, Record<string, string>][] = [
  ['home', '/', {}],
  ['listing', '/moda-praia', {}],
  ['search', '/search?q=biquini', {}],
  ['product', '/biquini-cortininha-coral/p', {}],
  ['content', '/entregas', {}],
  ['cart', '/sacola', { cookie: CART }],
  ['checkout', '/checkout', { cookie: CART }],
  ['account', '/minha-conta/pedidos', { cookie: SESSION }],
  ['confirmation', '/checkout/order/1-2?token=abcdefghijklmnop', {}],
];

/**
 * A broken backend answers within the page's deadline: 200 ms here rather than the default 1 s, which 36 pages would
 * wait out one after another (the deadline itself, the default one included, is tested below).
 */
const FAST: Partial<Bindings> = { PAGE_DATA_DEADLINE_MS: '200' };

const BACKENDS: [string, () => TestApp][] = [
  ['D1 down', () => makeApp({ ...FAST, DB: unreachableD1() } as Partial<Bindings>)],
  [
    'upstream down',
    () =>
      makeProxyWith(() => {
        throw new TypeError('fetch failed: connect ECONNREFUSED');
      }, FAST),
  ],
  // The upstream's own timeout (8 s by default) is far past the page's deadline.
  ['upstream slow', () => makeProxyWith(hangingUpstream, FAST)],
  ['upstream garbage', () => makeProxyWith(garbageUpstream, FAST)],
];

/** The branded 503, answered within 1.5 s. */
async function expectUnavailable(app: TestApp, path: string, headers: Record<string, string> = {}) {
  const started = Date.now();
  const res = await app.request(path, { headers });
  const html = await res.text();
  const elapsed = Date.now() - started;
  expect(res.status, html.slice(0, 300)).toBe(503);
  expect(elapsed).toBeLessThan(1500);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  expect(res.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  expect(html).toContain('<html lang="pt-BR">');
  expect(html).toContain(UNAVAILABLE_TITLE);
  expect(html).toContain(UNAVAILABLE_MESSAGE);
  expect(html).toContain('class="co-bar__logo"');
  // Nothing that reads as a real (empty) result.
  expect(html).not.toMatch(/\d+ produtos?\b|Não encontramos resultados|Sua sacola está vazia/);
  return html;
}

describe.each(BACKENDS)('every page type with %s', (_backend, makeBroken) => {
  beforeAll(() => seed());

  it.each(PAGES)('%s (%s) answers the branded 503', async (_type, path, headers) => {
    await expectUnavailable(makeBroken(), path, headers);
  });
});

describe('PAGE_DATA_DEADLINE_MS', () => {
  beforeAll(() => seed());

  it('sets how long a page waits for its data before the 503', async () => {
    const app = makeProxyWith(hangingUpstream, { PAGE_DATA_DEADLINE_MS: '300' });
    const started = Date.now();
    await expectUnavailable(app, '/');
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(900);
  });

  it('lets a page whose data arrives within it render (the default 1000 ms)', async () => {
    const real = forwardTo(makeApp());
    const late = makeProxyWith(async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      return real(request);
    });
    const res = await late.request('/entregas');
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  });
});

describe('/api with D1 down', () => {
  it.each(['/api/parameters', '/api/live-menus', '/api/search?q=biquini'])(
    '%s answers a JSON 503 with Retry-After, not a 500',
    async (path) => {
      const res = await makeApp({ DB: unreachableD1() } as Partial<Bindings>).request(path);
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
      expect(await res.json()).toEqual({
        code: 'UNAVAILABLE',
        error: 'O serviço da loja está indisponível. Tente novamente.',
      });
    },
  );
});

describe('a page whose own data fails while the menu loads', () => {
  let healthy: TestApp;
  let cartCookie: string;
  let productSlug: string;
  beforeAll(async () => {
    await seed();
    healthy = makeApp();
    const [sku] = await skus(1);
    cartCookie = `cart=${(await newCartWith(healthy, [sku!])).hash}`;
    productSlug = (await env.DB.prepare('SELECT slug FROM products WHERE gift = 0 ORDER BY id LIMIT 1').first<{
      slug: string;
    }>())!.slug;
  });

  /** A proxy to the real embedded app, except that upstream paths matching `broken` get `answer`. */
  function partlyBroken(broken: RegExp, answer: (request: Request) => Response | Promise<Response>) {
    const real = forwardTo(healthy);
    return makeProxyWith((request) => (broken.test(new URL(request.url).pathname) ? answer(request) : real(request)));
  }

  it('the healthy proxy renders these pages (the failures below are the only difference)', async () => {
    const app = partlyBroken(/^$/, garbageUpstream);
    for (const path of ['/search?q=biquini', '/moda-praia', `/${productSlug}/p`, '/sacola']) {
      const res = await app.request(path, { headers: { cookie: cartCookie } });
      expect(res.status, path).toBe(200);
      await res.arrayBuffer();
    }
  });

  it('search: a failing search is a 503, not "0 produtos" with spelling tips', async () => {
    await expectUnavailable(
      partlyBroken(/\/search$/, () => new Response('bad gateway', { status: 502 })),
      '/search?q=biquini',
    );
  });

  it('listing: an upstream answering nonsense for the listing is a 503', async () => {
    await expectUnavailable(partlyBroken(/\/catalog\/listing$/, garbageUpstream), '/moda-praia');
  });

  it('product: a product that never arrives is a 503 within 1.5 s', async () => {
    await expectUnavailable(partlyBroken(/\/products\//, hangingUpstream), `/${productSlug}/p`);
  });

  it('cart: a cart the upstream cannot read is a 503, not an empty cart', async () => {
    await expectUnavailable(
      partlyBroken(/\/cart$/, () => new Response('down', { status: 500 })),
      '/sacola',
      { cookie: cartCookie },
    );
  });

  it('checkout: a cart the upstream cannot read is a 503', async () => {
    await expectUnavailable(partlyBroken(/\/cart$/, garbageUpstream), '/checkout', { cookie: cartCookie });
  });

  it('account: a customer the upstream cannot read is a 503, not a redirect to the login', async () => {
    await expectUnavailable(
      partlyBroken(/\/me$/, () => new Response('down', { status: 503 })),
      '/minha-conta/pedidos',
      { cookie: SESSION },
    );
  });

  it('confirmation: an order the upstream cannot read is a 503', async () => {
    await expectUnavailable(
      partlyBroken(/\/order-confirmation$/, garbageUpstream),
      '/checkout/order/1-2?token=abcdefghijklmnop',
    );
  });
});

describe('COMMERCE_API_URL without its /api suffix', () => {
  beforeAll(() => seed());

  it('answers the listing with the branded 503 (not a 500) and says what is wrong in the log', async () => {
    const embedded = makeApp();
    const base = UPSTREAM.replace(/\/api$/, '');
    // The upstream is a real Vitrine: the storefront asks it `/live-menus` instead of `/api/live-menus`.
    const app = makeApp(
      { COMMERCE_API_URL: base },
      {
        upstreamFetch: async (request) =>
          embedded.app.fetch(new Request(request.url.replace(base, 'http://localhost'), request), embedded.bindings),
      },
    );
    await expectUnavailable(app, '/moda-praia');
    const warned = warnings.mock.calls.map((args) => String(args[0]));
    expect(warned.some((line) => line.includes('COMMERCE_API_URL') && line.includes('does not end in /api'))).toBe(
      true,
    );
    expect(errors).toHaveBeenCalled();
  });
});
