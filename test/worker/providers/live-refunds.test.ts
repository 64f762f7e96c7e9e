import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokenSources } from '../../../src/commerce/payments/live/token-source';
import { refundThroughProviders } from '../../../src/commerce/payments/refunds';
import { liveProviders } from '../../../src/commerce/payments/live-provider-set';
import { paymentsRepo } from '../../../src/commerce/payments/repo';
import type { Bindings } from '../../../src/env';
import { ExchangesResponseSchema } from '../../../src/contracts/exchanges';
import { client, createOperatorSession, returnRequest } from '../backoffice-fixtures';
import { CARD, cartWith, finished, orderBody, skuWithStock } from '../checkout-helpers';
import { createCustomerSession, makeApp, seed } from '../app-harness';
import { RedeFake } from './fakes/rede-fake';
import { REDE_VARS } from './live-helpers';

/**
 * Refunds in live mode: the back office's cancellation of a paid order records the refund in D1 and then asks
 * the provider that charged it (here Rede), keeping the provider's refund id; a failed call is retried by the
 * cron with the same refund id, and never refunds twice.
 */
let rede: RedeFake;
const VARS = { PAYMENTS_MODE: 'live', PAYMENT_PROVIDER_TIMEOUT_MS: '300', ...REDE_VARS };
const liveApp = () => makeApp(VARS as Partial<Bindings>, { paymentsFetch: rede.fetch });
const retry = () =>
  refundThroughProviders(
    { payments: paymentsRepo(env.DB), providers: liveProviders({ ...env, ...VARS }, rede.fetch) },
    new Date(),
  );

beforeAll(() => seed());
beforeEach(() => {
  clearTokenSources();
  rede = new RedeFake();
  for (const level of ['log', 'warn', 'error'] as const) vi.spyOn(console, level).mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  expect(rede.contract.violations).toEqual([]);
});

async function paidCreditOrder(app: ReturnType<typeof liveApp>) {
  const sku = await skuWithStock(3);
  const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
  const result = await finished(app, orderBody(cartId, { paymentMethodId: 1, installmentNumber: 1, ...CARD }));
  expect(result.status).toBe('paid');
  return result.orderIds[0]!;
}

const refundsOf = (orderId: number) =>
  env.DB.prepare(
    `SELECT r.amount_cents AS amount, r.provider_refund_id AS providerRefundId, p.status AS paymentStatus
       FROM payment_refunds r JOIN payments p ON p.id = r.payment_id WHERE r.order_id = ?`,
  )
    .bind(orderId)
    .all<{ amount: number; providerRefundId: string | null; paymentStatus: string }>()
    .then((r) => r.results);

describe('live refunds from the back office (Rede)', () => {
  it('cancelling a paid order refunds it at Rede and records Rede’s refund id', async () => {
    const app = liveApp();
    const orderId = await paidCreditOrder(app);
    const charged = rede.balanceCents();
    expect(charged).toBeGreaterThan(0);
    const operator = client(app, (await createOperatorSession()).cookie);
    expect((await operator.post(`/api/backoffice/orders/${orderId}/status`, { to: 'cancelled' })).status).toBe(200);
    const tx = [...rede.transactions.values()][0]!;
    expect(await refundsOf(orderId)).toEqual([
      { amount: charged, providerRefundId: tx.refunds[0]!.refundId, paymentStatus: 'refunded' },
    ]);
    expect(rede.balanceCents()).toBe(0);
    expect(await retry()).toEqual({ refunded: 0, failed: 0 });
  });

  it('Rede failing at the refund (5xx, then an answer lost): the cancellation stands, the cron retries, and Rede refunds once', async () => {
    for (const fault of ['error5xx', 'lost'] as const) {
      rede = new RedeFake();
      const faulty = liveApp();
      const orderId = await paidCreditOrder(faulty);
      const charged = rede.balanceCents();
      rede.failNext('transactions.refund', fault);
      const res = await client(faulty, (await createOperatorSession()).cookie).post(
        `/api/backoffice/orders/${orderId}/status`,
        { to: 'cancelled' },
      );
      expect(res.status).toBe(200);
      // Recorded here, not yet confirmed by Rede: no provider id, and the payment is not refunded until Rede says so
      // (ADR 0027: a refund is done when its provider says so).
      expect(await refundsOf(orderId)).toEqual([{ amount: charged, providerRefundId: null, paymentStatus: 'paid' }]);
      expect(rede.balanceCents()).toBe(fault === 'lost' ? 0 : charged);
      expect(await retry()).toEqual({ refunded: 1, failed: 0 });
      expect(await retry()).toEqual({ refunded: 0, failed: 0 });
      // Guard: a retry asks Rede first. Without it the lost answer's refund would be sent a second time.
      expect([...rede.transactions.values()][0]!.refunds).toHaveLength(1);
      expect(rede.balanceCents()).toBe(0);
      expect((await refundsOf(orderId))[0]!.providerRefundId).not.toBeNull();
      expect((await refundsOf(orderId))[0]!.paymentStatus).toBe('refunded');
    }
  });

  it('a return refunded to the original method goes back through Rede, with Rede’s refund id on the exchange’s refund', async () => {
    const app = liveApp();
    const customer = await createCustomerSession();
    const sku = await skuWithStock(3);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }], customer.customerId);
    const result = await finished(app, orderBody(cartId, { paymentMethodId: 1, installmentNumber: 1, ...CARD }), {
      cookie: customer.cookie,
    });
    const orderId = result.orderIds[0]!;
    const operator = client(app, (await createOperatorSession()).cookie);
    for (const to of ['invoiced', 'shipped', 'delivered'])
      expect(
        (await operator.post(`/api/backoffice/orders/${orderId}/status`, { to, trackingCode: 'BR123456789BR' })).status,
      ).toBe(200);
    const item = (await env.DB.prepare('SELECT id FROM order_items WHERE order_id = ?')
      .bind(orderId)
      .first<{ id: number }>())!;
    const shopper = client(app, customer.cookie);
    const asked = await shopper.post(
      '/api/exchanges',
      returnRequest(orderId, [{ orderItemId: item.id, amount: 1 }], { refund: 'original' }),
    );
    expect(asked.status).toBe(201);
    const id = ExchangesResponseSchema.parse(await asked.json()).exchanges[0]!.id;
    for (const to of ['approved', 'received', 'refunded'])
      expect((await operator.post(`/api/backoffice/exchanges/${id}/status`, { to })).status).toBe(200);
    const refund = await env.DB.prepare(
      'SELECT amount_cents AS amount, provider_refund_id AS providerRefundId FROM payment_refunds WHERE exchange_id = ?',
    )
      .bind(id)
      .first<{ amount: number; providerRefundId: string }>();
    const tx = [...rede.transactions.values()][0]!;
    expect(refund).toEqual({ amount: tx.refunds[0]!.amount, providerRefundId: tx.refunds[0]!.refundId });
    expect(refund!.amount).toBeGreaterThan(0);
  });
});
