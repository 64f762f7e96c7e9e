import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../src/commerce/domain-error';
import { embeddedCommerce } from '../../src/commerce/embedded';
import { sandboxProviders } from '../../src/commerce/payments/sandbox';
import { PAYMENTS_CONFIG } from '../../src/commerce/payments/sandbox/payments-config';
import type { CommercePort } from '../../src/commerce/port';
import { upstreamCommerce } from '../../src/commerce/upstream';
import { createCustomerSession, forwardTo, makeApp, seed, UPSTREAM } from './app-harness';
import { FinishOrderSchema } from '../../src/contracts/checkout';
import { CARD, DECLINED_CARD, cartWith, orderBody as rawBody, skuWithStock } from './checkout-helpers';

const orderBody = (...args: Parameters<typeof rawBody>) => FinishOrderSchema.parse(rawBody(...args));

// Every port method checkout added, on both adapters: the embedded one in-process, the upstream one
// over HTTP to an embedded app (every answer parsed with the zod contract). Same outcomes.
const target = makeApp();
// Sandbox mode, as the app's middleware gives a local request (a bare embedded backend has no providers).
const sandbox = () => ({ providers: sandboxProviders(env.DB, PAYMENTS_CONFIG) });
const adapters: [string, (token: string | null) => CommercePort][] = [
  ['embedded', (token) => embeddedCommerce(env.DB, { maxItemAmount: 10, token, ...sandbox() })],
  [
    'upstream',
    (token) =>
      upstreamCommerce({ url: UPSTREAM, timeoutMs: 5000 }, forwardTo(target), { token, headers: new Headers() }),
  ],
];

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return { code: (error as DomainError).code, message: (error as DomainError).message };
}

async function scenario(make: (token: string | null) => CommercePort): Promise<unknown[]> {
  const out: unknown[] = [];
  const visitor = make(null);
  out.push(await visitor.cardService());
  out.push(await visitor.installments(30000));
  const sku = await skuWithStock(10);
  const declined = await cartWith([{ sku: sku.id, amount: 1 }]);
  out.push(
    await failure(
      visitor.finishOrder(orderBody(declined, { paymentMethodId: 1, installmentNumber: 1, ...DECLINED_CARD }), {}),
    ),
  );
  const pix = await visitor.finishOrder(orderBody(declined, { paymentMethodId: 47 }), {
    idempotencyKey: `adapter-key-${crypto.randomUUID()}`,
  });
  out.push([pix.status, pix.next.kind, pix.total === sku.price + 1590]);
  const confirmation = await visitor.order(pix.orderIds, pix.token);
  out.push([confirmation.status, confirmation.orders.map((o) => [o.items.length, o.payment.methodId])]);
  out.push(await failure(visitor.order(pix.orderIds, 'bm9wZQ==')));
  const reference = confirmation.orders[0]!.payment.reference!;
  out.push((await visitor.paymentStep(reference)).status);
  out.push(await visitor.paymentAction({ reference, action: 'pay' }));
  out.push(await failure(visitor.paymentAction({ reference, action: 'pay' })));
  const paypal = await visitor.paypalCreate({
    cartId: await cartWith([{ sku: sku.id, amount: 1 }]),
    shipping: 0,
    payment: { installmentNumber: 1, paymentMethodId: 32 },
  });
  out.push([
    paypal.paypal.links.map((l) => l.rel),
    paypal.paypal.transactions[0]!.amount.total === (sku.price / 100).toFixed(2),
  ]);
  out.push(await failure(visitor.customerOrders()));

  const customer = await createCustomerSession();
  const signedIn = make(customer.token);
  const cartId = await cartWith([{ sku: sku.id, amount: 1 }], customer.customerId);
  const card = await signedIn.finishOrder(
    orderBody(
      cartId,
      { paymentMethodId: 1, installmentNumber: 1, ...CARD },
      { customerId: customer.customerId, anonymousConsumer: null },
    ),
    {},
  );
  out.push(card.status);
  const mine = await signedIn.customerOrders();
  out.push(mine.map((o) => [o.status, o.itemsCount, o.total === card.total]));
  const detail = await signedIn.orderDetail(card.orderIds[0]!);
  out.push([detail.status, detail.payment.cardLast4, detail.events.map((e) => e.status)]);
  out.push(await failure(make((await createCustomerSession()).token).orderDetail(card.orderIds[0]!)));
  return out;
}

describe('checkout port methods on both adapters', () => {
  beforeAll(() => seed());

  it('answer the same through the embedded and the upstream adapter', async () => {
    const results: unknown[][] = [];
    for (const [, make] of adapters) results.push(await scenario(make));
    expect(results[1]).toEqual(results[0]);
    expect(results[0]![2]).toMatchObject({ code: 'PAYMENT_DECLINED' });
    expect(results[0]![7]).toEqual({ status: 'paid' });
    expect(results[0]![10]).toMatchObject({ code: 'UNAUTHENTICATED' });
  }, 60_000);

  it('renders the confirmation page through the upstream adapter', async () => {
    const proxy = makeApp({ COMMERCE_API_URL: UPSTREAM }, { upstreamFetch: forwardTo(target) });
    const sku = await skuWithStock(3);
    const result = await embeddedCommerce(env.DB, { maxItemAmount: 10, token: null, ...sandbox() }).finishOrder(
      orderBody(await cartWith([{ sku: sku.id, amount: 1 }]), { paymentMethodId: 6 }),
      {},
    );
    const res = await proxy.request(result.redirect);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`Pedido nº ${result.orderIds[0]}`);
    expect((await proxy.request(`/checkout/order/${result.orderIds[0]}?token=bm9wZQ%3D%3D`)).status).toBe(404);
  });
});
