import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { clearTokenSources } from '../../../src/commerce/payments/live/token-source';
import type { Bindings } from '../../../src/env';
import { runScheduled } from '../../../src/scheduled';
import { client, createOperatorSession } from '../backoffice-fixtures';
import { cartWith, finished, orderBody, skuWithStock } from '../checkout-helpers';
import { createCustomerSession, makeApp, seed } from '../app-harness';
import { BoletoFake } from './fakes/boleto-fake';
import { BOLETO_VARS, webhookApp } from './live-helpers';

/**
 * One live-boleto suite's setup (the store in live mode with Banco Inter only, behind a fresh contract-checking
 * BoletoFake per test): the catalog seeded once, token caches cleared and logs silenced per test, and every request
 * the fake received checked against Inter's document after each test. `live.boleto` is the current test's fake.
 */
export function liveBoletoSuite() {
  const vars = { PAYMENTS_MODE: 'live', PAYMENT_PROVIDER_TIMEOUT_MS: '300', ...BOLETO_VARS } as Partial<Bindings>;
  const live = {
    boleto: new BoletoFake(),
    vars,
    fetch: (request: Request) => live.boleto.fetch(request),
    app: () => makeApp(vars, { paymentsFetch: live.fetch }),
    cron: () => runScheduled({ ...env, ...vars } as unknown as Bindings, live.fetch),
  };
  beforeAll(() => seed());
  beforeEach(() => {
    clearTokenSources();
    live.boleto = new BoletoFake();
    for (const level of ['log', 'warn', 'error'] as const) vi.spyOn(console, level).mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    expect(live.boleto.contract.violations).toEqual([]);
  });
  return live;
}

/** The order's payment status and its refund's. */
export const refundState = (orderId: number) =>
  env.DB.prepare(
    `SELECT p.status AS payment, r.status AS refund FROM orders o JOIN payments p ON p.id = o.payment_id
       JOIN payment_refunds r ON r.order_id = o.id WHERE o.id = ?`,
  )
    .bind(orderId)
    .first<{ payment: string; refund: string }>();

/** A customer's boleto order, paid at Inter, then cancelled in the back office: its refund is owed by transfer. */
export async function owedBoletoOf(live: ReturnType<typeof liveBoletoSuite>) {
  const app = live.app();
  const customer = await createCustomerSession({ name: 'Rita Boleto' });
  const sku = await skuWithStock(3);
  const result = await finished(app, orderBody(await cartWith([{ sku: sku.id, amount: 1 }]), { paymentMethodId: 6 }));
  const orderId = result.orderIds[0]!;
  await env.DB.prepare('UPDATE orders SET customer_id = ? WHERE id = ?').bind(customer.customerId, orderId).run();
  const code = [...live.boleto.cobrancas.keys()].at(-1)!;
  const paid = await webhookApp(BOLETO_VARS, live.fetch)('boleto', { body: JSON.stringify(live.boleto.pay(code)) });
  expect(paid.status).toBe(200);
  const operator = await createOperatorSession();
  const cancelled = await client(app, operator.cookie).post(`/api/backoffice/orders/${orderId}/status`, {
    to: 'cancelled',
  });
  expect(cancelled.status).toBe(200);
  expect(await refundState(orderId)).toEqual({ payment: 'paid', refund: 'owed' });
  return { app, orderId, customer, operator, total: result.total };
}
