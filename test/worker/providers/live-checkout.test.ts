import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureAuthorized } from '../../../src/commerce/payments/charge';
import { paymentLifecycleDeps } from '../../../src/commerce/payments/embedded';
import { ORDER_MESSAGES } from '../../../src/commerce/orders/messages';
import { BOLETO_MESSAGES, seuNumeroOf } from '../../../src/commerce/payments/live/boleto-slot';
import { redeReferenceOf } from '../../../src/commerce/payments/live/rede';
import { clearTokenSources } from '../../../src/commerce/payments/live/token-source';
import type { FetchLike } from '../../../src/commerce/payments/live/live-provider';
import { liveProviders } from '../../../src/commerce/payments/live-provider-set';
import { runScheduled } from '../../../src/scheduled';
import type { PaymentMethodsResponse } from '../../../src/contracts/checkout';
import type { Bindings } from '../../../src/env';
import { CARD, cartWith, count, finish, finished, orderBody, skuWithStock, stockOf } from '../checkout-helpers';
import { makeApp, sameOriginJson, seed } from '../app-harness';
import { BoletoFake } from './fakes/boleto-fake';
import { RedeFake } from './fakes/rede-fake';
import { BOLETO_VARS, orderState, REDE_VARS, webhookApp } from './live-helpers';

/**
 * Live checkout end to end against the contract-checking fakes (Inter boleto, Rede cards), with faults injected
 * at create, at capture and after the batch: no captured charge without an order, no paid order without a
 * charge — checked in D1 and in the fake's own ledger.
 */
let boleto: BoletoFake;
let rede: RedeFake;
let logged: string[];
/** Both fakes behind one fetch; `after` runs once a create call has been answered (the batch-failure hook). */
let after: (() => Promise<void>) | null;
const fetcher: FetchLike = async (request) => {
  const create = request.method === 'POST' && /\/(cobrancas|transactions)$/.test(new URL(request.url).pathname);
  const response = await (request.url.startsWith(BOLETO_VARS.BOLETO_API_URL!) ? boleto.fetch : rede.fetch)(request);
  if (create && after) await after();
  return response;
};
const VARS = { PAYMENTS_MODE: 'live', PAYMENT_PROVIDER_TIMEOUT_MS: '300', ...BOLETO_VARS, ...REDE_VARS };
const liveApp = () => makeApp(VARS as Partial<Bindings>, { paymentsFetch: fetcher });

beforeAll(() => seed());
beforeEach(() => {
  clearTokenSources();
  boleto = new BoletoFake();
  rede = new RedeFake();
  after = null;
  logged = [];
  for (const level of ['log', 'warn', 'error', 'info', 'debug'] as const)
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
});
afterEach(() => {
  vi.restoreAllMocks();
  expect(boleto.contract.violations).toEqual([]);
  expect(rede.contract.violations).toEqual([]);
  // Card data: never in a log line.
  expect(logged.filter((line) => line.includes('5448280000000007') || line.includes('5448 2800'))).toEqual([]);
});

async function cart(stock = 5) {
  const sku = await skuWithStock(stock);
  const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
  return { sku, cartId };
}

const paymentOf = async (cartId: string) =>
  env.DB.prepare(
    `SELECT p.id, p.status, p.provider, p.provider_reference AS reference, p.provider_charge_id AS chargeId, o.status AS orderStatus
       FROM payments p JOIN orders o ON o.payment_id = p.id WHERE o.cart_id = ?`,
  )
    .bind(cartId)
    .first<{
      id: number;
      status: string;
      provider: string;
      reference: string;
      chargeId: string;
      orderStatus: string;
    }>();

/** Empties the SKU's stock between the provider's create and the order batch: the batch's guard refuses. */
const stockGoneAfterCreate = (skuId: number) => {
  after = async () => {
    after = null;
    await env.DB.prepare('UPDATE stock SET quantity = 0 WHERE product_item_id = ?').bind(skuId).run();
  };
};

