import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkoutGateway } from '../../client/gateways/checkout';
import { createCheckoutStore } from '../../client/stores/checkout';
import { installmentTable } from '../../src/lib/checkout/installments';
import { randomToken } from '../../src/lib/security/token';
import { basicReviewed } from '../../src/pages/checkout-finish';
import { createCustomerSession, makeApp, seed } from './app-harness';
import { ADDRESS, basicForm, CARD, cartWith, FACTORY_ID, giveCashback, GUEST, skuWithStock } from './checkout-helpers';

/**
 * One order total on every side: for random bags (lines, a coupon, a seller code, cashback, the delivery option,
 * the method and installments) the checkout store's total (the browser's store over its real gateway), the no-JS
 * form's (its hidden `revisado` plus `basicReviewed`) and the cart's (GET /api/cart) are one number, and
 * finish-order, sent the store's own body, orders it (no 409). Codes are applied before the quote or after the
 * option is chosen: after, the quote's prices are not yet free and the free-shipping rule itself must agree.
 */
const app = makeApp();
const SAVASSI = 4;

const COUPONS = [
  fc.record({ kind: fc.constant('percentage'), value: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ kind: fc.constant('fixed'), value: fc.integer({ min: 1, max: 60_000 }) }),
  fc.record({ kind: fc.constantFrom('free_normal_shipping', 'free_express_shipping'), value: fc.constant(0) }),
];
const bagArb = fc.record({
  /** Each line's amount and the store its stock is in (a second store makes a second package). */
  lines: fc.array(fc.record({ amount: fc.integer({ min: 1, max: 3 }), store: fc.constantFrom(FACTORY_ID, SAVASSI) }), {
    minLength: 1,
    maxLength: 3,
  }),
  coupon: fc.option(fc.oneof(...COUPONS), { nil: null }),
  seller: fc.option(
    fc.record({ pct: fc.integer({ min: 0, max: 100 }), freeNormal: fc.boolean(), freeExpress: fc.boolean() }),
    { nil: null },
  ),
  /** Cashback balance (a customer then), 0 for none. */
  cashback: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 30_000 })),
  signedIn: fc.boolean(),
  codesFirst: fc.boolean(),
  /** The option chosen, per package. */
  options: fc.array(fc.nat(), { minLength: 2, maxLength: 2 }),
  method: fc.constantFrom('credit-card', 'pix', 'bank-slip'),
  installments: fc.nat(),
});
type Bag = typeof bagArb extends fc.Arbitrary<infer T> ? T : never;

/**
 * Bags every run has, besides the random ones: codes making the chosen option free applied after it was
 * quoted (one package, so the no-JS form's total is compared too), and two packages with every code and cashback.
 */
const EXAMPLES: [Bag][] = [
  [
    {
      lines: [{ amount: 1, store: FACTORY_ID }],
      coupon: { kind: 'free_normal_shipping', value: 0 },
      seller: { pct: 0, freeNormal: true, freeExpress: true },
      cashback: 0,
      signedIn: false,
      codesFirst: false,
      options: [0, 0],
      method: 'credit-card',
      installments: 0,
    },
  ],
  [
    {
      lines: [
        { amount: 2, store: FACTORY_ID },
        { amount: 1, store: SAVASSI },
      ],
      coupon: { kind: 'percentage', value: 10 },
      seller: { pct: 5, freeNormal: false, freeExpress: true },
      cashback: 2500,
      signedIn: true,
      codesFirst: false,
      options: [1, 1],
      method: 'credit-card',
      installments: 3,
    },
  ],
];

/** The browser's fetch: the real app, with the cookies this shopper's browser holds. */
function browserFetch(cookie: () => string) {
  return (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = new Headers(init.headers);
    headers.set('origin', 'http://localhost');
    headers.set('cookie', cookie());
    return app.request(url.pathname + url.search, { ...init, headers, signal: undefined });
  };
}

async function codes(bag: Bag): Promise<{ coupon: string | null; seller: string | null }> {
  const coupon = bag.coupon && `C${randomToken(8)}`;
  const seller = bag.seller && `S${randomToken(8)}`;
  if (bag.coupon)
    await env.DB.prepare('INSERT INTO coupons (code, kind, value) VALUES (?, ?, ?)')
      .bind(coupon, bag.coupon.kind, bag.coupon.value)
      .run();
  if (bag.seller)
    await env.DB.prepare(
      'INSERT INTO sellers (code, name, discount_pct, free_normal_shipping, free_express_shipping) VALUES (?, ?, ?, ?, ?)',
    )
      .bind(seller, 'Vendedora', bag.seller.pct, Number(bag.seller.freeNormal), Number(bag.seller.freeExpress))
      .run();
  return { coupon, seller };
}

