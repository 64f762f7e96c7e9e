import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { HeaderProps } from '../../src/ui/header/types';
import { RETRY_AFTER_SECONDS } from '../../src/http/middleware/availability';
import { UNAVAILABLE_TITLE } from '../../src/pages/unavailable';
import { forwardTo, hangingUpstream, headerMenu, islandProps, json, makeApp, makeProxyWith, seed } from './app-harness';

// Pages over the upstream adapter: a broken upstream makes a page answer the branded 503 (the menu is
// critical data), never a 500 and never a page without its menu; optional parts (banner) still degrade.
// The full page-type matrix is in unavailable-pages.test.ts.
const DEPARTMENT_CARD = 'class="department-card';

// Each failure is logged (expected here): keep the output quiet and check what is logged.
let errors: MockInstance<typeof console.error>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => errors.mockRestore());

async function unavailableHome(app: { request: (path: string, init?: RequestInit) => Promise<Response> }) {
  const res = await app.request('/');
  expect(res.status).toBe(503);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  expect(res.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
  const html = await res.text();
  expect(html).toContain('<html lang="pt-BR">');
  expect(html).toContain(UNAVAILABLE_TITLE);
  expect(html).not.toContain(DEPARTMENT_CARD);
  return html;
}

describe('pages over an unavailable upstream', () => {
  it('answer 503 when the upstream cannot be reached, and log why with the request id', async () => {
    const app = makeProxyWith(() => {
      throw new TypeError('connect ECONNREFUSED');
    });
    const res = await app.request('/', { headers: { 'x-request-id': 'degraded-home-0001' } });
    expect(res.status).toBe(503);
    await unavailableHome(app);
    const logged = errors.mock.calls.map((args) => String(args[0]));
    expect(logged.some((line) => line.includes('degraded-home-0001') && line.includes('live-menus'))).toBe(true);
  });

  it.each([500, 503])('answer 503 when the upstream answers %i', async (status) => {
    await unavailableHome(makeProxyWith(() => new Response('Internal Server Error', { status })));
  });

  it('answer 503 when the upstream times out', async () => {
    const app = makeProxyWith(hangingUpstream, { COMMERCE_API_TIMEOUT_MS: '50' });
    const started = Date.now();
    await unavailableHome(app);
    // The three shell calls run in parallel: one timeout, not three.
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('answer 503 when the upstream sends headers but never finishes the body', { timeout: 3000 }, async () => {
    const app = makeProxyWith(
      () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('[{"key":'));
            },
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
      { COMMERCE_API_TIMEOUT_MS: '50' },
    );
    const started = Date.now();
    await unavailableHome(app);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it.each(['/entregas', '/cadastro', '/login', '/checkout', '/mapa-do-site', '/search?q=biquini'])(
    'answers %s with the branded 503 too',
    async (path) => {
      const app = makeProxyWith(() => new Response('down', { status: 502 }));
      const res = await app.request(path);
      expect(res.status).toBe(503);
      expect(await res.text()).toContain(UNAVAILABLE_TITLE);
    },
  );
});

describe('pages over an upstream that breaks the contract', () => {
  it.each([
    [
      'an HTML error page',
      () => new Response('<html><body>Oops</body></html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    ],
    [
      'invalid JSON',
      () => new Response('{"menu": [', { status: 200, headers: { 'content-type': 'application/json' } }),
    ],
    ['objects where lists are due', () => json({ data: [] })],
    ['lists of the wrong shape', () => json([{ id: 'x', title: 1 }])],
    ['an empty body', () => new Response(null, { status: 200 })],
  ])('answer 503 when the upstream answers %s', async (_what, answer) => {
    await unavailableHome(makeProxyWith(answer));
  });

  it('keeps the parts that did validate', async () => {
    const embedded = makeApp();
    await seed();
    const real = forwardTo(embedded);
    const app = makeProxyWith((request) =>
      request.url.endsWith('/parameters') ? json({ broken: true }) : real(request),
    );
    const res = await app.request('/');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(DEPARTMENT_CARD);
    const header = islandProps<HeaderProps>(html, 'Header');
    expect((await headerMenu(html, (path) => app.request(path))).map((m) => m.name)).toContain('Moda Praia');
    expect(header?.promotion).toBeNull();
  });

  it('reshapes unknown display types at the boundary instead of failing', async () => {
    const item = {
      id: 1,
      name: 'Praia',
      url: null,
      id_slug: 'praia',
      type_link: null,
      destiny_link: null,
      display_type: 'carousel',
      color_item: null,
      css_class: null,
      image: null,
      icon: null,
      content_button: null,
      items: [],
    };
    const app = makeProxyWith((request) => (request.url.endsWith('/live-menus') ? json([item]) : json([])));
    const html = await (await app.request('/')).text();
    const menu = await headerMenu(html, (path) => app.request(path));
    expect(menu).toHaveLength(1);
    expect(menu[0]?.displayType).toBe('other');
  });
});

describe('SSR calls to the upstream', () => {
  beforeAll(() => seed());

  it('carry the shopper token as Bearer and the forwarded headers', async () => {
    const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJl';
    const app = makeProxyWith(() => json([]), { COMMERCE_API_USER: 'loja', COMMERCE_API_PASSWORD: 'x' });
    await app.request('/', {
      headers: { cookie: `token=${TOKEN}`, 'user-agent': 'Browser/1.0', referer: 'https://www.google.com/' },
    });
    // menus, parameters, whatsapp, the session's customer (/me) and, with no cart cookie, the account's open cart
    // (ADR 0023: the bag follows the account).
    expect(app.seen).toHaveLength(5);
    const paths = app.seen.map((r) => `${r.method} ${new URL(r.url).pathname}`);
    expect(paths).toContain('GET /api/me');
    expect(paths).toContain('POST /api/cart/user');
    for (const sent of app.seen) {
      expect(sent.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
      expect(sent.headers.get('user-agent')).toBe('Browser/1.0');
      expect(sent.headers.get('referer')).toBe('https://www.google.com/');
      expect(sent.headers.get('cookie')).toBeNull();
    }
  });
});
