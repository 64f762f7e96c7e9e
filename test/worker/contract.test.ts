import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AffiliateResultSchema } from '../../src/contracts/affiliate';
import { ListingResultSchema } from '../../src/contracts/catalog';
import { ApiErrorSchema } from '../../src/contracts/errors';
import { CardServiceResponseSchema, InstallmentsResponseSchema } from '../../src/contracts/checkout';
import { LeadResultSchema } from '../../src/contracts/leads';
import { LiveMenusResponseSchema } from '../../src/contracts/menus';
import { ParametersResponseSchema } from '../../src/contracts/parameters';
import { WhatsappResponseSchema } from '../../src/contracts/whatsapp';
import { headerMenu, ORIGIN, makeProxyPair, seed, type TestApp } from './app-harness';

// One contract, two backends: the same request table against the embedded app and against a
// proxy app whose upstream is a second embedded app. Same status, same validated body.
const { embedded, proxy, seen } = makeProxyPair({ COMMERCE_API_USER: 'loja', COMMERCE_API_PASSWORD: 'segredo' });

interface Row {
  name: string;
  path: string;
  init?: () => RequestInit;
  status: number;
  schema: z.ZodType;
  /** Extra checks on the parsed body. */
  check?: (body: never) => void;
}

const cross = (type = 'application/json'): RequestInit => ({
  method: 'POST',
  headers: { origin: 'https://evil.example', 'content-type': type },
  body: '{}',
});

const TABLE: Row[] = [
  {
    name: 'GET /api/parameters',
    path: '/api/parameters',
    status: 200,
    schema: ParametersResponseSchema,
    check: (body: z.infer<typeof ParametersResponseSchema>) =>
      expect(body.map((p) => p.key)).toContain('text_promotion_home'),
  },
  {
    name: 'GET /api/live-menus',
    path: '/api/live-menus',
    status: 200,
    schema: LiveMenusResponseSchema,
    check: (body: z.infer<typeof LiveMenusResponseSchema>) => expect(body.map((m) => m.name)).toContain('Moda Praia'),
  },
  {
    name: 'GET /api/whatsapp',
    path: '/api/whatsapp',
    status: 200,
    schema: WhatsappResponseSchema,
    check: (body: z.infer<typeof WhatsappResponseSchema>) => expect(body.mountedURL).toContain('phone=5511987654321'),
  },
  {
    name: 'GET /api/parameters with a query string',
    path: '/api/parameters?cache=0&x=%C3%A7',
    status: 200,
    schema: ParametersResponseSchema,
  },
  { name: 'GET unknown /api/nope', path: '/api/nope', status: 404, schema: ApiErrorSchema },
  { name: 'GET /api itself', path: '/api', status: 404, schema: ApiErrorSchema },
  { name: 'GET /api/', path: '/api/', status: 404, schema: ApiErrorSchema },
  { name: 'GET unknown nested /api/nope/deeper', path: '/api/nope/deeper', status: 404, schema: ApiErrorSchema },
  { name: 'cross-origin POST', path: '/api/parameters', init: () => cross(), status: 403, schema: ApiErrorSchema },
  {
    name: 'POST from another site (Sec-Fetch-Site, no Origin)',
    path: '/api/parameters',
    init: () => ({
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      body: '{}',
    }),
    status: 403,
    schema: ApiErrorSchema,
  },
  {
    name: 'same-origin POST with a non-JSON content type',
    path: '/api/parameters',
    init: () => ({ method: 'POST', headers: { origin: ORIGIN, 'content-type': 'text/plain' }, body: '{}' }),
    status: 415,
    schema: ApiErrorSchema,
  },
  {
    name: 'same-origin JSON POST to a read-only resource',
    path: '/api/parameters',
    init: () => ({ method: 'POST', headers: { origin: ORIGIN, 'content-type': 'application/json' }, body: '{}' }),
    status: 404,
    schema: ApiErrorSchema,
  },
  {
    name: 'same-origin JSON DELETE (Sec-Fetch-Site) to an unknown resource',
    path: '/api/nope/1',
    init: () => ({
      method: 'DELETE',
      headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      body: '{}',
    }),
    status: 404,
    schema: ApiErrorSchema,
  },
  {
    name: 'POST /api/rakuten?siteID= without a cart',
    path: '/api/rakuten?siteID=site-42',
    init: () => ({ method: 'POST', headers: { origin: ORIGIN, 'content-type': 'application/json' }, body: '{}' }),
    status: 200,
    schema: AffiliateResultSchema,
    check: (body: z.infer<typeof AffiliateResultSchema>) =>
      expect(body).toEqual({ siteID: 'site-42', recorded: false }),
  },
  {
    name: 'POST /api/rakuten with an invalid siteID',
    path: '/api/rakuten?siteID=a%20b',
    init: () => ({ method: 'POST', headers: { origin: ORIGIN, 'content-type': 'application/json' }, body: '{}' }),
    status: 400,
    schema: ApiErrorSchema,
  },
  {
    name: 'POST /api/leads with consent',
    path: '/api/leads',
    init: () => ({
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Contrato', email: 'contrato@example.com.br', consent: true }),
    }),
    status: 200,
    schema: LeadResultSchema,
  },
  {
    name: 'POST /api/leads without consent',
    path: '/api/leads',
    init: () => ({
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Contrato', email: 'contrato@example.com.br', consent: false }),
    }),
    status: 400,
    schema: ApiErrorSchema,
  },
  {
    name: 'GET /api/cart/request-token of an unknown cart',
    path: '/api/cart/request-token?cartId=AAAAAAAAAAAAAAAAAAAAAA',
    status: 404,
    schema: ApiErrorSchema,
  },
  {
    name: 'GET /api/backoffice/orders signed out',
    path: '/api/backoffice/orders',
    status: 401,
    schema: ApiErrorSchema,
  },
  {
    name: 'POST /api/backoffice/exchanges/1/status signed out',
    path: '/api/backoffice/exchanges/1/status',
    init: () => ({
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: '{"to":"approved"}',
    }),
    status: 401,
    schema: ApiErrorSchema,
  },
  {
    name: 'cross-origin POST /api/backoffice',
    path: '/api/backoffice/orders/1/status',
    init: () => cross(),
    status: 403,
    schema: ApiErrorSchema,
  },
  {
    name: 'GET /api/catalog/listing (cards carry their item ids for the heart)',
    path: '/api/catalog/listing?slug=moda-praia/biquinis',
    status: 200,
    schema: ListingResultSchema,
    check: (body: z.infer<typeof ListingResultSchema>) =>
      expect(body.products.every((p) => p.itemIds.length >= p.swatches.length && p.itemIds.length > 0)).toBe(true),
  },
];

