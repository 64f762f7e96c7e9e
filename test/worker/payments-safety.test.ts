import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FinishOrderResult, PaymentMethodsResponse } from '../../src/contracts/checkout';
import { captureAuthorized } from '../../src/commerce/payments/charge';
import { paymentLifecycleDeps } from '../../src/commerce/payments/embedded';
import { orderLifecycleDeps } from '../../src/commerce/orders/embedded';
import { advanceOrder } from '../../src/commerce/orders/lifecycle';
import { GUEST_REPLAY_WINDOW_MS } from '../../src/commerce/orders/finish';
import type { LiveProviderFactory } from '../../src/commerce/payments/provider';
import { sandboxProviders, type SandboxFaults } from '../../src/commerce/payments/sandbox';
import { PAYMENTS_CONFIG } from '../../src/commerce/payments/sandbox/payments-config';
import { liveProviders } from '../../src/commerce/payments/live-provider-set';
import { PAYMENT_METHODS } from '../../src/lib/payments/payment-methods';
import { createCustomerSession, islandProps, makeApp, ORIGIN, sameOriginJson, seed, type TestApp } from './app-harness';
import {
  buyerCookie,
  CARD,
  cartWith,
  count,
  finish,
  finished,
  orderBody,
  paymentRef,
  skuWithStock,
  stockOf,
} from './checkout-helpers';

/** An app whose sandbox provider misbehaves as told (fault injection; same D1, same ledger). */
const faultyApp = (faults: SandboxFaults) =>
  makeApp({}, { paymentProviders: (_mode, bindings, payments) => sandboxProviders(bindings.DB, payments, faults) });

interface Ledger {
  status: string;
  amount_cents: number;
}
/** The sandbox provider's side of the charges made since `since` (rowid). */
async function ledgerSince(since: number): Promise<Ledger[]> {
  return (
    await env.DB.prepare('SELECT status, amount_cents FROM sandbox_charges WHERE rowid > ? ORDER BY rowid')
      .bind(since)
      .all<Ledger>()
  ).results;
}
const ledgerMark = async () =>
  (await env.DB.prepare('SELECT coalesce(max(rowid), 0) AS n FROM sandbox_charges').first<{ n: number }>())!.n;

const PROVIDER_DOWN =
  'Não conseguimos falar com o meio de pagamento. Nenhum valor foi cobrado: tente novamente em instantes.';
const UNAVAILABLE = 'Esta forma de pagamento não está disponível no momento. Escolha outra forma de pagamento.';

async function creditOrder(app: TestApp, stock = 5) {
  const sku = await skuWithStock(stock);
  const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
  return { sku, cartId, body: orderBody(cartId, { paymentMethodId: 1, installmentNumber: 1, ...CARD }), app };
}

