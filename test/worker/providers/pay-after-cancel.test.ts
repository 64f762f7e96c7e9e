import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { pixTxidOf } from '../../../src/commerce/payments/live/slot-calls';
import { clearTokenSources } from '../../../src/commerce/payments/live/token-source';
import type { FetchLike } from '../../../src/commerce/payments/live/live-provider';
import type { PaypalCreateResponse } from '../../../src/contracts/checkout';
import type { Bindings } from '../../../src/env';
import { runScheduled } from '../../../src/scheduled';
import { client, createOperatorSession } from '../backoffice-fixtures';
import { CARD, PAC, cartWith, finished, orderBody, skuWithStock } from '../checkout-helpers';
import { makeApp, sameOriginJson, seed } from '../app-harness';
import { BoletoFake } from './fakes/boleto-fake';
import { PaypalFake } from './fakes/paypal-fake';
import { PixFake } from './fakes/pix-fake';
import { RedeFake } from './fakes/rede-fake';
import { BOLETO_VARS, PAYPAL_VARS, PIX_VARS, REDE_VARS, webhookApp } from './live-helpers';

/**
 * Issue 27, "pay after cancel", fault × method: an unpaid order is cancelled in the back office while money is on
 * its way (the shopper pays, authenticates or approves around the cancel), with the provider healthy or failing.
 * After the cancel and at most one cron run the end state is consistent: the order and its payment cancelled, the
 * charge withdrawn at the provider, and no money kept — what reached the provider was refunded and recorded.
 * Every request the fakes receive is checked against the providers' documents (afterEach).
 */
let pix: PixFake;
let paypal: PaypalFake;
let boleto: BoletoFake;
let rede: RedeFake;
const fetcher: FetchLike = (request) => {
  const url = request.url;
  if (url.startsWith(PIX_VARS.PIX_API_URL!) || url === PIX_VARS.PIX_TOKEN_URL) return pix.fetch(request);
  if (url.startsWith(PAYPAL_VARS.PAYPAL_API_URL!)) return paypal.fetch(request);
  if (url.startsWith(BOLETO_VARS.BOLETO_API_URL!)) return boleto.fetch(request);
  return rede.fetch(request);
};
const VARS = {
  PAYMENTS_MODE: 'live',
  PAYMENT_PROVIDER_TIMEOUT_MS: '300',
  ...PIX_VARS,
  ...PAYPAL_VARS,
  ...BOLETO_VARS,
  ...REDE_VARS,
};
const liveApp = () => makeApp(VARS as Partial<Bindings>, { paymentsFetch: fetcher });
const cron = () => runScheduled({ ...env, ...VARS } as unknown as Bindings, fetcher);
const money = () => pix.balanceCents() + paypal.balanceCents() + rede.balanceCents() + boletoReceived();
const boletoReceived = () =>
  [...boleto.cobrancas.values()].reduce((s, c) => s + Math.round(Number(c.valorTotalRecebido ?? 0) * 100), 0);

beforeAll(() => seed());
beforeEach(() => {
  clearTokenSources();
  pix = new PixFake();
  paypal = new PaypalFake();
  boleto = new BoletoFake();
  rede = new RedeFake();
  for (const level of ['log', 'warn', 'error'] as const) vi.spyOn(console, level).mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  expect(pix.contract.violations).toEqual([]);
  expect(paypal.violations).toEqual([]);
  expect(boleto.contract.violations).toEqual([]);
  expect(rede.contract.violations).toEqual([]);
});

async function place(payment: Record<string, unknown>, app = liveApp()) {
  const sku = await skuWithStock(5);
  const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
  const result = await finished(app, orderBody(cartId, payment, { userAgent: 'Mozilla/5.0 (vitest)' }));
  const orderId = result.orderIds[0]!;
  const row = (await env.DB.prepare(
    'SELECT p.id, p.provider_reference AS reference, p.provider_charge_id AS chargeId FROM payments p JOIN orders o ON o.payment_id = p.id WHERE o.id = ?',
  )
    .bind(orderId)
    .first<{ id: number; reference: string; chargeId: string }>())!;
  return { app, cartId, orderId, paymentId: row.id, reference: row.reference, chargeId: row.chargeId, result };
}

