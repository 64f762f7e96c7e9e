import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokenSources } from '../../../src/commerce/payments/live/token-source';
import { RETURN_WAIT_MS } from '../../../src/commerce/payments/return';
import type { PaypalCreateResponse } from '../../../src/contracts/checkout';
import type { Bindings } from '../../../src/env';
import { MAX_REFRESHES } from '../../../src/pages/payment-return';
import { cartWith, finished, orderBody, skuWithStock } from '../checkout-helpers';
import { makeApp, sameOriginJson, seed } from '../app-harness';
import { PaypalFake } from './fakes/paypal-fake';
import { PAYPAL_VARS } from './live-helpers';

/**
 * Issue 27: the shopper's return from PayPal never shows an error after money may have moved. A PayPal slower than
 * the return's wait (RETURN_WAIT_MS) gets the "Confirmando seu pagamento…" page while the status read and the
 * capture go on; its refresh (`?confirmando=<n>`, the no-JS path) and its page script's order-status poll land on
 * the confirmation once the order is paid.
 */
let fake: PaypalFake;
const VARS = { PAYMENTS_MODE: 'live', PAYMENT_PROVIDER_TIMEOUT_MS: '8000', ...PAYPAL_VARS } as Partial<Bindings>;

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

const payment = (reference: string) =>
  env.DB.prepare(
    `SELECT p.status, p.charged_cents AS charged, (SELECT group_concat(o.status) FROM orders o WHERE o.payment_id = p.id) AS orders
       FROM payments p WHERE p.provider_reference = ?`,
  )
    .bind(reference)
    .first<{ status: string; charged: number; orders: string }>();

/** A PayPal order placed through /api/paypal/create + finish-order, approved at PayPal. */
async function approvedOrder(app: ReturnType<typeof makeApp>) {
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
  const { paypal } = (await res.json()) as PaypalCreateResponse;
  const result = await finished(app, orderBody(cartId, { paymentMethodId: 32, paypalPaymentId: paypal.id }));
  const chargeId = (await env.DB.prepare('SELECT provider_charge_id AS id FROM payments WHERE provider_reference = ?')
    .bind(paypal.id)
    .first<{ id: string }>())!.id;
  fake.approve(chargeId);
  return { cartId, reference: paypal.id, orderId: result.orderIds[0]! };
}

const back = (app: ReturnType<typeof makeApp>, reference: string, cartId: string | null, query = '') =>
  app.request(`/checkout/retorno/${reference}${query}`, cartId ? { headers: { cookie: `cart=${cartId}` } } : undefined);

/** The page script's props (the JSON block `<PageScript name="ReturnPoll">` renders). */
function pollProps(html: string) {
  const m = /<script type="application\/json" data-page-script="ReturnPoll"[^>]*>([^<]*)<\/script>/.exec(html);
  return m
    ? (JSON.parse(m[1]!.replace(/\\u003c/g, '<')) as {
        statusUrl: string | null;
        confirmation: string | null;
        refresh: string;
      })
    : null;
}

async function until(check: () => Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the shopper’s return with a slow provider', () => {
  it('PayPal slower than the wait: "Confirmando seu pagamento…" at once, then the refresh and the poll land on the paid confirmation', async () => {
    const app = makeApp(VARS, { paymentsFetch: fake.fetch });
    const { cartId, reference, orderId } = await approvedOrder(app);
    clearTokenSources();
    fake.delayMs = 1200; // token + status + capture: 3.6 s, past RETURN_WAIT_MS
    const started = Date.now();
    const res = await back(app, reference, cartId);
    const took = Date.now() - started;
    // Guard: the return's wait (payments/return.ts). Without it the route holds the shopper for the whole exchange.
    expect(res.status).toBe(200);
    expect(took).toBeLessThan(RETURN_WAIT_MS + 900);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const html = await res.text();
    expect(html).toContain('<h1>Confirmando seu pagamento…</h1>');
    expect(html).toContain(
      `<noscript><meta http-equiv="refresh" content="3;url=/checkout/retorno/${reference}?confirmando=1"/></noscript>`,
    );
    const props = pollProps(html)!;
    expect(props.confirmation).toMatch(new RegExp(`^/checkout/order/${orderId}\\?token=`));
    expect(props.statusUrl).toBe(
      `/api/order-status?orderIds=${orderId}&token=${props.confirmation!.split('token=')[1]}`,
    );
    expect(await payment(reference)).toMatchObject({ orders: 'pending' });

    // The no-JS refresh while PayPal still answers: the same page, one refresh further; nothing asked of PayPal.
    const calls = fake.log.length;
    const again = await back(app, reference, cartId, '?confirmando=1');
    expect(again.status).toBe(200);
    expect(await again.text()).toContain(`?confirmando=2"/></noscript>`);
    expect(fake.log.length).toBe(calls);

    // The capture finishes after the answer (waitUntil); the poll's status URL then says paid.
    await until(async () => (await payment(reference))?.orders === 'paid');
    expect(await payment(reference)).toMatchObject({ status: 'paid', orders: 'paid' });
    expect(fake.balanceCents()).toBe((await payment(reference))!.charged);
    const status = await app.request(props.statusUrl!);
    expect(await status.json()).toMatchObject({ status: 'paid' });
    const landed = await back(app, reference, cartId, '?confirmando=2');
    expect(landed.status).toBe(303);
    expect(landed.headers.get('location')).toMatch(new RegExp(`^/checkout/order/${orderId}\\?token=`));
    expect(fake.log.filter((l) => l.op === 'orders.capture')).toHaveLength(1);
  }, 30_000);

  it('a refresh of an order still unpaid waits, and after the last refresh lands on the order’s page (which says it awaits payment)', async () => {
    const app = makeApp(VARS, { paymentsFetch: fake.fetch });
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
    const { paypal } = (await res.json()) as PaypalCreateResponse;
    const result = await finished(app, orderBody(cartId, { paymentMethodId: 32, paypalPaymentId: paypal.id }));
    const waiting = await back(app, paypal.id, cartId, `?confirmando=${MAX_REFRESHES - 1}`);
    expect(waiting.status).toBe(200);
    expect(await waiting.text()).toContain(`?confirmando=${MAX_REFRESHES}"/></noscript>`);
    const last = await back(app, paypal.id, cartId, `?confirmando=${MAX_REFRESHES}`);
    expect(last.status).toBe(303);
    expect(last.headers.get('location')).toMatch(new RegExp(`^/checkout/order/${result.orderIds[0]}\\?token=`));
    // Someone else's browser (no cart cookie, not signed in) is never handed the order: home page.
    const stranger = await back(app, paypal.id, null, `?confirmando=${MAX_REFRESHES}`);
    expect(stranger.headers.get('location')).toBe('/');
    expect((await back(app, 'PAYID-NOSUCHPAYMENT00000000', cartId, '?confirmando=1')).status).toBe(404);
  });

  it('a stranger’s return with a slow PayPal: the waiting page has no order to poll, only its own refresh', async () => {
    const app = makeApp(VARS, { paymentsFetch: fake.fetch });
    const { reference } = await approvedOrder(app);
    clearTokenSources();
    fake.delayMs = 1200;
    const html = await (await back(app, reference, null)).text();
    expect(pollProps(html)).toMatchObject({
      statusUrl: null,
      confirmation: null,
      refresh: `/checkout/retorno/${reference}?confirmando=1`,
    });
    await until(async () => (await payment(reference))?.orders === 'paid');
    expect((await back(app, reference, null, '?confirmando=1')).headers.get('location')).toBe('/');
  }, 30_000);
});