describe('no charge without an order, no order without a charge (fault injection on the sandbox provider)', () => {
  beforeAll(() => seed());

  it('5xx at authorize: 502 pt-BR, nothing written, nothing held at the provider', async () => {
    const mark = await ledgerMark();
    const { sku, cartId, body, app } = await creditOrder(faultyApp({ authorize: 'unavailable' }));
    const res = await finish(app, body);
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', error: PROVIDER_DOWN });
    expect(await count('orders WHERE cart_id = ?', cartId)).toBe(0);
    expect(await count("carts WHERE id = ? AND status = 'open'", cartId)).toBe(1);
    expect(await stockOf(sku.id)).toBe(5);
    expect(await ledgerSince(mark)).toEqual([]);
  });

  it('timeout at authorize (the provider authorized, the answer was lost): refused, and the authorization is voided', async () => {
    const mark = await ledgerMark();
    const { sku, cartId, body, app } = await creditOrder(faultyApp({ authorize: 'timeout' }));
    const res = await finish(app, body);
    expect(res.status).toBe(502);
    expect(await count('orders WHERE cart_id = ?', cartId)).toBe(0);
    expect(await count('payments WHERE idempotency_key = ?', `cart:${cartId}`)).toBe(0);
    expect(await stockOf(sku.id)).toBe(5);
    // Guard: authorizeCharge voids by our reference. Without it this row stays 'authorized' (money held, no order).
    expect((await ledgerSince(mark)).map((l) => l.status)).toEqual(['voided']);
  });

  it('the order batch fails after the authorization (stock gone meanwhile): 409, no order, the authorization voided', async () => {
    const mark = await ledgerMark();
    let skuId = 0;
    const app = faultyApp({
      afterAuthorize: async () => {
        await env.DB.prepare('UPDATE stock SET quantity = 0 WHERE product_item_id = ?').bind(skuId).run();
      },
    });
    const { sku, cartId, body } = await creditOrder(app);
    skuId = sku.id;
    const res = await finish(app, body);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'O estoque desse produto esgotou!' });
    expect(await count('orders WHERE cart_id = ?', cartId)).toBe(0);
    expect(await count("carts WHERE id = ? AND status = 'open'", cartId)).toBe(1);
    // Guard: finish-order voids when the batch wrote nothing. Without it: 'authorized' with no order.
    expect((await ledgerSince(mark)).map((l) => l.status)).toEqual(['voided']);
  });

  it('5xx at capture: the order exists but stays unpaid (payment authorized); the cron captures it later', async () => {
    const mark = await ledgerMark();
    const { sku, cartId, body, app } = await creditOrder(faultyApp({ capture: 'unavailable' }));
    const result = await finished(app, body);
    expect(result.status).toBe('pending');
    const row = await env.DB.prepare(
      'SELECT o.status AS orderStatus, p.status AS paymentStatus, o.paid_at FROM orders o JOIN payments p ON p.id = o.payment_id WHERE o.cart_id = ?',
    )
      .bind(cartId)
      .first();
    // Guard: orders are written pending and paid only after the capture. Without it this order reads paid.
    expect(row).toEqual({ orderStatus: 'pending', paymentStatus: 'authorized', paid_at: null });
    expect((await ledgerSince(mark)).map((l) => l.status)).toEqual(['authorized']);
    expect(await stockOf(sku.id)).toBe(4);

    // The cron (healthy provider) captures it: both sides paid, once.
    const providers = sandboxProviders(env.DB, PAYMENTS_CONFIG);
    expect(
      (await captureAuthorized({ lifecycle: paymentLifecycleDeps(env.DB), providers }, new Date())).captured,
    ).toBeGreaterThanOrEqual(1);
    expect((await captureAuthorized({ lifecycle: paymentLifecycleDeps(env.DB), providers }, new Date())).captured).toBe(
      0,
    );
    expect(await env.DB.prepare('SELECT status FROM orders WHERE cart_id = ?').bind(cartId).first()).toEqual({
      status: 'paid',
    });
    expect((await ledgerSince(mark)).map((l) => l.status)).toEqual(['paid']);
  });

  it('5xx at capture, then the order is cancelled: the cron voids the authorization instead of capturing it', async () => {
    const mark = await ledgerMark();
    const { sku, cartId, body, app } = await creditOrder(faultyApp({ capture: 'unavailable' }));
    const result = await finished(app, body);
    await advanceOrder(orderLifecycleDeps(env.DB), result.orderIds[0]!, 'cancelled', new Date());
    expect(await stockOf(sku.id)).toBe(5);
    const providers = sandboxProviders(env.DB, PAYMENTS_CONFIG);
    // Guard: only payments whose orders are all still pending are captured. Without it: captured, order cancelled.
    expect(await captureAuthorized({ lifecycle: paymentLifecycleDeps(env.DB), providers }, new Date())).toMatchObject({
      voided: 1,
    });
    expect((await ledgerSince(mark)).map((l) => l.status)).toEqual(['voided']);
    expect(
      await env.DB.prepare(
        'SELECT o.status AS o, p.status AS p FROM orders o JOIN payments p ON p.id = o.payment_id WHERE o.cart_id = ?',
      )
        .bind(cartId)
        .first(),
    ).toEqual({
      o: 'cancelled',
      p: 'cancelled',
    });
    expect(await captureAuthorized({ lifecycle: paymentLifecycleDeps(env.DB), providers }, new Date())).toEqual({
      captured: 0,
      voided: 0,
    });
  });

  it('timeout at capture (captured, the answer lost): the provider is asked, and the order is paid', async () => {
    const mark = await ledgerMark();
    const { cartId, body, app } = await creditOrder(faultyApp({ capture: 'timeout' }));
    const result = await finished(app, body);
    // Guard: after a failed capture the charge's status is read. Without it: captured at the provider, order unpaid.
    expect(result.status).toBe('paid');
    expect(await env.DB.prepare('SELECT status FROM orders WHERE cart_id = ?').bind(cartId).first()).toEqual({
      status: 'paid',
    });
    expect((await ledgerSince(mark)).map((l) => l.status)).toEqual(['paid']);
  });

  it('5 concurrent finishes with one key: one order, one captured charge; the losers void their authorizations', async () => {
    const mark = await ledgerMark();
    const { sku, cartId, body, app } = await creditOrder(makeApp(), 10);
    const keyed = { ...body, idempotencyKey: `race-${cartId}`.slice(0, 60) };
    const responses = await Promise.all(Array.from({ length: 5 }, () => finish(app, keyed, buyerCookie(cartId))));
    expect(responses.map((r) => r.status)).toEqual(Array(5).fill(200));
    expect(await count('orders WHERE cart_id = ?', cartId)).toBe(1);
    expect(await stockOf(sku.id)).toBe(9);
    const statuses = (await ledgerSince(mark)).map((l) => l.status);
    expect(statuses.filter((s) => s === 'paid')).toHaveLength(1);
    expect(statuses.filter((s) => s !== 'paid' && s !== 'voided')).toEqual([]);
    const paidOrders = await count("orders WHERE cart_id = ? AND status = 'paid'", cartId);
    expect(paidOrders).toBe(1);
  }, 60_000);
});