// The cart's calls (issue 4): their refusals answer the same through both backends (success paths:
// cart-adapters.test.ts runs every port method on both adapters).
const NO_CART = 'naoexiste0000000000000';
const jsonPost =
  (body: unknown): (() => RequestInit) =>
  () => ({
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
TABLE.push(
  ...[
    ['/api/coupon/discount', { coupon: '', shoppingCart: NO_CART, agent: null, applicationId: null }, 400],
    ['/api/coupon/discount', { coupon: 'BEMVINDO10', shoppingCart: NO_CART }, 404],
    ['/api/coupon/seller-coupon', { coupon: ' ', shoppingCart: NO_CART }, 400],
    ['/api/coupon/seller-coupon', { coupon: 'MARIANA10', shoppingCart: NO_CART }, 404],
    ['/api/coupon/remove-coupons', { shoppingCart: NO_CART }, 404],
    ['/api/coupon/remove-coupon-discount', { shoppingCart: NO_CART }, 404],
    ['/api/coupon/remove-coupon-seller', { shoppingCart: NO_CART }, 404],
    ['/api/coupon/reprocess', { shoppingCart: 12 }, 400],
    ['/api/cashback', { cashback: 100, shoppingCart: NO_CART }, 403],
    ['/api/cashback', { cashback: -1, shoppingCart: NO_CART }, 400],
    ['/api/cashback/remove', { hash: NO_CART }, 404],
    ['/api/cashback/toEvaluate', { cartId: NO_CART }, 403],
    ['/api/cart/user', { user: null, shoppingCart: NO_CART }, 403],
    ['/api/cart/progressive', { cartId: NO_CART }, 404],
    [
      '/api/cart/validate-shipping',
      {
        cartId: NO_CART,
        selectedOption: { type: 'normal', carrier: 'Correios PAC', carrierId: 1, price: 0, deadline: 1 },
      },
      404,
    ],
    ['/api/cart/validate-shipping', { cartId: NO_CART, selectedOption: { type: 'drone' } }, 400],
    ['/api/verify-stock', { cartId: NO_CART }, 404],
    ['/api/verify-stock', { cartId: null }, 400],
  ].map(([path, body, status]): Row => ({
    name: `POST ${path as string} ${JSON.stringify(body)}`,
    path: path as string,
    init: jsonPost(body),
    status: status as number,
    schema: ApiErrorSchema,
  })),
);

// Checkout's calls (issue 6): refusals and static answers through both backends (success paths:
// checkout-adapters.test.ts runs every port method on both adapters).
TABLE.push(
  {
    name: 'GET /api/installments?total=100000',
    path: '/api/installments?total=100000',
    status: 200,
    schema: InstallmentsResponseSchema,
  },
  { name: 'GET /api/installments without a total', path: '/api/installments', status: 400, schema: ApiErrorSchema },
  {
    name: 'POST /api/credit-card-service',
    path: '/api/credit-card-service',
    init: jsonPost({}),
    status: 200,
    schema: CardServiceResponseSchema,
  },
  { name: 'GET /api/orders signed out', path: '/api/orders', status: 401, schema: ApiErrorSchema },
  { name: 'GET /api/orders/1 signed out', path: '/api/orders/1', status: 401, schema: ApiErrorSchema },
  {
    name: 'GET /api/order-status with a bad token',
    path: '/api/order-status?orderIds=1&token=bm9wZQ%3D%3D',
    status: 404,
    schema: ApiErrorSchema,
  },
  {
    name: 'GET /api/order-confirmation with bad ids',
    path: '/api/order-confirmation?orderIds=x&token=bm9wZQ%3D%3D',
    status: 404,
    schema: ApiErrorSchema,
  },
  {
    name: 'POST /api/finish-order with an empty body',
    path: '/api/finish-order',
    init: jsonPost({}),
    status: 400,
    schema: ApiErrorSchema,
  },
  {
    name: 'POST /api/finish-order for an unknown cart',
    path: '/api/finish-order',
    init: jsonPost({
      cartId: NO_CART,
      shippingInfo: {},
      payment: { paymentMethodId: 47 },
      anonymousConsumer: { name: 'Maria Silva', email: 'm@example.com', cpf: '52998224725' },
      packages: [
        { store: 'fabrica', selectedOption: { type: 'pickup', carrier: 'x', carrierId: 90, price: 0, deadline: 0 } },
      ],
    }),
    status: 404,
    schema: ApiErrorSchema,
  },
  {
    name: 'POST /api/paypal/create for an unknown cart',
    path: '/api/paypal/create',
    init: jsonPost({ cartId: NO_CART, shipping: 0, payment: { paymentMethodId: 32 } }),
    status: 404,
    schema: ApiErrorSchema,
  },
  {
    name: 'POST /api/payments/sandbox for an unknown payment',
    path: '/api/payments/sandbox',
    init: jsonPost({ reference: 'VTRAAAAAAAAAAAAAAAAAAAAAA', action: 'pay' }),
    status: 404,
    schema: ApiErrorSchema,
  },
);

async function call(app: TestApp, row: Row) {
  const res = await app.request(row.path, row.init?.());
  const body: unknown = await res.json();
  return { status: res.status, type: res.headers.get('content-type'), body };
}

describe('/api contract: embedded and upstream adapters', () => {
  beforeAll(() => seed());

  it.each(TABLE)('$name answers the same on both backends', async (row) => {
    const direct = await call(embedded, row);
    const viaProxy = await call(proxy, row);
    expect(direct.status).toBe(row.status);
    expect(viaProxy.status).toBe(row.status);
    expect(direct.type).toMatch(/^application\/json/);
    expect(viaProxy.type).toMatch(/^application\/json/);
    const a = row.schema.parse(direct.body);
    const b = row.schema.parse(viaProxy.body);
    expect(b).toEqual(a);
    row.check?.(a as never);
  });

  it('really goes through the upstream for the proxy app', async () => {
    const before = seen.length;
    await proxy.request('/api/live-menus');
    expect(seen.length).toBe(before + 1);
    expect(seen.at(-1)!.url).toBe('http://upstream.test/api/live-menus');
  });

  describe('when the WhatsApp number is not configured', () => {
    beforeAll(() => env.DB.prepare("DELETE FROM parameters WHERE key = 'whatsapp_number'").run());
    afterAll(() => seed());

    it('GET /api/whatsapp is a 404 error on both backends', async () => {
      const row: Row = { name: 'whatsapp', path: '/api/whatsapp', status: 404, schema: ApiErrorSchema };
      const direct = await call(embedded, row);
      const viaProxy = await call(proxy, row);
      expect(direct.status).toBe(404);
      expect(viaProxy.status).toBe(404);
      expect(ApiErrorSchema.parse(viaProxy.body)).toEqual(ApiErrorSchema.parse(direct.body));
    });
  });
});

describe('SSR through both adapters', () => {
  beforeAll(() => seed());

  const departmentLink =
    /<a class="department-card[^"]*" href="\/moda-praia">(?:(?!<\/a>).)*<span class="department-card__name">Moda Praia<\/span>/;

  it.each([
    ['embedded', () => embedded],
    ['upstream', () => proxy],
  ])('renders the menu on / via the %s adapter', async (_name, app) => {
    const before = seen.length;
    const res = await app().request('/');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(departmentLink);
    if (_name === 'upstream') {
      const urls = seen
        .slice(before)
        .map((r) => r.url)
        .sort();
      expect(urls).toEqual([
        'http://upstream.test/api/live-menus',
        'http://upstream.test/api/parameters',
        'http://upstream.test/api/whatsapp',
      ]);
    }
    // The header island's menu, from the URL the page names, through the same adapter.
    expect((await headerMenu(html, (path) => app().request(path))).map((m) => m.name)).toContain('Moda Praia');
  });

  it('resolves a menu slug page the same way via both adapters', async () => {
    for (const app of [embedded, proxy]) {
      const res = await app.request('/moda-praia/biquinis');
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/<h1[^>]*>Biquínis<\/h1>/);
    }
  });
});