/** What the cart's orders add up to (each package's order: its goods' share and its shipping). */
const orderedTotal = async (cartId: string) =>
  (await env.DB.prepare('SELECT sum(total_cents) AS t FROM orders WHERE cart_id = ?')
    .bind(cartId)
    .first<{ t: number }>())!.t;

/** One bag through the store's checkout; the three totals and finish-order's answer. */
async function checkout(bag: Bag) {
  const customer = bag.signedIn || bag.cashback > 0 ? await createCustomerSession() : null;
  if (customer && bag.cashback > 0) await giveCashback(customer.customerId, bag.cashback);
  const lines = [];
  for (const line of bag.lines) lines.push({ sku: (await skuWithStock(20, line.store)).id, amount: line.amount });
  const cartId = await cartWith(lines, customer?.customerId ?? null);
  const cookie = [`cart=${cartId}`, customer?.cookie].filter(Boolean).join('; ');
  vi.stubGlobal(
    'fetch',
    browserFetch(() => cookie),
  );
  const { coupon, seller } = await codes(bag);

  const initial = await checkoutGateway.cart({ cartId, installment: 1, shipping: 0, paymentMethodId: 1 });
  const store = createCheckoutStore(
    { cart: initial, customerId: customer?.customerId ?? null },
    { api: checkoutGateway, onCartDeleted: () => undefined, newKey: () => randomToken(), userAgent: 'vitest' },
  );
  if (!customer) expect(store.identifyGuest(GUEST)).toEqual({});
  // A code the rules refuse (a seller code at 0 %…) is part of the bag too: the cart then goes on without it.
  const applyCodes = async () => {
    if (coupon) await store.applyCoupon(coupon).catch(() => null);
    if (seller) await store.applySellerCode(seller).catch(() => null);
    if (bag.cashback > 0) await store.applyCashback(bag.cashback).catch(() => null);
  };
  if (bag.codesFirst) await applyCodes();
  store.setAddress({ kind: 'new', address: ADDRESS });
  const options = await store.loadOptions(ADDRESS.zipCode);
  // One package: any option (pickup too); two: a home delivery for each.
  const packages = Object.entries(options).map(([key, list], i) => {
    const offered = Object.keys(options).length > 1 ? list.filter((o) => o.type !== 'pickup') : list;
    return { key, option: offered[bag.options[i]! % offered.length]! };
  });
  for (const { key, option } of packages) store.selectShipping(key, option);
  expect(await store.validateShipping()).toBe(true);
  if (!bag.codesFirst) await applyCodes();

  const browser = store.total.value;
  const cart = await checkoutGateway.cart({
    cartId,
    installment: 1,
    shipping: store.shippingCents.value,
    paymentMethodId: 1,
  });
  // The no-JS form chooses one option: it has a total for a one-package bag (its page as this browser gets it).
  const form =
    packages.length === 1 ? basicForm(await (await app.request('/checkout', { headers: { cookie } })).text()) : null;
  const noJs = form && basicReviewed(form.values, packages[0]!.option, cart)?.total;

  if (browser === 0) store.selectMethod('coupon');
  else {
    store.selectMethod(bag.method);
    if (bag.method === 'credit-card') {
      const table = installmentTable(browser);
      store.setInstallments(table[bag.installments % table.length]!.number);
    }
  }
  const result = await store
    .finish(bag.method === 'credit-card' ? CARD : null, { redirect: false })
    .then(async () => ({ status: 200, ordered: await orderedTotal(cartId) }))
    .catch((error: { status?: number; message?: string }) => ({ status: error.status, error: error.message }));
  return { browser, noJs, server: cart.total, result };
}

describe('the order total: one rule on every side', () => {
  beforeAll(() => seed());
  afterAll(() => vi.unstubAllGlobals());

  it('random bags: browser, no-JS form and server agree, and finish-order orders that total', async () => {
    await fc.assert(
      fc.asyncProperty(bagArb, async (bag) => {
        const { browser, noJs, server, result } = await checkout(bag);
        expect({ noJs, server }).toEqual({ noJs: noJs === null ? null : browser, server: browser });
        expect(result).toEqual({ status: 200, ordered: browser });
      }),
      { numRuns: 10, examples: EXAMPLES },
    );
  }, 60_000);
});
