import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { clearTokenSources } from '../../../src/commerce/payments/live/token-source';
import { liveAdapters } from '../../../src/commerce/payments/live/live-config';
import { ProviderError, type FetchLike, type LiveProvider } from '../../../src/commerce/payments/live/live-provider';
import { seed } from '../app-harness';
import { PaypalFake } from './fakes/paypal-fake';
import {
  eventsOf,
  expireNow,
  orderState,
  pendingOrder,
  pointPaymentAt,
  PAYPAL_VARS,
  webhookApp,
  type PlacedOrder,
} from './live-helpers';

let fake: PaypalFake;
let paypal: LiveProvider;
let post: ReturnType<typeof webhookApp>;
let warn: MockInstance<typeof console.warn>;
const urls = {
  returnUrl: 'https://www.vitrine.com.br/checkout/paypal/retorno',
  cancelUrl: 'https://www.vitrine.com.br/checkout/paypal/cancelado',
};
const paypalWith = (fetch: FetchLike) =>
  liveAdapters({ ...PAYPAL_VARS, PAYMENT_PROVIDER_TIMEOUT_MS: '300' }, { fetch }).paypal!;

beforeAll(() => seed());
beforeEach(() => {
  clearTokenSources();
  fake = new PaypalFake();
  paypal = paypalWith(fake.fetch);
  post = webhookApp(PAYPAL_VARS, fake.fetch);
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  expect(fake.violations).toEqual([]);
});

describe('PayPal adapter against Orders v2, Payments v2 and Notifications v1', () => {
  it('creates a BRL CAPTURE order with an approval link, captures it once approved, refunds it — one token', async () => {
    const created = await paypal.createCharge({
      kind: 'paypal',
      reference: 'VTRPAYPAL0001',
      amountCents: 25990,
      now: new Date(),
      ...urls,
    });
    expect(created).toMatchObject({
      status: 'pending',
      amountCents: 25990,
      actionUrl: expect.stringContaining(created.providerRef),
    });
    expect(fake.orders.get(created.providerRef)!.purchase_units[0]!.amount).toEqual({
      currency_code: 'BRL',
      value: '259.90',
    });
    // Not approved yet: PayPal refuses the capture, nothing is taken.
    expect((await paypal.capture(created.providerRef, 25990)).status).toBe('pending');
    fake.approve(created.providerRef);
    expect((await paypal.getCharge(created.providerRef)).status).toBe('authorized');
    const captured = await paypal.capture(created.providerRef, 25990);
    expect(captured).toMatchObject({ status: 'paid', amountCents: 25990 });
    // A retried capture (same PayPal-Request-Id) does not take the money twice.
    expect((await paypal.capture(created.providerRef, 25990)).status).toBe('paid');
    expect(fake.balanceCents()).toBe(25990);
    const refund = await paypal.refund({ receiptId: captured.receipts[0]!.id, refundId: '77', amountCents: 25990 });
    expect(refund.status).toBe('done');
    expect(fake.balanceCents()).toBe(0);
    expect(fake.tokensIssued).toBe(1);
  });

  it('dropping a required field is refused by the fake (the validation bites)', async () => {
    const dropping: FetchLike = async (request) => {
      if (!request.url.endsWith('/v2/checkout/orders')) return fake.fetch(request);
      const body = (await request.json()) as Record<string, unknown>;
      delete body.intent;
      return fake.fetch(
        new Request(request.url, { method: 'POST', headers: request.headers, body: JSON.stringify(body) }),
      );
    };
    const error = await paypalWith(dropping)
      .createCharge({ kind: 'paypal', reference: 'VTRPAYPAL0002', amountCents: 100, now: new Date(), ...urls })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(fake.violations.join('\n')).toMatch(/orders\.create request: body .*intent/);
    expect(fake.orders.size).toBe(0);
    fake.contracts[0]!.violations.length = 0; // seen; the afterEach checks the rest stayed clean
  });

  it('a timeout at create or a 5xx at capture is a ProviderError and takes no money', async () => {
    fake.failNext('orders.create', 'timeout');
    await expect(
      paypal.createCharge({ kind: 'paypal', reference: 'VTRPAYPAL0003', amountCents: 100, now: new Date(), ...urls }),
    ).rejects.toMatchObject({ status: 0 });
    const created = await paypal.createCharge({
      kind: 'paypal',
      reference: 'VTRPAYPAL0004',
      amountCents: 100,
      now: new Date(),
      ...urls,
    });
    fake.approve(created.providerRef);
    fake.failNext('orders.capture', 'error5xx');
    await expect(paypal.capture(created.providerRef, 100)).rejects.toMatchObject({ status: 503 });
    expect(fake.balanceCents()).toBe(0);
  });
});