describe('live boleto (Banco Inter) at the checkout', () => {
  it('registers the boleto with the payer’s address; the confirmation carries its line, barcode and Pix QR; Inter’s webhook pays it once', async () => {
    const { cartId } = await cart();
    const result = await finished(liveApp(), orderBody(cartId, { paymentMethodId: 6 }));
    expect(result.status).toBe('pending');
    const payment = (await paymentOf(cartId))!;
    expect(payment).toMatchObject({ provider: 'boleto', status: 'pending', orderStatus: 'pending' });
    const cobranca = boleto.cobrancas.get(payment.chargeId)!;
    expect(cobranca.seuNumero).toBe(seuNumeroOf(payment.reference));
    expect(cobranca.valorNominal).toBe((result.total / 100).toFixed(2));
    expect(result.next).toMatchObject({
      kind: 'boleto',
      digitableLine: cobranca.linhaDigitavel,
      barcode: cobranca.codigoBarras,
      pixPayload: cobranca.pixCopiaECola,
    });
    expect(result.next.kind === 'boleto' && result.next.qrSvg).toContain('<svg');
    // The payer's address went to Inter (checked against the subset by the fake; here its content).
    expect(boleto.contract.calls).toContain('cobrancas.create');
    const page = await (await liveApp().request(result.redirect)).text();
    expect(page).toContain('Pague o boleto');
    expect(page).toContain('Copiar código Pix');
    expect(page).not.toContain('Simular pagamento');
    const print = await (await liveApp().request((result.next as { url: string }).url)).text();
    expect(print).not.toContain('Ambiente de testes');

    const post = webhookApp(BOLETO_VARS, boleto.fetch);
    const body = JSON.stringify(boleto.pay(payment.chargeId));
    for (let i = 0; i < 3; i++) expect((await post('boleto', { body })).status).toBe(200);
    expect(await orderState(result.orderIds[0]!)).toMatchObject({
      orderStatus: 'paid',
      paymentStatus: 'paid',
      transitions: 1,
    });
  });

  it('a guest picking up in store has no address for the boleto: a pt-BR 422 before Inter is called', async () => {
    const store = await env.DB.prepare("SELECT id FROM stores WHERE key = 'sp-oscar-freire'").first<{ id: number }>();
    const sku = await skuWithStock(3, store!.id);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    const pickup = { type: 'pickup', carrier: 'Retirada na loja', carrierId: 90, price: 0, deadline: 0 };
    const packages = [{ store: 'sp-oscar-freire', selectedOption: pickup }];
    const res = await finish(liveApp(), orderBody(cartId, { paymentMethodId: 6 }, { address: null, packages }));
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ code: 'UNPROCESSABLE', error: BOLETO_MESSAGES.address });
    expect(boleto.contract.calls).toEqual([]);
    expect(await count('orders WHERE cart_id = ?', cartId)).toBe(0);
  });

  it('fault at create (5xx, timeout): 502 pt-BR, no order, stock intact, no boleto registered at Inter', async () => {
    const { sku, cartId } = await cart();
    for (const fault of ['error5xx', 'timeout'] as const) {
      boleto.failNext('cobrancas.create', fault);
      const res = await finish(liveApp(), orderBody(cartId, { paymentMethodId: 6 }));
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', error: ORDER_MESSAGES.providerDown });
      expect(await count('orders WHERE cart_id = ?', cartId)).toBe(0);
      expect(await stockOf(sku.id)).toBe(5);
    }
    expect(boleto.cobrancas.size).toBe(0);
  });

  it('the batch fails after the boleto was registered (stock gone): 409, no order, and the boleto is cancelled at Inter', async () => {
    const { sku, cartId } = await cart();
    stockGoneAfterCreate(sku.id);
    const res = await finish(liveApp(), orderBody(cartId, { paymentMethodId: 6 }));
    expect(res.status).toBe(409);
    expect(await count('orders WHERE cart_id = ?', cartId)).toBe(0);
    expect(await count("carts WHERE id = ? AND status = 'open'", cartId)).toBe(1);
    // Guard: finish-order voids when the batch wrote nothing. Without it this boleto stays payable (A_RECEBER).
    expect([...boleto.cobrancas.values()].map((c) => c.situacao)).toEqual(['CANCELADO']);
  });
});

