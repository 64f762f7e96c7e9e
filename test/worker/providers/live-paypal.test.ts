import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_MESSAGES } from '../../../src/commerce/orders/messages';
import { liveEventDeps } from '../../../src/commerce/payments/embedded';
import { reconcilePending } from '../../../src/commerce/payments/live/reconcile';
import { clearTokenSources } from '../../../src/commerce/payments/live/token-source';
import { liveAdapters } from '../../../src/commerce/payments/live/live-config';
import type { PaypalCreateResponse } from '../../../src/contracts/checkout';
import type { Bindings } from '../../../src/env';
import { CARD, cartWith, count, finish, finished, orderBody, skuWithStock } from '../checkout-helpers';
import { makeApp, sameOriginJson, seed } from '../app-harness';
import { PaypalFake } from './fakes/paypal-fake';
import { orderState, PAYPAL_VARS, webhookApp } from './live-helpers';

/**
 * Live PayPal (Orders v2) through the spec's flow: /api/paypal/create makes the PayPal order (intent CAPTURE,
 * BRL), finish-order claims it, the shopper approves at PayPal and comes back to /checkout/retorno/{reference},
 * which asks PayPal and captures once the orders exist. Faults at create, at capture and after the batch.
 */
let fake: PaypalFake;
const VARS = { PAYMENTS_MODE: 'live', PAYMENT_PROVIDER_TIMEOUT_MS: '300', ...PAYPAL_VARS };
const liveApp = () => makeApp(VARS as Partial<Bindings>, { paymentsFetch: fake.fetch });

beforeAll(() => seed());
beforeEach(() => {
  clearTokenSources();
  fake = new PaypalFake();
  for (const level of ['log', 'warn', 'error'] as const) vi.spyOn(console, level).mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  expect(fake.violations).toEqual([]);
});

async function created(app = liveApp()) {
  const sku = await skuWithStock(3);
  const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
  const res = await app.request(
    '/api/paypal/create',
    sameOriginJson('POST', {
      customerId: null,
      cartId,
      shipping: 1590,
      payment: { installmentNumber: 1, paymentMethodId: 32 },
    }),
  );
  return { sku, cartId, res, app };
}

async function placed() {
  const { cartId, res, app, sku } = await created();
  expect(res.status).toBe(200);
  const { paypal } = (await res.json()) as PaypalCreateResponse;
  const orderId = (await payment(paypal.id))!.chargeId;
  return {
    cartId,
    app,
    sku,
    reference: paypal.id,
    orderId,
    approval: paypal.links.find((l) => l.rel === 'approval_url')!.href,
  };
}

const payment = (reference: string) =>
  env.DB.prepare(
    `SELECT p.id, p.status, p.provider_charge_id AS chargeId, p.charged_cents AS charged,
            (SELECT group_concat(o.status) FROM orders o WHERE o.payment_id = p.id) AS orders
       FROM payments p WHERE p.provider_reference = ?`,
  )
    .bind(reference)
    .first<{ id: number; status: string; chargeId: string; charged: number; orders: string | null }>();

const back = (app: ReturnType<typeof liveApp>, reference: string, cartId: string | null, query = '') =>
  app.request(`/checkout/retorno/${reference}${query}`, cartId ? { headers: { cookie: `cart=${cartId}` } } : undefined);

