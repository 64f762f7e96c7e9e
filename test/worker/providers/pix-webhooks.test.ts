import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { liveEventDeps } from '../../../src/commerce/payments/embedded';
import { reconcilePending } from '../../../src/commerce/payments/live/reconcile';
import { clearTokenSources } from '../../../src/commerce/payments/live/token-source';
import { liveAdapters } from '../../../src/commerce/payments/live/live-config';
import type { LiveProvider } from '../../../src/commerce/payments/live/live-provider';
import { makeApp, seed } from '../app-harness';
import { PixFake } from './fakes/pix-fake';
import {
  eventsOf,
  expireNow,
  newTxid,
  orderState,
  pendingOrder,
  pointPaymentAt,
  PIX_VARS,
  stockOf,
  webhookApp,
  type PlacedOrder,
} from './live-helpers';

let fake: PixFake;
let pix: LiveProvider;
let post: ReturnType<typeof webhookApp>;
let warn: MockInstance<typeof console.warn>;

beforeAll(() => seed());
beforeEach(() => {
  clearTokenSources();
  fake = new PixFake();
  pix = liveAdapters(PIX_VARS, { fetch: fake.fetch }).pix!;
  post = webhookApp(PIX_VARS, fake.fetch);
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  expect(fake.contract.violations).toEqual([]);
});

/** A pending Pix order whose payment is a live cob at the fake PSP. */
async function livePixOrder(): Promise<PlacedOrder & { txid: string }> {
  const order = await pendingOrder(47);
  const txid = newTxid();
  await pix.createCharge({
    kind: 'pix',
    reference: txid,
    amountCents: order.charged,
    expiresInSeconds: 1800,
    now: new Date(),
  });
  await pointPaymentAt(order.paymentId, txid);
  return { ...order, txid };
}

describe('POST /api/webhooks/pix', () => {
  it('the same notification ten times (five at once, five in a row): the order is paid once', async () => {
    const order = await livePixOrder();
    const body = JSON.stringify(fake.pay(order.txid));
    const first = await Promise.all(Array.from({ length: 5 }, () => post('pix', { body })));
    for (let i = 0; i < 5; i++) first.push(await post('pix', { body }));
    expect(first.map((r) => r.status)).toEqual(Array(10).fill(200));
    const outcomes = (await Promise.all(first.map((r) => r.json() as Promise<{ outcomes: string[] }>))).flatMap(
      (b) => b.outcomes,
    );
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'paid').every((o) => o === 'duplicate' || o === 'noop')).toBe(true);
    expect(await orderState(order.orderId)).toMatchObject({
      orderStatus: 'paid',
      paymentStatus: 'paid',
      transitions: 1,
    });
    expect(await eventsOf(order.paymentId)).toEqual([
      expect.objectContaining({ provider: 'pix', source: 'webhook', outcome: 'paid', status: 'paid' }),
    ]);
  });

  it('a Pix paid after the order expired changes nothing in the order and is given back once', async () => {
    const order = await livePixOrder();
    const stockBefore = await stockOf(order.sku);
    await expireNow(order.orderId);
    expect(await stockOf(order.sku)).toBe(stockBefore + 2);
    const body = JSON.stringify(fake.pay(order.txid));
    for (let i = 0; i < 3; i++) expect((await post('pix', { body })).status).toBe(200);
    expect(await orderState(order.orderId)).toMatchObject({
      orderStatus: 'expired',
      paymentStatus: 'expired',
      transitions: 1,
    });
    expect(await stockOf(order.sku)).toBe(stockBefore + 2);
    expect(await eventsOf(order.paymentId)).toEqual([expect.objectContaining({ outcome: 'late_refunded' })]);
    // The PSP's ledger: one devolução of the whole amount, nothing kept.
    expect(fake.refunds.size).toBe(1);
    expect(fake.balanceCents()).toBe(0);
    const refund = await env.DB.prepare(
      'SELECT amount_cents, provider_refund_id FROM payment_refunds WHERE payment_id = ?',
    )
      .bind(order.paymentId)
      .all();
    expect(refund.results).toEqual([
      { amount_cents: order.charged, provider_refund_id: [...fake.refunds.values()][0]!.rtrId },
    ]);
  });

  it('forged notifications are refused with 4xx, logged, and change nothing', async () => {
    const order = await livePixOrder();
    // A charge the PSP does not know.
    const unknown = await post('pix', {
      body: JSON.stringify({
        pix: [{ endToEndId: `E${'1'.repeat(31)}`, txid: newTxid(), valor: '10.00', horario: new Date().toISOString() }],
      }),
    });
    expect(unknown.status).toBe(404);
    // A real charge, but a Pix the PSP never received.
    const invented = await post('pix', {
      body: JSON.stringify({
        pix: [
          { endToEndId: `E${'2'.repeat(31)}`, txid: order.txid, valor: '10.00', horario: new Date().toISOString() },
        ],
      }),
    });
    expect(invented.status).toBe(401);
    expect(await invented.json()).toMatchObject({
      code: 'WEBHOOK_REFUSED',
      error: expect.stringContaining('não consta'),
    });
    // Not the API Pix shape at all.
    expect((await post('pix', { body: '{"hello":"world"}' })).status).toBe(400);
    expect((await post('pix', { body: 'not json' })).status).toBe(400);
    expect(warn.mock.calls.filter(([line]) => String(line).includes('"webhook":"refused"'))).toHaveLength(4);
    expect(await orderState(order.orderId)).toMatchObject({
      orderStatus: 'pending',
      paymentStatus: 'pending',
      transitions: 0,
    });
    expect(await eventsOf(order.paymentId)).toEqual([]);
  });

  it('a PSP that cannot be reached answers 503 (the PSP retries) and the retry is applied', async () => {
    const order = await livePixOrder();
    const body = JSON.stringify(fake.pay(order.txid));
    fake.failNext('cob.read', 'error5xx');
    expect((await post('pix', { body })).status).toBe(503);
    expect(await orderState(order.orderId)).toMatchObject({ orderStatus: 'pending' });
    expect((await post('pix', { body })).status).toBe(200);
    expect(await orderState(order.orderId)).toMatchObject({ orderStatus: 'paid', transitions: 1 });
  });

  it('without a Pix configuration there is no Pix webhook (404, not the same-origin 403)', async () => {
    const res = await makeApp().request('/api/webhooks/pix', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'Provedor de pagamento não configurado.' });
  });
});