describe('live credit card (Rede) at the checkout', () => {
  const credit = (cartId: string, installments = 1, card = CARD) =>
    orderBody(cartId, { paymentMethodId: 1, installmentNumber: installments, ...card });

  it('authorises in installments, writes the order, captures once: paid here and captured at Rede; the card only in the authorisation', async () => {
    // 3 installments need R$ 150,00 or more (R$ 50,00 each).
    const sku = await skuWithStock(50);
    const cartId = await cartWith([{ sku: sku.id, amount: Math.ceil(15_000 / sku.price) }]);
    const result = await finished(liveApp(), credit(cartId, 3));
    expect(result.status).toBe('paid');
    const payment = (await paymentOf(cartId))!;
    expect(payment).toMatchObject({ provider: 'rede', status: 'paid', orderStatus: 'paid' });
    const tx = rede.transactions.get(payment.chargeId)!;
    expect(tx).toMatchObject({
      reference: redeReferenceOf(payment.reference),
      installments: 3,
      status: 'Approved',
      kind: 'credit',
    });
    expect(tx.captured).toBe(tx.amount);
    expect(rede.balanceCents()).toBe(tx.amount);
    expect(rede.contract.calls).toEqual(['transactions.create', 'transactions.capture', 'transactions.get']);
    expect(rede.bodies.filter((b) => b.includes('5448280000000007'))).toHaveLength(1);
    const row = await env.DB.prepare('SELECT * FROM payments WHERE id = ?')
      .bind(payment.id)
      .first<Record<string, unknown>>();
    expect(JSON.stringify(row)).not.toContain('5448280000000007');
    expect(row).toMatchObject({ card_last4: '0007', installments: 3 });
  });

  it('a card the issuer refuses: 402 pt-BR, nothing written, nothing captured', async () => {
    const { cartId } = await cart();
    const res = await finish(liveApp(), credit(cartId, 1, { ...CARD, cardNumber: '4000000000000002' }));
    expect(res.status).toBe(402);
    expect(((await res.json()) as { error: string }).error).toMatch(/não autorizado/);
    expect(await count('orders WHERE cart_id = ?', cartId)).toBe(0);
    expect(rede.balanceCents()).toBe(0);
  });

  it('fault at create: a 5xx is a 502 with nothing held; an answer lost after Rede authorised is voided by our reference', async () => {
    const { sku, cartId } = await cart();
    rede.failNext('transactions.create', 'error5xx');
    expect((await finish(liveApp(), credit(cartId))).status).toBe(502);
    expect(rede.transactions.size).toBe(0);
    rede.failNext('transactions.create', 'lost');
    const res = await finish(liveApp(), credit(cartId));
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', error: ORDER_MESSAGES.providerDown });
    expect(await count('orders WHERE cart_id = ?', cartId)).toBe(0);
    expect(await stockOf(sku.id)).toBe(5);
    // Guard: authorizeCharge voids by our reference (found through GET /transactions?reference=). Without it the
    // authorisation stays Approved at Rede: funds held for a purchase that does not exist.
    expect([...rede.transactions.values()].map((t) => [t.status, t.captured])).toEqual([['Canceled', null]]);
    expect(rede.balanceCents()).toBe(0);
  });

  it('Rede approves only after our timeout (the lookup by reference found nothing): one cron run cancels the authorisation', async () => {
    const { sku, cartId } = await cart();
    rede.failNext('transactions.create', 'late');
    const res = await finish(liveApp(), credit(cartId));
    expect(res.status).toBe(502);
    expect(await count('orders WHERE cart_id = ?', cartId)).toBe(0);
    expect(await stockOf(sku.id)).toBe(5);
    // The checkout's own lookup ran before Rede created it: nothing to void then.
    expect(rede.transactions.size).toBe(0);
    rede.deliverLate();
    expect([...rede.transactions.values()].map((t) => t.status)).toEqual(['Approved']);
    await runScheduled({ ...env, ...VARS } as unknown as Bindings, fetcher);
    // Guard: the attempt is kept (payment_attempts) and the cron voids it by reference (payments/attempts.ts).
    // Without it the authorisation stays Approved at Rede: funds held for a purchase that does not exist.
    expect([...rede.transactions.values()].map((t) => [t.status, t.captured])).toEqual([['Canceled', null]]);
    expect(await count('payment_attempts WHERE settled_at IS NOT NULL')).toBeGreaterThanOrEqual(1);
  });

  it('the batch fails after the authorisation (stock gone): 409, no order, the authorisation voided at Rede', async () => {
    const { sku, cartId } = await cart();
    stockGoneAfterCreate(sku.id);
    const res = await finish(liveApp(), credit(cartId));
    expect(res.status).toBe(409);
    expect(await count('orders WHERE cart_id = ?', cartId)).toBe(0);
    // Guard: finish-order voids when the batch wrote nothing. Without it: Approved at Rede, no order here.
    expect([...rede.transactions.values()].map((t) => [t.status, t.captured])).toEqual([['Canceled', null]]);
  });

  it('fault at capture (5xx, timeout before Rede captured): the order stays unpaid; the cron captures it later, once', async () => {
    for (const fault of ['error5xx', 'timeout'] as const) {
      const { cartId } = await cart();
      rede.failNext('transactions.capture', fault);
      const result = await finished(liveApp(), credit(cartId));
      expect(result.status).toBe('pending');
      const payment = (await paymentOf(cartId))!;
      // Guard: an order is paid only once Rede says the money is taken. Without it this reads paid, uncaptured.
      expect(payment).toMatchObject({ status: 'authorized', orderStatus: 'pending' });
      expect(rede.transactions.get(payment.chargeId)).toMatchObject({ status: 'Approved', captured: null });
    }
    const providers = liveProviders({ ...env, ...VARS }, fetcher);
    expect(await captureAuthorized({ lifecycle: paymentLifecycleDeps(env.DB), providers }, new Date())).toMatchObject({
      captured: 2,
    });
    expect(await captureAuthorized({ lifecycle: paymentLifecycleDeps(env.DB), providers }, new Date())).toMatchObject({
      captured: 0,
    });
    const txs = [...rede.transactions.values()];
    expect(txs.every((t) => t.captured === t.amount)).toBe(true);
    expect(rede.balanceCents()).toBe(txs.reduce((sum, t) => sum + t.amount, 0));
  });

  it('fault at capture: Rede captured and the answer was lost: Rede is asked, and the order is paid', async () => {
    const { cartId } = await cart();
    rede.failNext('transactions.capture', 'lost');
    const result = await finished(liveApp(), credit(cartId));
    expect(result.status).toBe('paid');
    const payment = (await paymentOf(cartId))!;
    expect(payment).toMatchObject({ status: 'paid', orderStatus: 'paid' });
    expect(rede.transactions.get(payment.chargeId)!.captured).toBeGreaterThan(0);
  });
});

