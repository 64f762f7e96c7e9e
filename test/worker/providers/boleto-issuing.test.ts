import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '../../../src/commerce/orders/messages';
import { ISSUE_REREADS } from '../../../src/commerce/payments/live/boleto-inter';
import { cartWith, count, finish, orderBody, skuWithStock, stockOf } from '../checkout-helpers';
import { liveBoletoSuite } from './boleto-setup';

/**
 * Issue 27: Inter registers a cobrança before it issues the boleto, and the first read may say `EM_PROCESSAMENTO`
 * (no line, no barcode). The adapter reads again (bounded: ISSUE_REREADS); issued in time → the checkout goes on;
 * not → 502 for the shopper and the boleto cancelled at Inter (`/cancelar`) — by the checkout, or, when that call
 * fails (4xx, 5xx, timeout), by one cron run (the attempt keeps Inter's code): never left registered in the
 * shopper's name.
 */
const live = liveBoletoSuite();
const { app: liveApp, cron } = live;
const situations = () => [...live.boleto.cobrancas.values()].map((c) => c.situacao);
const openAttempts = () => count('payment_attempts WHERE settled_at IS NULL');

async function cart() {
  const sku = await skuWithStock(5);
  return { sku, cartId: await cartWith([{ sku: sku.id, amount: 1 }]) };
}

describe('a boleto still EM_PROCESSAMENTO at Inter', () => {
  it('issued within the bounded re-reads: the order is placed with its line and barcode', async () => {
    const { cartId } = await cart();
    live.boleto.issuingReads = ISSUE_REREADS;
    const res = await finish(liveApp(), orderBody(cartId, { paymentMethodId: 6 }));
    // Guard: the re-reads (boleto-inter.ts issued). Without them the first read's EM_PROCESSAMENTO was a 502.
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ next: { kind: 'boleto' } });
    expect(
      await count(
        'payments WHERE length(boleto_line) = 47 AND id = (SELECT payment_id FROM orders WHERE cart_id = ?)',
        cartId,
      ),
    ).toBe(1);
    expect(situations()).toEqual(['A_RECEBER']);
    expect(await openAttempts()).toBe(0);
  });

  it('never issued in time: 502 pt-BR, no order, and the boleto is cancelled at Inter at once', async () => {
    const { sku, cartId } = await cart();
    live.boleto.issuingReads = 50;
    const res = await finish(liveApp(), orderBody(cartId, { paymentMethodId: 6 }));
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', error: ORDER_MESSAGES.providerDown });
    expect(await count('orders WHERE cart_id = ?', cartId)).toBe(0);
    expect(await stockOf(sku.id)).toBe(5);
    // Guard: the failure names Inter's code and the checkout cancels by it. Before, the boleto stayed registered.
    expect(situations()).toEqual(['CANCELADO']);
    await cron();
    expect(await openAttempts()).toBe(0);
  });

  for (const fault of ['error5xx', 'refuse4xx', 'timeout'] as const)
    it(`never issued and /cancelar fails (${fault}): one cron run cancels it by the code the attempt kept`, async () => {
      const { cartId } = await cart();
      live.boleto.issuingReads = 50;
      live.boleto.failNext('cobrancas.cancel', fault);
      expect((await finish(liveApp(), orderBody(cartId, { paymentMethodId: 6 }))).status).toBe(502);
      expect(situations()).toEqual(['A_RECEBER']);
      expect(await count('payment_attempts WHERE settled_at IS NULL AND provider_ref IS NOT NULL')).toBe(1);
      await cron();
      // Guard: the attempt's provider_ref (migration 0031). Without it the cron withdraws by our reference: nothing.
      expect(situations()).toEqual(['CANCELADO']);
      expect(await openAttempts()).toBe(0);
    });
});