/** A signed-in customer's cart of one line and its Pix finish-order body. */
async function customerCart(customerId: number) {
  const sku = await skuWithStock(3);
  const cartId = await cartWith([{ sku: sku.id, amount: 1 }], customerId);
  return { cartId, body: orderBody(cartId, { paymentMethodId: 47 }, { customerId, anonymousConsumer: null }) };
}

describe('finish-order replay: the original reply only to the original buyer', () => {
  beforeAll(() => seed());
  const app = makeApp();

  it('a stranger who knows the cart id gets 409 and no token; the buyer (cart cookie) gets the orders again', async () => {
    const sku = await skuWithStock(3);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    const body = orderBody(cartId, { paymentMethodId: 47 });
    const first = await finished(app, body, buyerCookie(cartId));
    const tokens = await count('order_access_tokens WHERE order_id = ?', first.orderIds[0]);

    const stranger = await finish(app, body);
    expect(stranger.status).toBe(409);
    const text = await stranger.text();
    expect(JSON.parse(text)).toEqual({ code: 'CONFLICT', error: 'Esta sacola já virou um pedido.' });
    expect(text).not.toMatch(/token|redirect|orderIds/);
    // Another cart's cookie is no better.
    expect((await finish(app, body, buyerCookie('x'.repeat(32)))).status).toBe(409);
    expect(await count('order_access_tokens WHERE order_id = ?', first.orderIds[0])).toBe(tokens);

    const again = await finished(app, body, buyerCookie(cartId));
    expect(again.orderIds).toEqual(first.orderIds);
    expect(await count('order_access_tokens WHERE order_id = ?', first.orderIds[0])).toBe(tokens + 1);
  });

  it("a customer's order replays to the same session; another customer's session gets 409", async () => {
    const customer = await createCustomerSession();
    const other = await createCustomerSession();
    const { body } = await customerCart(customer.customerId);
    const first = await finished(app, body, { cookie: customer.cookie });
    expect((await finished(app, body, { cookie: customer.cookie })).orderIds).toEqual(first.orderIds);
    const guestBody = {
      ...body,
      customerId: null,
      anonymousConsumer: { name: 'Fulano de Tal', email: 'fulano@example.com', cpf: '529.982.247-25' },
    };
    expect((await finish(app, guestBody)).status).toBe(409);
    expect((await finish(app, { ...body, customerId: other.customerId }, { cookie: other.cookie })).status).toBe(409);
  });

  it("a customer's order never replays to a cart cookie alone: the cart id is no secret from its owner", async () => {
    const customer = await createCustomerSession();
    const { cartId, body } = await customerCart(customer.customerId);
    const first = await finished(app, body, { cookie: customer.cookie });
    const tokens = await count('order_access_tokens WHERE order_id = ?', first.orderIds[0]);
    const forged = await finish(app, body, buyerCookie(cartId));
    expect(forged.status).toBe(409);
    expect(await forged.text()).not.toMatch(/token|redirect|orderIds/);
    expect(await count('order_access_tokens WHERE order_id = ?', first.orderIds[0])).toBe(tokens);
  });

  it("a guest's order replays to its cart cookie within an hour of the order, not after", async () => {
    const sku = await skuWithStock(3);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    const body = orderBody(cartId, { paymentMethodId: 47 });
    const first = await finished(app, body, buyerCookie(cartId));
    const placedAgo = (ms: number) =>
      env.DB.prepare('UPDATE orders SET created_at = ? WHERE cart_id = ?')
        .bind(new Date(Date.now() - ms).toISOString(), cartId)
        .run();
    await placedAgo(GUEST_REPLAY_WINDOW_MS - 60_000);
    expect((await finished(app, body, buyerCookie(cartId))).orderIds).toEqual(first.orderIds);
    await placedAgo(GUEST_REPLAY_WINDOW_MS + 60_000);
    const tokens = await count('order_access_tokens WHERE order_id = ?', first.orderIds[0]);
    expect((await finish(app, body, buyerCookie(cartId))).status).toBe(409);
    expect(await count('order_access_tokens WHERE order_id = ?', first.orderIds[0])).toBe(tokens);
  });

  it('the confirmation API and page show the CPF masked (***.982.247-**), never in full', async () => {
    const sku = await skuWithStock(2);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    const result = await finished(app, orderBody(cartId, { paymentMethodId: 47 }), buyerCookie(cartId));
    const api = await app.request(
      `/api/order-confirmation?orderIds=${result.orderIds.join('-')}&token=${encodeURIComponent(result.token)}`,
    );
    const text = await api.text();
    expect(JSON.parse(text).orders[0].customer.cpf).toBe('***.982.247-**');
    expect(text).not.toContain('52998224725');
    const page = await (await app.request(result.redirect)).text();
    expect(page).toContain('***.982.247-**');
    expect(page).not.toContain('52998224725');
    expect(page).not.toContain('529.982.247-25');
  });
});