describe('live debit card (Rede, 3-D Secure) at the checkout', () => {
  const debit = (cartId: string) =>
    orderBody(cartId, { paymentMethodId: 31, ...CARD }, { userAgent: 'Mozilla/5.0 (vitest)' });

  it('sends the shopper to the issuer’s 3-D Secure page (never our sandbox page); the return route asks Rede and pays the order', async () => {
    const { cartId } = await cart();
    const app = liveApp();
    const result = await finished(app, debit(cartId));
    expect(result.status).toBe('pending');
    const payment = (await paymentOf(cartId))!;
    expect(result.next).toEqual({ kind: 'redirect', url: `https://3ds.userede.test/challenge/${payment.chargeId}` });
    expect(await app.request(`/checkout/3ds/${payment.reference}`).then((r) => r.status)).toBe(404);
    const back = `/checkout/retorno/${payment.reference}`;
    const cookie = { cookie: `cart=${cartId}` };

    // Back before authenticating (or a forged "success" query): Rede says pending, nothing moves.
    const early = await app.request(`${back}?status=success&returnCode=00`, { headers: cookie });
    expect(early.status).toBe(303);
    expect((await paymentOf(cartId))!).toMatchObject({ status: 'pending', orderStatus: 'pending' });

    rede.authenticate(payment.chargeId, true);
    const res = await app.request(back, { headers: cookie });
    expect(res.status).toBe(303);
    const to = res.headers.get('location')!;
    expect(to).toMatch(new RegExp(`^/checkout/order/${result.orderIds[0]}\\?token=[A-Za-z0-9_-]{43}$`)); // opaque: ADR 0009, 2026-11-27
    expect((await paymentOf(cartId))!).toMatchObject({ status: 'paid', orderStatus: 'paid' });
    expect(await orderState(result.orderIds[0]!)).toMatchObject({ transitions: 1 });
    expect((await app.request(to)).status).toBe(200);
    // A stranger coming back the same way gets no token (and changes nothing).
    expect((await app.request(back)).headers.get('location')).toBe('/');
  });

  it('a failed 3-D Secure: the return route cancels the order and gives the stock back', async () => {
    const { sku, cartId } = await cart();
    const app = liveApp();
    await finished(app, debit(cartId));
    const payment = (await paymentOf(cartId))!;
    expect(await stockOf(sku.id)).toBe(4);
    rede.authenticate(payment.chargeId, false);
    expect((await app.request(`/checkout/retorno/${payment.reference}`)).status).toBe(303);
    expect((await paymentOf(cartId))!).toMatchObject({ status: 'failed', orderStatus: 'cancelled' });
    expect(await stockOf(sku.id)).toBe(5);
    expect(rede.balanceCents()).toBe(0);
  });
});