describe('live PayPal (Orders v2) at the checkout', () => {
  it('create (CAPTURE, BRL) → finish-order → approval at PayPal → the return route captures once; webhooks after it change nothing', async () => {
    const { cartId, app, reference, orderId, approval } = await placed();
    const order = fake.orders.get(orderId)!;
    expect(order).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ reference_id: reference, amount: { currency_code: 'BRL' } }],
    });
    expect(approval).toBe(`https://www.paypal.test/checkoutnow?token=${orderId}`);
    const result = await finished(app, orderBody(cartId, { paymentMethodId: 32, paypalPaymentId: reference }));
    expect(result).toMatchObject({ status: 'pending', next: { kind: 'redirect', url: approval } });
    expect(order.purchase_units[0]!.amount.value).toBe((result.total / 100).toFixed(2));

    // Back without approving (or with a forged query): PayPal says not approved, nothing moves.
    const early = await back(app, reference, cartId, '?token=X&PayerID=FORGED');
    expect(early.status).toBe(303);
    expect(await payment(reference)).toMatchObject({ status: 'pending', orders: 'pending' });

    fake.approve(orderId);
    const res = await back(app, reference, cartId);
    expect(res.headers.get('location')).toMatch(
      new RegExp(`^/checkout/order/${result.orderIds[0]}\\?token=[A-Za-z0-9_-]{43}$`),
    ); // opaque: ADR 0009, 2026-11-27
    const row = (await payment(reference))!;
    expect(row).toMatchObject({ status: 'paid', orders: 'paid' });
    expect(fake.balanceCents()).toBe(row.charged);

    const post = webhookApp(PAYPAL_VARS, fake.fetch);
    for (const type of ['CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED'] as const) {
      const { headers, body } = fake.event(type, orderId);
      expect((await post('paypal', { body: JSON.stringify(body), headers })).status).toBe(200);
    }
    expect(await orderState(result.orderIds[0]!)).toMatchObject({ orderStatus: 'paid', transitions: 1 });
    expect(fake.balanceCents()).toBe(row.charged);
  });

  it('approved before finish-order: the return leaves it authorized (nothing captured), finish-order captures it', async () => {
    const { cartId, app, reference, orderId } = await placed();
    fake.approve(orderId);
    const res = await back(app, reference, cartId);
    expect(res.headers.get('location')).toBe('/checkout');
    expect(await payment(reference)).toMatchObject({ status: 'authorized', orders: null });
    expect(fake.balanceCents()).toBe(0);
    const result = await finished(app, orderBody(cartId, { paymentMethodId: 32, paypalPaymentId: reference }));
    expect(result.status).toBe('paid');
    expect(fake.balanceCents()).toBe((await payment(reference))!.charged);
  });

  it('fault at create (5xx, timeout): /api/paypal/create answers 502 pt-BR and keeps no payment', async () => {
    const paypalPayments = () => count("payments WHERE idempotency_key LIKE 'paypal:%'");
    const before = await paypalPayments();
    for (const fault of ['error5xx', 'timeout'] as const) {
      fake.failNext('orders.create', fault);
      const { res, cartId } = await created();
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', error: ORDER_MESSAGES.providerDown });
      expect(await count('orders WHERE cart_id = ?', cartId)).toBe(0);
    }
    expect(await paypalPayments()).toBe(before);
    expect(fake.orders.size).toBe(0);
    expect(fake.balanceCents()).toBe(0);
  });

  it('fault at capture (5xx, timeout): approved, but the order stays unpaid with nothing captured; the reconciliation captures it once', async () => {
    const { cartId, app, reference, orderId } = await placed();
    await finished(app, orderBody(cartId, { paymentMethodId: 32, paypalPaymentId: reference }));
    fake.approve(orderId);
    for (const fault of ['error5xx', 'timeout'] as const) {
      fake.failNext('orders.capture', fault);
      expect((await back(app, reference, cartId)).status).toBe(303);
      // Guard: an order is paid only once PayPal says the money is taken. Without it this reads paid, uncaptured.
      expect(await payment(reference)).toMatchObject({ status: 'pending', orders: 'pending' });
      expect(fake.balanceCents()).toBe(0);
    }
    const registry = liveAdapters({ ...env, ...VARS } as never, { fetch: fake.fetch });
    await reconcilePending(liveEventDeps(env.DB), registry, new Date());
    await reconcilePending(liveEventDeps(env.DB), registry, new Date());
    const row = (await payment(reference))!;
    expect(row).toMatchObject({ status: 'paid', orders: 'paid' });
    expect(fake.balanceCents()).toBe(row.charged);
  });

  it('the batch fails after the PayPal order was created (stock gone): 409, and a later approval captures nothing', async () => {
    const { cartId, app, reference, orderId, sku } = await placed();
    await env.DB.prepare('UPDATE stock SET quantity = 0 WHERE product_item_id = ?').bind(sku.id).run();
    expect((await finish(app, orderBody(cartId, { paymentMethodId: 32, paypalPaymentId: reference }))).status).toBe(
      409,
    );
    expect(await count('orders WHERE cart_id = ?', cartId)).toBe(0);
    fake.approve(orderId);
    // PayPal's webhook first, then the shopper's return: each on its own must not capture.
    const { headers, body } = fake.event('CHECKOUT.ORDER.APPROVED', orderId);
    expect((await webhookApp(PAYPAL_VARS, fake.fetch)('paypal', { body: JSON.stringify(body), headers })).status).toBe(
      200,
    );
    expect(fake.balanceCents()).toBe(0);
    expect((await back(app, reference, cartId)).headers.get('location')).toBe('/checkout');
    // Guard: money is taken only for a payment that has its orders. Without it PayPal holds a capture, no order.
    expect(fake.balanceCents()).toBe(0);
    expect(await payment(reference)).toMatchObject({ status: 'authorized', orders: null });
  });

  it('production host: PayPal configured offers the wallet only (the PayPal card method has no live adapter: 422)', async () => {
    const HOST = { host: 'www.vitrine.com.br' };
    const app = makeApp(PAYPAL_VARS as Partial<Bindings>, { paymentsFetch: fake.fetch });
    const methods = (await (await app.request('/api/payment-methods', { headers: HOST })).json()) as {
      methods: { name: string }[];
    };
    expect(methods.methods.map((m) => m.name)).toEqual(['coupon', 'paypal']);
    const sku = await skuWithStock(3);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    const res = await app.request(
      '/api/finish-order',
      sameOriginJson('POST', orderBody(cartId, { paymentMethodId: 43, ...CARD }), HOST),
    );
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ code: 'UNPROCESSABLE', error: ORDER_MESSAGES.methodUnavailable });
  });
});

