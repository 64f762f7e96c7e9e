import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { webhookRoutes } from '../../../src/commerce/payments/live/routes';
import type { LiveBindings } from '../../../src/commerce/payments/live/live-config';
import type { FetchLike } from '../../../src/commerce/payments/live/live-provider';
import type { AppEnv, Bindings } from '../../../src/env';
import { orderBody, skuWithStock, cartWith, finished, stockOf } from '../checkout-helpers';
import { makeApp } from '../app-harness';
import { PAYPAL_BASE, PAYPAL_CLIENT } from './fakes/paypal-fake';
import { PIX_BASE, PIX_CLIENT, PIX_TOKEN_URL } from './fakes/pix-fake';
import { REDE_BASE, REDE_STORE } from './fakes/rede-fake';
import { BOLETO_BASE, BOLETO_CLIENT } from './fakes/boleto-fake';

export const PIX_VARS: LiveBindings = {
  PIX_API_URL: PIX_BASE,
  PIX_TOKEN_URL: PIX_TOKEN_URL,
  PIX_CLIENT_ID: PIX_CLIENT.id,
  PIX_CLIENT_SECRET: PIX_CLIENT.secret,
  PIX_KEY: 'pagamentos@vitrine.com.br',
};

export const BOLETO_VARS: LiveBindings = {
  BOLETO_API_URL: BOLETO_BASE,
  BOLETO_CLIENT_ID: BOLETO_CLIENT.id,
  BOLETO_CLIENT_SECRET: BOLETO_CLIENT.secret,
};

export const REDE_VARS: LiveBindings = {
  REDE_API_URL: REDE_BASE,
  REDE_PV: REDE_STORE.pv,
  REDE_TOKEN: REDE_STORE.token,
};

export const PAYPAL_VARS: LiveBindings = {
  PAYPAL_API_URL: PAYPAL_BASE,
  PAYPAL_CLIENT_ID: PAYPAL_CLIENT.id,
  PAYPAL_CLIENT_SECRET: PAYPAL_CLIENT.secret,
  PAYPAL_WEBHOOK_ID: PAYPAL_CLIENT.webhookId,
};

/** The webhook routes exactly as /api mounts them, with the provider's fetch replaced by a fake. */
export function webhookApp(vars: LiveBindings, fetch: FetchLike) {
  const app = new Hono<AppEnv>().route('/api', webhookRoutes({ fetch }));
  const bindings = { ...env, ...vars } as Bindings & LiveBindings;
  return (provider: string, init: { body: string; headers?: Record<string, string> }) =>
    app.request(
      `/api/webhooks/${provider}`,
      { method: 'POST', headers: { 'content-type': 'application/json', ...init.headers }, body: init.body },
      bindings,
    );
}

export interface PlacedOrder {
  orderId: number;
  paymentId: number;
  sku: number;
  charged: number;
}

/**
 * A pending order placed through the real finish-order (sandbox method `methodId`), whose payment is then
 * pointed at a charge of the fake provider: what the live bridge writes at checkout (ADR 0015).
 */
export async function pendingOrder(
  methodId: 47 | 32 | 31 | 6,
  payment: Record<string, unknown> = {},
): Promise<PlacedOrder> {
  const sku = await skuWithStock(5);
  const cart = await cartWith([{ sku: sku.id, amount: 2 }]);
  const result = await finished(makeApp(), orderBody(cart, { paymentMethodId: methodId, ...payment }));
  const row = (await env.DB.prepare(
    'SELECT p.id, p.charged_cents FROM payments p JOIN orders o ON o.payment_id = p.id WHERE o.id = ?',
  )
    .bind(result.orderIds[0])
    .first<{ id: number; charged_cents: number }>())!;
  return { orderId: result.orderIds[0]!, paymentId: row.id, sku: sku.id, charged: row.charged_cents };
}

export async function pointPaymentAt(paymentId: number, providerRef: string): Promise<void> {
  await env.DB.prepare(
    "UPDATE payments SET provider_reference = ?1, pix_txid = CASE WHEN provider = 'pix' THEN ?1 ELSE pix_txid END WHERE id = ?2",
  )
    .bind(providerRef, paymentId)
    .run();
}

export async function orderState(orderId: number) {
  const row = await env.DB.prepare(
    `SELECT o.status AS orderStatus, p.status AS paymentStatus, o.cashback_earned_cents AS earned,
            (SELECT count(*) FROM order_events e WHERE e.order_id = o.id AND e.status <> 'pending') AS transitions
       FROM orders o JOIN payments p ON p.id = o.payment_id WHERE o.id = ?`,
  )
    .bind(orderId)
    .first<{ orderStatus: string; paymentStatus: string; earned: number; transitions: number }>();
  return row!;
}

export async function eventsOf(paymentId: number) {
  return (
    await env.DB.prepare(
      'SELECT provider, event_id AS eventId, source, outcome, provider_status AS status FROM payment_events WHERE payment_id = ? ORDER BY id',
    )
      .bind(paymentId)
      .all<{ provider: string; eventId: string; source: string; outcome: string; status: string }>()
  ).results;
}

/** Expires the order now (its deadline moved to the past, then the existing expiry path). */
export async function expireNow(orderId: number): Promise<void> {
  const past = new Date(Date.now() - 1000).toISOString();
  await env.DB.batch([
    env.DB.prepare('UPDATE orders SET expires_at = ? WHERE id = ?').bind(past, orderId),
    env.DB.prepare('UPDATE payments SET expires_at = ? WHERE id = (SELECT payment_id FROM orders WHERE id = ?)').bind(
      past,
      orderId,
    ),
  ]);
  const { expireDue } = await import('../../../src/commerce/payments/payment-lifecycle');
  const { paymentLifecycleDeps } = await import('../../../src/commerce/payments/embedded');
  await expireDue(paymentLifecycleDeps(env.DB), new Date());
}

export { stockOf };

/** A 32-character Pix txid (the API Pix wants 26–35 letters/digits). */
export const newTxid = () => `VTRLIVE${crypto.randomUUID().replace(/-/g, '').slice(0, 25)}`;