describe('production host (Host: www.vitrine.com.br) with live providers', () => {
  const HOST = { host: 'www.vitrine.com.br' };
  const prodApp = (vars: Record<string, string>) => makeApp(vars as Partial<Bindings>, { paymentsFetch: fetcher });

  it('offers exactly the configured methods; an unconfigured one is refused with a pt-BR 422 and nothing is written', async () => {
    const names = async (app: ReturnType<typeof makeApp>) =>
      (
        (await (await app.request('/api/payment-methods', { headers: HOST })).json()) as PaymentMethodsResponse
      ).methods.map((m) => m.name);
    expect(await names(prodApp({}))).toEqual(['coupon']);
    expect(await names(prodApp({ ...BOLETO_VARS } as Record<string, string>))).toEqual(['coupon', 'bank-slip']);
    const both = prodApp({ ...BOLETO_VARS, ...REDE_VARS } as Record<string, string>);
    expect(await names(both)).toEqual(['credit-card', 'coupon', 'debit-card', 'bank-slip']);
    for (const payment of [
      { paymentMethodId: 47 },
      { paymentMethodId: 32 },
      { paymentMethodId: 53 },
      { paymentMethodId: 43, ...CARD },
    ]) {
      const { cartId } = await cart();
      const res = await both.request('/api/finish-order', sameOriginJson('POST', orderBody(cartId, payment), HOST));
      expect(res.status, JSON.stringify(payment)).toBe(422);
      expect(await res.json()).toEqual({ code: 'UNPROCESSABLE', error: ORDER_MESSAGES.methodUnavailable });
      expect(await count('orders WHERE cart_id = ?', cartId)).toBe(0);
    }
    // What is configured charges for real (the fake), even with a published sandbox test card.
    const { cartId } = await cart();
    const res = await both.request(
      '/api/finish-order',
      sameOriginJson('POST', orderBody(cartId, { paymentMethodId: 6 }), HOST),
    );
    expect(res.status).toBe(200);
    expect(boleto.cobrancas.size).toBe(1);
  });
});
