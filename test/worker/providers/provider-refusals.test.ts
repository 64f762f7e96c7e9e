import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_MESSAGES } from '../../../src/commerce/orders/messages';
import { clearTokenSources } from '../../../src/commerce/payments/live/token-source';
import type { FetchLike } from '../../../src/commerce/payments/live/live-provider';
import type { Bindings } from '../../../src/env';
import { cartWith, count, finish, finished, orderBody, skuWithStock, stockOf } from '../checkout-helpers';
import { makeApp, sameOriginJson, seed } from '../app-harness';
import { BoletoFake } from './fakes/boleto-fake';
import { PaypalFake } from './fakes/paypal-fake';
import { PixFake } from './fakes/pix-fake';
import { BOLETO_VARS, PAYPAL_VARS, PIX_VARS } from './live-helpers';

/**
 * Issue 27: a provider that refuses our request (a 4xx about its data) is not an outage. The shopper gets a 422 with a
 * pt-BR reason — not the 502 "Não conseguimos falar com o meio de pagamento" —, nothing is written, and nothing is
 * withdrawn at the provider (it created nothing: no PATCH /cob, no /cancelar). A 5xx stays the 502 it was.
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

const REFUSED = { code: 'UNPROCESSABLE', error: ORDER_MESSAGES.providerRefused };

async function bag() {
  const sku = await skuWithStock(3);
  return { sku, cartId: await cartWith([{ sku: sku.id, amount: 1 }]) };
}

describe('a provider’s 4xx at create is the shopper’s 422 (pt-BR), with nothing written or withdrawn', () => {
  it('Pix: the PSP answers 400 to PUT /cob: 422, no order, stock intact, no PATCH /cob; then a 5xx is still a 502', async () => {
    const { sku, cartId } = await bag();
    const app = liveApp();
    pix.failNext('cob.create', 'refuse4xx');
    const res = await finish(app, orderBody(cartId, { paymentMethodId: 47 }));
    // Guard: slot-calls isRefusal + authorizeCharge. Without it: 502 providerDown and a PATCH for a cob never created.
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual(REFUSED);
    expect(await count('orders WHERE cart_id = ?', cartId)).toBe(0);
    expect(await stockOf(sku.id)).toBe(3);
    expect(pix.contract.calls).not.toContain('cob.withdraw');
    pix.failNext('cob.create', 'error5xx');
    const down = await finish(app, orderBody(cartId, { paymentMethodId: 47 }));
    expect(down.status).toBe(502);
    expect(await down.json()).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', error: ORDER_MESSAGES.providerDown });
    // And a retry that the PSP accepts goes through.
    expect((await finished(app, orderBody(cartId, { paymentMethodId: 47 }))).status).toBe('pending');
  });

  it('boleto: Inter answers 400 (payer data): 422, no order, nothing to cancel at Inter', async () => {
    const { cartId } = await bag();
    boleto.failNext('cobrancas.create', 'refuse4xx');
    const res = await finish(liveApp(), orderBody(cartId, { paymentMethodId: 6 }));
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual(REFUSED);
    expect(await count('orders WHERE cart_id = ?', cartId)).toBe(0);
    expect(boleto.contract.calls).not.toContain('cobrancas.cancel');
    expect(boleto.cobrancas.size).toBe(0);
  });

  it('PayPal: /api/paypal/create refused (422 UNPROCESSABLE_ENTITY): 422 pt-BR, no payment kept', async () => {
    const { cartId } = await bag();
    paypal.failNext('orders.create', 'refuse4xx');
    const before = await count("payments WHERE idempotency_key LIKE 'paypal:%'");
    const res = await liveApp().request(
      '/api/paypal/create',
      sameOriginJson('POST', {
        customerId: null,
        cartId,
        shipping: 1590,
        payment: { installmentNumber: 1, paymentMethodId: 32 },
      }),
    );
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual(REFUSED);
    expect(await count("payments WHERE idempotency_key LIKE 'paypal:%'")).toBe(before);
    expect(paypal.orders.size).toBe(0);
  });
});