async function cancel(app: ReturnType<typeof liveApp>, orderId: number) {
  const operator = client(app, (await createOperatorSession()).cookie);
  const res = await operator.post(`/api/backoffice/orders/${orderId}/status`, { to: 'cancelled' });
  expect(res.status).toBe(200);
}

/** Order, payment, whether the provider confirmed nothing is held, and what was refunded through it. */
async function endState(orderId: number) {
  return env.DB.prepare(
    `SELECT o.status AS orderStatus, p.status AS paymentStatus, p.provider_closed_at IS NOT NULL AS closed,
            (SELECT coalesce(sum(r.amount_cents), 0) FROM payment_refunds r WHERE r.payment_id = p.id AND r.provider_refund_id IS NOT NULL) AS refunded
       FROM orders o JOIN payments p ON p.id = o.payment_id WHERE o.id = ?`,
  )
    .bind(orderId)
    .first<{ orderStatus: string; paymentStatus: string; closed: number; refunded: number }>();
}

const CANCELLED = { orderStatus: 'cancelled', paymentStatus: 'cancelled', closed: 1 };

describe('pay after cancel: Pix (API Pix)', () => {
  it('healthy PSP: the cancel withdraws the cob (PATCH REMOVIDA_PELO_USUARIO_RECEBEDOR); the payer can no longer pay it', async () => {
    const order = await place({ paymentMethodId: 47 });
    const txid = pixTxidOf(order.reference);
    await cancel(order.app, order.orderId);
    // Guard: closeCancelled after the back office's cancel. Without it the cob stays ATIVA and payable.
    expect(pix.cobs.get(txid)!.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect(() => pix.pay(txid)).toThrow(/not payable/);
    await cron();
    expect(await endState(order.orderId)).toEqual({ ...CANCELLED, refunded: 0 });
    expect(money()).toBe(0);
  });

  it('PATCH fails (5xx), the payer pays, the webhook arrives: refunded (devolução), the order stays cancelled', async () => {
    const order = await place({ paymentMethodId: 47 });
    const txid = pixTxidOf(order.reference);
    pix.failNext('cob.withdraw', 'error5xx');
    await cancel(order.app, order.orderId);
    expect(await endState(order.orderId)).toMatchObject({ paymentStatus: 'cancelled', closed: 0 });
    const body = JSON.stringify(pix.pay(txid));
    const post = webhookApp(PIX_VARS, fetcher);
    const res = await post('pix', { body });
    // Guard: the cancel batch cancels the payment. Without it the webhook marks the payment paid and keeps the money.
    expect(await res.json()).toMatchObject({ outcomes: ['late_refunded'] });
    await cron();
    expect((await post('pix', { body })).status).toBe(200);
    expect(await endState(order.orderId)).toEqual({ ...CANCELLED, refunded: order.result.total });
    expect(pix.refunds.size).toBe(1);
    expect(money()).toBe(0);
  });

  it('paid just before the cancel, notification lost: the PSP refuses the withdrawal, the cancel reads the cob and refunds it', async () => {
    const order = await place({ paymentMethodId: 47 });
    pix.pay(pixTxidOf(order.reference));
    await cancel(order.app, order.orderId);
    // Guard: closeCancelled reads the charge after the void. Without it the PSP keeps the money until someone notices.
    expect(await endState(order.orderId)).toEqual({ ...CANCELLED, refunded: order.result.total });
    await cron();
    expect(pix.refunds.size).toBe(1);
    expect(money()).toBe(0);
  });

  it('PATCH times out, the payer pays, the notification is lost: one cron run refunds it', async () => {
    const order = await place({ paymentMethodId: 47 });
    pix.failNext('cob.withdraw', 'timeout');
    await cancel(order.app, order.orderId);
    pix.pay(pixTxidOf(order.reference));
    expect(money()).toBeGreaterThan(0);
    // Guard: the cron closes cancelled payments left open. Without it the money stays at the PSP.
    await cron();
    expect(await endState(order.orderId)).toEqual({ ...CANCELLED, refunded: order.result.total });
    expect(money()).toBe(0);
  });
});

describe('pay after cancel: one order of a two-package purchase (Pix)', () => {
  it('one package cancelled, then the whole Pix paid: the other order is paid and the cancelled one’s share is refunded by one cron run', async () => {
    const app = liveApp();
    const a = await skuWithStock(3);
    const b = await skuWithStock(3, 4);
    const cartId = await cartWith([
      { sku: a.id, amount: 1 },
      { sku: b.id, amount: 1 },
    ]);
    const packages = [
      { store: 'fabrica', selectedOption: PAC },
      { store: 'bh-savassi', selectedOption: PAC },
    ];
    const result = await finished(app, orderBody(cartId, { paymentMethodId: 47 }, { packages }));
    expect(result.orderIds).toHaveLength(2);
    const [kept, dropped] = result.orderIds as [number, number];
    const total = (id: number) =>
      env.DB.prepare('SELECT total_cents AS t FROM orders WHERE id = ?').bind(id).first<number>('t');
    await cancel(app, dropped);
    // The payment still goes ahead with the other order: nothing withdrawn.
    expect(await endState(kept)).toMatchObject({ orderStatus: 'pending', paymentStatus: 'pending' });
    const body = JSON.stringify(pix.pay([...pix.cobs.keys()][0]!));
    expect((await webhookApp(PIX_VARS, fetcher)('pix', { body })).status).toBe(200);
    expect(await endState(kept)).toMatchObject({ orderStatus: 'paid', paymentStatus: 'paid' });
    await cron();
    // Guard: markPaid records the cancelled orders' share (paidStatements). Without it the PSP keeps it all.
    expect(pix.balanceCents()).toBe((await total(kept))!);
    expect(await endState(dropped)).toMatchObject({
      orderStatus: 'cancelled',
      paymentStatus: 'paid',
      refunded: (await total(dropped))!,
    });
  });
});

describe('pay after cancel: PayPal (Orders v2)', () => {
  async function placedPaypal() {
    const app = liveApp();
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
    expect(res.status).toBe(200);
    const reference = ((await res.json()) as PaypalCreateResponse).paypal.id;
    const result = await finished(app, orderBody(cartId, { paymentMethodId: 32, paypalPaymentId: reference }));
    const chargeId = (await env.DB.prepare('SELECT provider_charge_id AS c FROM payments WHERE provider_reference = ?')
      .bind(reference)
      .first<{ c: string }>())!.c;
    return { app, cartId, reference, chargeId, orderId: result.orderIds[0]!, result };
  }

  it('approved at PayPal, then cancelled: neither the shopper’s return nor the webhook captures it', async () => {
    const order = await placedPaypal();
    paypal.approve(order.chargeId);
    await cancel(order.app, order.orderId);
    const back = await order.app.request(`/checkout/retorno/${order.reference}`, {
      headers: { cookie: `cart=${order.cartId}` },
    });
    expect(back.status).toBe(303);
    const { headers, body } = paypal.event('CHECKOUT.ORDER.APPROVED', order.chargeId);
    expect((await webhookApp(PAYPAL_VARS, fetcher)('paypal', { body: JSON.stringify(body), headers })).status).toBe(
      200,
    );
    await cron();
    // Guard: the cancel batch cancels the payment (the return route and the webhook act on pending ones only).
    expect(paypal.orders.get(order.chargeId)!.status).toBe('APPROVED');
    expect(await endState(order.orderId)).toEqual({ ...CANCELLED, refunded: 0 });
    expect(money()).toBe(0);
  });

  it('the cancel lands while the return route’s capture is in flight (PayPal unreachable from the back office): the return refunds it', async () => {
    const order = await placedPaypal();
    paypal.approve(order.chargeId);
    paypal.whileAnswering('orders.capture', async () => {
      paypal.failNext('orders.get', 'error5xx');
      await cancel(order.app, order.orderId);
    });
    await order.app.request(`/checkout/retorno/${order.reference}`, { headers: { cookie: `cart=${order.cartId}` } });
    // Guard: a capture whose payment was cancelled meanwhile is refunded by the return route (return.ts →
    // closeCancelled). Without it the money stays captured until the cron's run.
    expect(paypal.refunds).toHaveLength(1);
    await cron();
    expect(await endState(order.orderId)).toEqual({ ...CANCELLED, refunded: order.result.total });
    expect(paypal.refunds).toHaveLength(1);
    expect(money()).toBe(0);
  });
});

describe('pay after cancel: boleto (Banco Inter)', () => {
  it('healthy Inter: the cancel reaches /cancelar and the boleto can no longer be paid', async () => {
    const order = await place({ paymentMethodId: 6 });
    await cancel(order.app, order.orderId);
    // Guard: closeCancelled after the cancel. Without it the boleto stays A_RECEBER (payable) at Inter.
    expect(boleto.cobrancas.get(order.chargeId)!.situacao).toBe('CANCELADO');
    expect(() => boleto.pay(order.chargeId)).toThrow(/not payable/);
    expect(await endState(order.orderId)).toEqual({ ...CANCELLED, refunded: 0 });
  });

  it('/cancelar fails (5xx): the payment stays open and one cron run cancels the boleto', async () => {
    const order = await place({ paymentMethodId: 6 });
    boleto.failNext('cobrancas.cancel', 'error5xx');
    await cancel(order.app, order.orderId);
    expect(boleto.cobrancas.get(order.chargeId)!.situacao).toBe('A_RECEBER');
    expect(await endState(order.orderId)).toMatchObject({ paymentStatus: 'cancelled', closed: 0 });
    await cron();
    expect(boleto.cobrancas.get(order.chargeId)!.situacao).toBe('CANCELADO');
    expect(await endState(order.orderId)).toEqual({ ...CANCELLED, refunded: 0 });
    expect(money()).toBe(0);
  });
});

describe('pay after cancel: cards (Rede)', () => {
  it('credit whose capture failed (authorized, order pending), then cancelled: the authorization is cancelled at Rede at once', async () => {
    rede.failNext('transactions.capture', 'error5xx');
    const order = await place({ paymentMethodId: 1, installmentNumber: 1, ...CARD });
    expect(order.result.status).toBe('pending');
    await cancel(order.app, order.orderId);
    // Guard: closeCancelled voids an authorization none of whose orders goes ahead. Without it the funds stay held
    // until the next cron run.
    expect(rede.transactions.get(order.chargeId)).toMatchObject({ status: 'Canceled', captured: null });
    await cron();
    expect(await endState(order.orderId)).toEqual({ ...CANCELLED, refunded: 0 });
    expect(money()).toBe(0);
  });

  it('credit: Rede unreachable at the cancel: the cron cancels the authorization (captureAuthorized, then closeCancelled)', async () => {
    rede.failNext('transactions.capture', 'error5xx');
    const order = await place({ paymentMethodId: 1, installmentNumber: 1, ...CARD });
    rede.failNext('transactions.get', 'error5xx');
    await cancel(order.app, order.orderId);
    expect(rede.transactions.get(order.chargeId)!.status).toBe('Approved');
    await cron();
    expect(rede.transactions.get(order.chargeId)!.status).toBe('Canceled');
    expect(await endState(order.orderId)).toEqual({ ...CANCELLED, refunded: 0 });
    expect(money()).toBe(0);
  });

  it('debit still at 3-D Secure, then cancelled: Rede cancels it and the shopper can no longer authenticate', async () => {
    const order = await place({ paymentMethodId: 31, ...CARD });
    await cancel(order.app, order.orderId);
    expect(rede.transactions.get(order.chargeId)!.status).toBe('Canceled');
    expect(() => rede.authenticate(order.chargeId, true)).toThrow();
    expect(await endState(order.orderId)).toEqual({ ...CANCELLED, refunded: 0 });
  });

  it('debit authenticated (captured by Rede) just before the cancel, return not yet back: refunded at Rede', async () => {
    const order = await place({ paymentMethodId: 31, ...CARD });
    rede.authenticate(order.chargeId, true);
    await cancel(order.app, order.orderId);
    // Guard: closeCancelled reads the transaction after the void (the cron's run, if the cancel's own fails).
    expect(rede.balanceCents()).toBe(0);
    // The shopper's return afterwards changes nothing.
    await order.app.request(`/checkout/retorno/${order.reference}`, { headers: { cookie: `cart=${order.cartId}` } });
    await cron();
    expect(await endState(order.orderId)).toEqual({ ...CANCELLED, refunded: order.result.total });
    expect(rede.transactions.get(order.chargeId)!.refunds).toHaveLength(1);
    expect(money()).toBe(0);
  });
});
