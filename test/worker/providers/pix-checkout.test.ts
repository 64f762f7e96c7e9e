import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_MESSAGES } from '../../../src/commerce/orders/messages';
import { pixTxidOf } from '../../../src/commerce/payments/live/slot-calls';
import { clearTokenSources } from '../../../src/commerce/payments/live/token-source';
import type { Bindings } from '../../../src/env';
import { cartWith, count, finish, finished, orderBody, paymentRef, skuWithStock, stockOf } from '../checkout-helpers';
import { makeApp, seed } from '../app-harness';
import { PixFake } from './fakes/pix-fake';
import { orderState, PIX_VARS, webhookApp } from './live-helpers';

let fake: PixFake;
const liveApp = (vars: Record<string, string> = {}) =>
  makeApp({ PAYMENTS_MODE: 'live', ...PIX_VARS, ...vars } as Partial<Bindings>, { paymentsFetch: fake.fetch });

beforeAll(() => seed());
beforeEach(() => {
  clearTokenSources();
  fake = new PixFake();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  expect(fake.contract.violations).toEqual([]);
});

describe('finish-order with a live Pix provider configured', () => {
  it('charges through the PSP: the QR is the PSP’s pixCopiaECola, and its webhook pays the order once', async () => {
    const sku = await skuWithStock(3);
    const cart = await cartWith([{ sku: sku.id, amount: 1 }]);
    const result = await finished(liveApp(), orderBody(cart, { paymentMethodId: 47 }));
    expect(result.status).toBe('pending');
    const txid = pixTxidOf(await paymentRef(result.orderIds[0]!));
    const cob = fake.cobs.get(txid)!;
    expect(cob).toMatchObject({
      valor: { original: (result.total / 100).toFixed(2) },
      calendario: { expiracao: 1800 },
    });
    expect(result.next).toMatchObject({ kind: 'pix', payload: cob.pixCopiaECola });
    const post = webhookApp(PIX_VARS, fake.fetch);
    const body = JSON.stringify(fake.pay(txid));
    for (let i = 0; i < 2; i++) expect((await post('pix', { body })).status).toBe(200);
    expect(await orderState(result.orderIds[0]!)).toMatchObject({ orderStatus: 'paid', transitions: 1 });
  });

  it('a PSP failing at create (5xx or timeout) is a pt-BR 502 and writes nothing; the retry goes through', async () => {
    const sku = await skuWithStock(3);
    const cart = await cartWith([{ sku: sku.id, amount: 1 }]);
    const app = liveApp({ PAYMENT_PROVIDER_TIMEOUT_MS: '300' });
    for (const fault of ['error5xx', 'timeout'] as const) {
      fake.failNext('cob.create', fault);
      const res = await finish(app, orderBody(cart, { paymentMethodId: 47 }));
      expect(res.status).toBe(502);
      // The checkout's one message for a provider that failed (orders/messages.ts providerDown).
      expect(await res.json()).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', error: ORDER_MESSAGES.providerDown });
      expect(await count('orders WHERE cart_id = ?', cart)).toBe(0);
      expect(await stockOf(sku.id)).toBe(3);
    }
    const result = await finished(app, orderBody(cart, { paymentMethodId: 47 }));
    expect(fake.cobs.size).toBe(1);
    expect(fake.cobs.has(pixTxidOf(await paymentRef(result.orderIds[0]!)))).toBe(true);
  });

  it('without a Pix configuration the sandbox still answers (nothing reaches a PSP)', async () => {
    const sku = await skuWithStock(3);
    const cart = await cartWith([{ sku: sku.id, amount: 1 }]);
    const result = await finished(makeApp({}, { paymentsFetch: fake.fetch }), orderBody(cart, { paymentMethodId: 47 }));
    expect(result.next.kind).toBe('pix');
    expect(fake.contract.calls).toEqual([]);
    expect(
      await env.DB.prepare('SELECT provider FROM payments p JOIN orders o ON o.payment_id = p.id WHERE o.id = ?')
        .bind(result.orderIds[0])
        .first('provider'),
    ).toBe('pix');
  });
});