describe('production host (Host: www.vitrine.com.br): no sandbox, nothing free', () => {
  beforeAll(() => seed());
  const HOST = { host: 'www.vitrine.com.br' };
  const apps = {
    default: makeApp(),
    'PAYMENTS_MODE=sandbox': makeApp({ PAYMENTS_MODE: 'sandbox' }),
    'PAYMENTS_MODE=live': makeApp({ PAYMENTS_MODE: 'live' }),
  };
  const local = makeApp();
  let pending: { result: FinishOrderResult; reference: string; debit: string; paypal: string; openFinance: string };

  beforeAll(async () => {
    // Sandbox orders made locally: their step pages must not exist on the production host.
    const order = async (payment: Record<string, unknown>) => {
      const sku = await skuWithStock(3);
      const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
      return finished(local, orderBody(cartId, payment), buyerCookie(cartId));
    };
    const result = await order({ paymentMethodId: 47 });
    const debit = await order({ paymentMethodId: 31, ...CARD });
    const paypal = await order({ paymentMethodId: 32 });
    const openFinance = await order({ paymentMethodId: 53 });
    pending = {
      result,
      reference: await paymentRef(result.orderIds[0]!),
      debit: await paymentRef(debit.orderIds[0]!),
      paypal: await paymentRef(paypal.orderIds[0]!),
      openFinance: await paymentRef(openFinance.orderIds[0]!),
    };
  });

  for (const [name, app] of Object.entries(apps)) {
    describe(name, () => {
      it('every sandbox page and endpoint is a 404', async () => {
        const { result, reference, debit, paypal, openFinance } = pending;
        // Same-origin posts (Origin = the request URL's origin, as `sameOriginJson` sends): the same-origin rule,
        // which now runs before every page route, lets them through, so only the production-host rule answers.
        const form = {
          method: 'POST',
          headers: { ...HOST, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
          body: 'action=approve&code=1234',
        };
        const routes: [string, RequestInit | undefined][] = [
          [`/checkout/paypal/${paypal}`, { headers: HOST }],
          [`/checkout/paypal/${paypal}`, form],
          [`/checkout/3ds/${debit}`, { headers: HOST }],
          [`/checkout/3ds/${debit}`, form],
          [`/checkout/open-finance/${openFinance}`, { headers: HOST }],
          [`/checkout/open-finance/${openFinance}`, form],
          [`/checkout/order/${result.orderIds[0]}/simular-pagamento?token=${encodeURIComponent(result.token)}`, form],
          [`/api/payments/sandbox/${reference}`, { headers: HOST }],
          ['/api/payments/sandbox', sameOriginJson('POST', { reference, action: 'pay' }, HOST)],
          [
            '/api/payments/sandbox',
            sameOriginJson('POST', { reference: debit, action: 'challenge', code: '1234' }, HOST),
          ],
          ['/api/payments/sandbox', sameOriginJson('POST', { reference: paypal, action: 'approve' }, HOST)],
          ['/api/payments/sandbox', sameOriginJson('POST', { reference: openFinance, action: 'approve' }, HOST)],
        ];
        for (const [path, init] of routes) expect((await app.request(path, init)).status, path).toBe(404);
        const page = await (await app.request(result.redirect, { headers: HOST })).text();
        expect(page).not.toContain('Simular pagamento');
        // Nothing above paid anything.
        expect(
          await count("orders WHERE id IN (?, ?) AND status = 'paid'", result.orderIds[0], result.orderIds[0]),
        ).toBe(0);
        expect(
          await count(
            "payments WHERE provider_reference IN (?, ?, ?, ?) AND status != 'pending'",
            reference,
            debit,
            paypal,
            openFinance,
          ),
        ).toBe(0);
      });

      it('without provider configuration it offers no method it cannot charge (API and checkout page)', async () => {
        const res = await app.request('/api/payment-methods', { headers: HOST });
        expect(res.status).toBe(200);
        expect(((await res.json()) as PaymentMethodsResponse).methods.map((m) => m.name)).toEqual(['coupon']);
        const sku = await skuWithStock(2);
        const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
        const html = await (await app.request('/checkout', { headers: { ...HOST, cookie: `cart=${cartId}` } })).text();
        expect(islandProps<{ paymentMethods: string[] }>(html, 'Checkout')?.paymentMethods).toEqual(['coupon']);
        // The page without JavaScript says why, and offers no "Finalizar compra" that could only be refused.
        expect(html).toContain('No momento não conseguimos receber pagamentos online.');
        expect(html).not.toContain('name="acao" value="finalizar"');
        expect(html).not.toContain('name="pagamento"');
        expect(html).toContain('Voltar para a sacola');
      });

      it('no test card, and no other method, ever yields paid: finish-order refuses with a pt-BR 422 and writes nothing', async () => {
        const cards = ['5448280000000007', '4012001037141112', '4111111111111111'];
        const payments = [
          ...cards.flatMap((cardNumber) =>
            [1, 43, 31].map((paymentMethodId) => ({ paymentMethodId, ...CARD, cardNumber })),
          ),
          ...PAYMENT_METHODS.filter((m) => !m.card && m.kind !== 'coupon').map((m) => ({ paymentMethodId: m.id })),
        ];
        for (const payment of payments) {
          const sku = await skuWithStock(2);
          const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
          const res = await app.request('/api/finish-order', sameOriginJson('POST', orderBody(cartId, payment), HOST));
          expect(res.status, JSON.stringify(payment)).toBe(422);
          expect(await res.json()).toEqual({ code: 'UNPROCESSABLE', error: UNAVAILABLE });
          expect(await count('orders WHERE cart_id = ?', cartId)).toBe(0);
        }
      });
    });
  }

  it('live mode offers exactly what is configured: a provider whose factory is satisfied is offered and charges', async () => {
    // A live factory is configured by its env var; here it stands a sandbox adapter in for the real one.
    const pixFactory: LiveProviderFactory = {
      slot: 'pix',
      create: (bindings) => (bindings.FAKE_PIX_CLIENT_ID ? sandboxProviders(env.DB, PAYMENTS_CONFIG).pix! : null),
    };
    const appWith = (vars: Record<string, string>) =>
      makeApp(
        {},
        {
          paymentProviders: (mode, bindings) =>
            mode === 'live' ? liveProviders({ ...bindings, ...vars }, fetch, [pixFactory]) : {},
        },
      );
    const unconfigured = appWith({});
    const configured = appWith({ FAKE_PIX_CLIENT_ID: 'id' });
    const names = async (app: TestApp) =>
      (
        (await (await app.request('/api/payment-methods', { headers: HOST })).json()) as PaymentMethodsResponse
      ).methods.map((m) => m.name);
    expect(await names(unconfigured)).toEqual(['coupon']);
    expect(await names(configured)).toEqual(['coupon', 'pix']);
    const sku = await skuWithStock(2);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    const res = await configured.request(
      '/api/finish-order',
      sameOriginJson('POST', orderBody(cartId, { paymentMethodId: 47 }), HOST),
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as FinishOrderResult).status).toBe('pending');
  });
});
