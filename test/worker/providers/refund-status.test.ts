import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { pixTxidOf } from '../../../src/commerce/payments/live/slot-calls';
import { clearTokenSources } from '../../../src/commerce/payments/live/token-source';
import type { FetchLike } from '../../../src/commerce/payments/live/live-provider';
import type { PaypalCreateResponse } from '../../../src/contracts/checkout';
import type { Bindings } from '../../../src/env';
import { runScheduled } from '../../../src/scheduled';
import { client, createOperatorSession } from '../backoffice-fixtures';
import { cartWith, finished, orderBody, skuWithStock } from '../checkout-helpers';
import { makeApp, sameOriginJson, seed } from '../app-harness';
import { BoletoFake } from './fakes/boleto-fake';
import { PaypalFake } from './fakes/paypal-fake';
import { PixFake } from './fakes/pix-fake';
import { BOLETO_VARS, PAYPAL_VARS, PIX_VARS, webhookApp } from './live-helpers';

/**
 * Issue 27: a refund is done when its provider says so. A Pix devolução answered EM_PROCESSAMENTO and a PayPal refund
 * answered PENDING stay pending (the payment stays `paid`: the money has not gone back yet) and the cron reads them back
 * until the provider settles them; a paid boleto has no refund API at Inter: its refund is owed, never `refunded`.
 */
let pix: PixFake;
let paypal: PaypalFake;
let boleto: BoletoFake;
const fetcher: FetchLike = (request) => {
  if (request.url.startsWith(PIX_VARS.PIX_API_URL!) || request.url === PIX_VARS.PIX_TOKEN_URL)
    return pix.fetch(request);
  if (request.url.startsWith(PAYPAL_VARS.PAYPAL_API_URL!)) return paypal.fetch(request);
  return boleto.fetch(request);
};
const VARS = { PAYMENTS_MODE: 'live', PAYMENT_PROVIDER_TIMEOUT_MS: '300', ...PIX_VARS, ...PAYPAL_VARS, ...BOLETO_VARS };
const liveApp = () => makeApp(VARS as Partial<Bindings>, { paymentsFetch: fetcher });
const cron = () => runScheduled({ ...env, ...VARS } as unknown as Bindings, fetcher);

beforeAll(() => seed());
beforeEach(() => {
  clearTokenSources();
  pix = new PixFake();
  paypal = new PaypalFake();
  boleto = new BoletoFake();
  for (const level of ['log', 'warn', 'error'] as const) vi.spyOn(console, level).mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  expect(pix.contract.violations).toEqual([]);
  expect(paypal.violations).toEqual([]);
  expect(boleto.contract.violations).toEqual([]);
});

async function cancel(app: ReturnType<typeof liveApp>, orderId: number) {
  const operator = client(app, (await createOperatorSession()).cookie);
  expect((await operator.post(`/api/backoffice/orders/${orderId}/status`, { to: 'cancelled' })).status).toBe(200);
}

async function refundOf(orderId: number) {
  return env.DB.prepare(
    `SELECT p.status AS paymentStatus, r.status AS refund, r.provider_refund_id IS NOT NULL AS sent, r.amount_cents AS amount
       FROM orders o JOIN payments p ON p.id = o.payment_id LEFT JOIN payment_refunds r ON r.payment_id = p.id WHERE o.id = ?`,
  )
    .bind(orderId)
    .first<{ paymentStatus: string; refund: string | null; sent: number; amount: number | null }>();
}

async function paidPix(app = liveApp()) {
  const sku = await skuWithStock(3);
  const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
  const result = await finished(app, orderBody(cartId, { paymentMethodId: 47 }));
  const orderId = result.orderIds[0]!;
  const reference = (await env.DB.prepare(
    'SELECT p.provider_reference AS r FROM payments p JOIN orders o ON o.payment_id = p.id WHERE o.id = ?',
  )
    .bind(orderId)
    .first<{ r: string }>())!.r;
  const txid = pixTxidOf(reference);
  expect((await webhookApp(PIX_VARS, fetcher)('pix', { body: JSON.stringify(pix.pay(txid)) })).status).toBe(200);
  expect(await refundOf(orderId)).toMatchObject({ paymentStatus: 'paid' });
  return { app, orderId, txid, total: result.total };
}

