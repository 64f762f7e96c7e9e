import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FinishOrderResult, PaypalCreateResponse } from '../../src/contracts/checkout';
import { makeApp, sameOriginJson, seed } from './app-harness';
import {
  CARD,
  cartWith,
  count,
  finish,
  finished,
  orderBody,
  paymentRef,
  sandbox,
  skuWithStock,
  stockOf,
} from './checkout-helpers';

const app = makeApp();
const paypalApp = makeApp({ CARD_SERVICE: 'paypal' });
const paypalDown = makeApp({ CARD_SERVICE: 'paypal', PAYPAL_SANDBOX: 'down' });

const create = (target: typeof app, body: unknown) =>
  target.request('/api/paypal/create', sameOriginJson('POST', body));

describe('card service, installments and PayPal', () => {
  beforeAll(() => seed());

  it('POST /api/credit-card-service names the configured card service', async () => {
    expect(await (await app.request('/api/credit-card-service', sameOriginJson('POST', {}))).json()).toEqual({
      service: 'rede',
    });
    expect(await (await paypalApp.request('/api/credit-card-service', sameOriginJson('POST', {}))).json()).toEqual({
      service: 'paypal',
    });
  });

  it('GET /api/installments: up to 10, at least R$ 50,00 each, interest after 6', async () => {
    const res = await app.request('/api/installments?total=100000');
    const body = (await res.json()) as {
      installments: { number: number; value: number; total: number; interestFree: boolean }[];
    };
    expect(body.installments).toHaveLength(10);
    expect(body.installments[5]).toEqual({ number: 6, value: 16666, total: 100000, interestFree: true });
    expect(body.installments[6]!.interestFree).toBe(false);
    expect(body.installments[6]!.total).toBeGreaterThan(100000);
    expect(
      ((await (await app.request('/api/installments?total=9000')).json()) as { installments: unknown[] }).installments,
    ).toHaveLength(1);
    const bad = await app.request('/api/installments?total=abc');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe('Informe o valor total.');
  });

  it('paypal/create returns the spec shape; finish-order claims it, approval captures it', async () => {
    const sku = await skuWithStock(3);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    const res = await create(app, {
      customerId: null,
      cartId,
      shipping: 1590,
      payment: { installmentNumber: 1, paymentMethodId: 32 },
    });
    expect(res.status).toBe(200);
    const { paypal } = (await res.json()) as PaypalCreateResponse;
    expect(paypal.id).toMatch(/^PAYID-[A-Z0-9]{24}$/);
    expect(paypal.links.find((l) => l.rel === 'approval_url')?.href).toBe(`/checkout/paypal/${paypal.id}`);
    expect(paypal.transactions[0]!.amount).toEqual({ total: ((sku.price + 1590) / 100).toFixed(2), currency: 'BRL' });
    const result = await finished(app, orderBody(cartId, { paymentMethodId: 32, paypalPaymentId: paypal.id }));
    expect(result.status).toBe('pending');
    expect(result.next).toEqual({
      kind: 'redirect',
      url: `/checkout/paypal/${paypal.id}?return=${encodeURIComponent(result.redirect)}`,
    });
    expect(await paymentRef(result.orderIds[0]!)).toBe(paypal.id);
    expect((await sandbox(app, { reference: paypal.id, action: 'approve' })).status).toBe(200);
    const order = await env.DB.prepare('SELECT status FROM orders WHERE id = ?')
      .bind(result.orderIds[0])
      .first<{ status: string }>();
    expect(order!.status).toBe('paid');
    // A PayPal payment is claimed once.
    const other = await cartWith([{ sku: sku.id, amount: 1 }]);
    expect((await finish(app, orderBody(other, { paymentMethodId: 32, paypalPaymentId: paypal.id }))).status).toBe(409);
  });

  it('an approval given before finish-order is captured when the order is created', async () => {
    const sku = await skuWithStock(3);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    const { paypal } = (await (
      await create(app, { cartId, shipping: 1590, payment: { installmentNumber: 1, paymentMethodId: 32 } })
    ).json()) as PaypalCreateResponse;
    expect((await sandbox(app, { reference: paypal.id, action: 'approve' })).status).toBe(200);
    const result = await finished(app, orderBody(cartId, { paymentMethodId: 32, paypalPaymentId: paypal.id }));
    expect(result).toMatchObject({ status: 'paid', next: { kind: 'none' } });
  });

  it('refuses a PayPal payment whose amount no longer matches the cart', async () => {
    const sku = await skuWithStock(3);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    const { paypal } = (await (
      await create(app, { cartId, shipping: 0, payment: { installmentNumber: 1, paymentMethodId: 32 } })
    ).json()) as PaypalCreateResponse;
    const res = await finish(app, orderBody(cartId, { paymentMethodId: 32, paypalPaymentId: paypal.id }));
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toBe(
      'O valor da sacola mudou. Refaça o pagamento com o PayPal.',
    );
    expect(await count('orders WHERE cart_id = ?', cartId)).toBe(0);
  });

  it('PAYPAL_FAILED: the client falls back to rede (method 1) and the order goes through', async () => {
    const sku = await skuWithStock(3);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    const res = await create(paypalDown, {
      cartId,
      shipping: 1590,
      payment: { installmentNumber: 1, paymentMethodId: 43 },
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      code: 'PAYPAL_FAILED',
      error_type: 'PAYPAL_FAILED',
      error: 'Não foi possível iniciar o pagamento com o PayPal. Use o cartão de crédito.',
    });
    // Finishing with 43 anyway fails the same way and writes nothing.
    expect(
      (await finish(paypalDown, orderBody(cartId, { paymentMethodId: 43, installmentNumber: 1, ...CARD }))).status,
    ).toBe(422);
    expect(await count('orders WHERE cart_id = ?', cartId)).toBe(0);
    const result = await finished(paypalDown, orderBody(cartId, { paymentMethodId: 1, installmentNumber: 1, ...CARD }));
    expect(result.status).toBe('paid');
  });

  it('PayPal card (43) authorises the card through PayPal at once', async () => {
    const sku = await skuWithStock(3);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    const result = await finished(paypalApp, orderBody(cartId, { paymentMethodId: 43, installmentNumber: 1, ...CARD }));
    expect(result.status).toBe('paid');
    const payment = await env.DB.prepare(
      'SELECT provider, card_last4 FROM payments p JOIN orders o ON o.payment_id = p.id WHERE o.id = ?',
    )
      .bind(result.orderIds[0])
      .first();
    expect(payment).toEqual({ provider: 'paypal', card_last4: '0007' });
  });

  it('retryPayment: a pending PayPal order gets its approval link again; cancelling leaves it pending', async () => {
    const sku = await skuWithStock(3);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    const result: FinishOrderResult = await finished(app, orderBody(cartId, { paymentMethodId: 32 }));
    const reference = await paymentRef(result.orderIds[0]!);
    expect((await sandbox(app, { reference, action: 'cancel' })).status).toBe(200);
    expect(
      (await env.DB.prepare('SELECT status FROM orders WHERE id = ?')
        .bind(result.orderIds[0])
        .first<{ status: string }>())!.status,
    ).toBe('pending');
    const retry = {
      retryPayment: true,
      customerId: null,
      token: result.token,
      payment: { order: { id: result.orderIds[0] }, paymentMethodId: 32 },
    };
    const res = await create(app, retry);
    expect(res.status).toBe(200);
    const { paypal } = (await res.json()) as PaypalCreateResponse;
    expect(paypal.id).toBe(reference);
    expect(paypal.transactions[0]!.amount.total).toBe((result.total / 100).toFixed(2));
    // Without the token (or the owner's session) the order is not found.
    expect((await create(app, { ...retry, token: undefined })).status).toBe(404);
    expect((await sandbox(app, { reference, action: 'approve' })).status).toBe(200);
    expect((await create(app, retry)).status).toBe(409);
    expect(await stockOf(sku.id)).toBe(2);
  });
});