describe('reconciliation (cron)', () => {
  it('a payment whose notification was lost is paid by asking the PSP; a later notification changes nothing', async () => {
    const order = await livePixOrder();
    const body = JSON.stringify(fake.pay(order.txid));
    expect(await reconcilePending(liveEventDeps(env.DB), { pix }, new Date())).toMatchObject({ paid: 1 });
    expect(await orderState(order.orderId)).toMatchObject({ orderStatus: 'paid', transitions: 1 });
    // Out of order: the webhook arrives after the cron already acted.
    expect((await post('pix', { body })).status).toBe(200);
    expect(await orderState(order.orderId)).toMatchObject({ orderStatus: 'paid', transitions: 1 });
    expect((await eventsOf(order.paymentId)).map((e) => [e.source, e.outcome])).toEqual([
      ['reconcile', 'paid'],
      ['webhook', 'noop'],
    ]);
  });

  it('a charge withdrawn at the PSP releases the stock once, however often the cron runs', async () => {
    const order = await livePixOrder();
    const stockBefore = await stockOf(order.sku);
    await pix.void(order.txid);
    await reconcilePending(liveEventDeps(env.DB), { pix }, new Date());
    await reconcilePending(liveEventDeps(env.DB), { pix }, new Date());
    expect(await orderState(order.orderId)).toMatchObject({
      orderStatus: 'cancelled',
      paymentStatus: 'failed',
      transitions: 1,
    });
    expect(await stockOf(order.sku)).toBe(stockBefore + 2);
    expect((await eventsOf(order.paymentId)).map((e) => e.outcome)).toEqual(['released']);
  });

  it('a Pix whose order a read expired just before the (lost) notification is found and given back', async () => {
    const order = await livePixOrder();
    fake.pay(order.txid);
    await expireNow(order.orderId);
    await reconcilePending(liveEventDeps(env.DB), { pix }, new Date());
    expect(await orderState(order.orderId)).toMatchObject({ orderStatus: 'expired', transitions: 1 });
    expect(fake.balanceCents()).toBe(0);
  });

  it('a charge the PSP reports expired takes the existing expiry path once (status expired, stock back)', async () => {
    const order = await livePixOrder();
    const stockBefore = await stockOf(order.sku);
    fake.cobs.get(order.txid)!.calendario.criacao = new Date(Date.now() - 1801_000).toISOString();
    await reconcilePending(liveEventDeps(env.DB), { pix }, new Date());
    await reconcilePending(liveEventDeps(env.DB), { pix }, new Date());
    expect(await orderState(order.orderId)).toMatchObject({
      orderStatus: 'expired',
      paymentStatus: 'expired',
      transitions: 1,
    });
    expect(await stockOf(order.sku)).toBe(stockBefore + 2);
    expect((await eventsOf(order.paymentId)).map((e) => e.outcome)).toEqual(['released']);
  });
});