describe('idempotency end to end', () => {
  it('a finish-order retried after PayPal’s answer was lost (same cart, same key) reuses PayPal’s order: one create at PayPal', async () => {
    const app = liveApp();
    const sku = await skuWithStock(3);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    const body = orderBody(cartId, { paymentMethodId: 32 });
    fake.failNext('orders.create', 'lost');
    const first = await finish(app, body);
    expect(first.status).toBe(502);
    expect(fake.orders.size).toBe(1);
    const result = await finished(app, body);
    expect(result.status).toBe('pending');
    // The fake's request log: two create requests with one PayPal-Request-Id, one order at PayPal.
    const creates = fake.log.filter((l) => l.op === 'orders.create');
    expect(creates).toHaveLength(2);
    expect(new Set(creates.map((c) => c.requestId)).size).toBe(1);
    // Guard: the reference (and so PayPal-Request-Id) derives from the finish-order key. Without it: two PayPal orders.
    expect(fake.orders.size).toBe(1);
    const [orderId] = [...fake.orders.keys()];
    const row = await env.DB.prepare(
      'SELECT p.provider_charge_id AS chargeId FROM payments p JOIN orders o ON o.payment_id = p.id WHERE o.id = ?',
    )
      .bind(result.orderIds[0])
      .first<{ chargeId: string }>();
    expect(row!.chargeId).toBe(orderId);
    expect(result.next).toMatchObject({
      kind: 'redirect',
      url: `https://www.paypal.test/checkoutnow?token=${orderId}`,
    });
  });
});

describe('a slow PayPal at the shopper’s return', () => {
  it('600 ms per PayPal call: the return route is not cut at the 1 s page-data deadline; it ends on the confirmation with the order paid', async () => {
    const app = makeApp({ ...VARS, PAYMENT_PROVIDER_TIMEOUT_MS: '5000' } as Partial<Bindings>, {
      paymentsFetch: fake.fetch,
    });
    const { cartId, reference, orderId } = await placed();
    const result = await finished(app, orderBody(cartId, { paymentMethodId: 32, paypalPaymentId: reference }));
    fake.approve(orderId);
    clearTokenSources();
    fake.delayMs = 600;
    const res = await back(app, reference, cartId);
    // Guard: paymentReturn is exempt from the page deadline (http/middleware/availability.ts UNBOUNDED). Without it: the
    // 503 page while PayPal captures, and the payment and order left pending.
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(new RegExp(`^/checkout/order/${result.orderIds[0]}\\?token=`));
    expect(await payment(reference)).toMatchObject({ status: 'paid', orders: 'paid' });
    expect(fake.balanceCents()).toBe((await payment(reference))!.charged);
  });
});