describe('Pix devolução: pending until the PSP says DEVOLVIDO or NAO_REALIZADO', () => {
  it('a paid Pix order cancelled: EM_PROCESSAMENTO stays pending through the cron; DEVOLVIDO makes the payment refunded', async () => {
    const order = await paidPix();
    await cancel(order.app, order.orderId);
    // Guard: the refund's answer is stored as the PSP gave it. Before, the payment read `refunded` at once.
    expect(await refundOf(order.orderId)).toEqual({
      paymentStatus: 'paid',
      refund: 'pending',
      sent: 1,
      amount: order.total,
    });
    await cron();
    expect(await refundOf(order.orderId)).toMatchObject({ paymentStatus: 'paid', refund: 'pending' });
    expect(pix.contract.calls.filter((c) => c === 'refund.read')).toHaveLength(1);
    pix.settleRefund([...pix.refunds.keys()][0]!, 'DEVOLVIDO');
    // Guard: the cron reads pending refunds back (GET /pix/{e2eid}/devolucao/{id}).
    await cron();
    expect(await refundOf(order.orderId)).toMatchObject({ paymentStatus: 'refunded', refund: 'done' });
    await cron();
    expect(pix.contract.calls.filter((c) => c === 'refund.read')).toHaveLength(2);
    expect(pix.balanceCents()).toBe(0);
  });

  it('NAO_REALIZADO: the refund is failed and the payment stays paid (the money is still ours to give back)', async () => {
    const order = await paidPix();
    await cancel(order.app, order.orderId);
    pix.settleRefund([...pix.refunds.keys()][0]!, 'NAO_REALIZADO');
    await cron();
    expect(await refundOf(order.orderId)).toMatchObject({ paymentStatus: 'paid', refund: 'failed' });
    expect(pix.balanceCents()).toBe(order.total);
  });

  it('money after a cancel (late devolução) is pending too, and done once the PSP says so', async () => {
    const sku = await skuWithStock(3);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    const app = liveApp();
    const result = await finished(app, orderBody(cartId, { paymentMethodId: 47 }));
    const orderId = result.orderIds[0]!;
    const txid = [...pix.cobs.keys()][0]!;
    pix.pay(txid);
    await cancel(app, orderId);
    expect(await refundOf(orderId)).toMatchObject({ paymentStatus: 'cancelled', refund: 'pending', sent: 1 });
    pix.settleRefund([...pix.refunds.keys()][0]!, 'DEVOLVIDO');
    await cron();
    expect(await refundOf(orderId)).toMatchObject({ paymentStatus: 'cancelled', refund: 'done' });
  });
});

describe('PayPal refund: PENDING until PayPal says COMPLETED', () => {
  it('a paid PayPal order cancelled while PayPal answers PENDING: pending, then refunded once GET /v2/payments/refunds says COMPLETED', async () => {
    paypal.refundAnswer = 'PENDING';
    const app = liveApp();
    const sku = await skuWithStock(3);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    const created = await app.request(
      '/api/paypal/create',
      sameOriginJson('POST', {
        customerId: null,
        cartId,
        shipping: 1590,
        payment: { installmentNumber: 1, paymentMethodId: 32 },
      }),
    );
    const reference = ((await created.json()) as PaypalCreateResponse).paypal.id;
    const result = await finished(app, orderBody(cartId, { paymentMethodId: 32, paypalPaymentId: reference }));
    const orderId = result.orderIds[0]!;
    paypal.approve([...paypal.orders.keys()][0]!);
    await app.request(`/checkout/retorno/${reference}`, { headers: { cookie: `cart=${cartId}` } });
    expect(await refundOf(orderId)).toMatchObject({ paymentStatus: 'paid' });
    await cancel(app, orderId);
    expect(await refundOf(orderId)).toMatchObject({ paymentStatus: 'paid', refund: 'pending', sent: 1 });
    await cron();
    expect(await refundOf(orderId)).toMatchObject({ paymentStatus: 'paid', refund: 'pending' });
    paypal.settleRefund(paypal.refunds[0]!.id, 'COMPLETED');
    await cron();
    expect(await refundOf(orderId)).toMatchObject({ paymentStatus: 'refunded', refund: 'done' });
    expect(paypal.balanceCents()).toBe(0);
  });
});

describe('boleto (Inter has no refund API)', () => {
  it('a paid boleto order cancelled: the refund is owed (bank transfer from the back office), the payment is not refunded', async () => {
    const app = liveApp();
    const sku = await skuWithStock(3);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    const result = await finished(app, orderBody(cartId, { paymentMethodId: 6 }));
    const orderId = result.orderIds[0]!;
    const code = [...boleto.cobrancas.keys()][0]!;
    expect((await webhookApp(BOLETO_VARS, fetcher)('boleto', { body: JSON.stringify(boleto.pay(code)) })).status).toBe(
      200,
    );
    await cancel(app, orderId);
    // Guard: refundsByTransfer. Before, the payment read `refunded` with no refund made anywhere.
    expect(await refundOf(orderId)).toEqual({ paymentStatus: 'paid', refund: 'owed', sent: 0, amount: result.total });
    await cron();
    expect(await refundOf(orderId)).toEqual({ paymentStatus: 'paid', refund: 'owed', sent: 0, amount: result.total });
  });
});