/** A pending PayPal order (finish-order, sandbox method 32) whose payment is an order at the fake PayPal. */
async function livePaypalOrder(): Promise<PlacedOrder & { paypalId: string }> {
  const order = await pendingOrder(32);
  const created = await paypal.createCharge({
    kind: 'paypal',
    reference: `VTR${order.paymentId}`,
    amountCents: order.charged,
    now: new Date(),
    ...urls,
  });
  await pointPaymentAt(order.paymentId, created.providerRef);
  return { ...order, paypalId: created.providerRef };
}

const send = (delivery: { headers: Record<string, string>; body: unknown }) =>
  post('paypal', { headers: delivery.headers, body: JSON.stringify(delivery.body) });

describe('POST /api/webhooks/paypal', () => {
  it('an approval notification ten times: captured once at PayPal, the order paid once', async () => {
    const order = await livePaypalOrder();
    fake.approve(order.paypalId);
    const delivery = fake.event('CHECKOUT.ORDER.APPROVED', order.paypalId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(delivery)));
    for (let i = 0; i < 5; i++) answers.push(await send(delivery));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await orderState(order.orderId)).toMatchObject({
      orderStatus: 'paid',
      paymentStatus: 'paid',
      transitions: 1,
    });
    expect(fake.balanceCents()).toBe(order.charged);
    expect((await eventsOf(order.paymentId)).map((e) => e.outcome)).toEqual(['captured']);
    // Then PayPal's capture notification: the same payment, nothing more to do.
    expect((await send(fake.event('PAYMENT.CAPTURE.COMPLETED', order.paypalId))).status).toBe(200);
    expect(await orderState(order.orderId)).toMatchObject({ orderStatus: 'paid', transitions: 1 });
  });

  it('a capture that fails answers 503 and takes nothing; PayPal retrying the same event then captures', async () => {
    const order = await livePaypalOrder();
    fake.approve(order.paypalId);
    const delivery = fake.event('CHECKOUT.ORDER.APPROVED', order.paypalId);
    fake.failNext('orders.capture', 'error5xx');
    expect((await send(delivery)).status).toBe(503);
    expect(await orderState(order.orderId)).toMatchObject({ orderStatus: 'pending', paymentStatus: 'pending' });
    expect(fake.balanceCents()).toBe(0);
    expect((await send(delivery)).status).toBe(200);
    expect(await orderState(order.orderId)).toMatchObject({ orderStatus: 'paid', transitions: 1 });
    expect(fake.balanceCents()).toBe(order.charged);
  });

  it('an approval after the order expired captures nothing; money captured anyway is refunded once', async () => {
    const order = await livePaypalOrder();
    await expireNow(order.orderId);
    fake.approve(order.paypalId);
    expect((await send(fake.event('CHECKOUT.ORDER.APPROVED', order.paypalId))).status).toBe(200);
    expect(fake.balanceCents()).toBe(0);
    // Captured by someone else (e.g. at PayPal's dashboard): the capture notification gives it back.
    await paypal.capture(order.paypalId, order.charged);
    const completed = fake.event('PAYMENT.CAPTURE.COMPLETED', order.paypalId);
    for (let i = 0; i < 3; i++) expect((await send(completed)).status).toBe(200);
    expect(await orderState(order.orderId)).toMatchObject({ orderStatus: 'expired', transitions: 1 });
    expect(fake.refunds).toHaveLength(1);
    expect(fake.balanceCents()).toBe(0);
    expect((await eventsOf(order.paymentId)).map((e) => e.outcome)).toEqual(['noop', 'late_refunded']);
  });

  it('forged notifications (altered body, unsigned, foreign webhook) are refused with 4xx and logged', async () => {
    const order = await livePaypalOrder();
    fake.approve(order.paypalId);
    const genuine = fake.event('CHECKOUT.ORDER.APPROVED', order.paypalId);
    const altered = { ...genuine, body: { ...genuine.body, id: 'WH-FORGED0000000001' } };
    expect((await send(altered)).status).toBe(401);
    const unsigned = { headers: { 'content-type': 'application/json' }, body: genuine.body };
    expect((await send(unsigned)).status).toBe(401);
    expect((await post('paypal', { headers: genuine.headers, body: 'not json' })).status).toBe(400);
    expect(warn.mock.calls.filter(([line]) => String(line).includes('"webhook":"refused"'))).toHaveLength(3);
    expect(await orderState(order.orderId)).toMatchObject({ orderStatus: 'pending', transitions: 0 });
    expect(fake.balanceCents()).toBe(0);
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM payment_events WHERE payment_id = ?')
        .bind(order.paymentId)
        .first('n'),
    ).toBe(0);
  });
});
