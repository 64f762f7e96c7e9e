import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderLifecycleDeps } from '../../src/commerce/orders/embedded';
import { advanceOrder } from '../../src/commerce/orders/lifecycle';
import { paymentLifecycleDeps } from '../../src/commerce/payments/embedded';
import { expireDue } from '../../src/commerce/payments/payment-lifecycle';
import {
  CARD,
  PAC,
  cartWith,
  cashbackEntries,
  count,
  finished,
  giveCashback,
  orderBody,
  skuWithStock,
} from './checkout-helpers';
import { createCustomerSession, makeApp, sameOriginJson, seed } from './app-harness';

const app = makeApp();
const SAVASSI = 4;

/** A signed-in checkout of two packages (factory + Savassi) with a coupon and R$ 10,00 of cashback. */
async function twoOrderCheckout(
  code: string,
  payment: Record<string, unknown> = { paymentMethodId: 1, installmentNumber: 1, ...CARD },
) {
  const a = await skuWithStock(3);
  const b = await skuWithStock(3, SAVASSI);
  const customer = await createCustomerSession();
  await giveCashback(customer.customerId, 5000);
  const cartId = await cartWith(
    [
      { sku: a.id, amount: 1 },
      { sku: b.id, amount: 2 },
    ],
    customer.customerId,
  );
  const apply = await app.request(
    '/api/coupon/discount',
    sameOriginJson(
      'POST',
      { coupon: code, shoppingCart: cartId, agent: null, applicationId: null },
      { cookie: customer.cookie },
    ),
  );
  expect(apply.status, await apply.clone().text()).toBe(200);
  await env.DB.prepare('UPDATE carts SET cashback_cents = 1000 WHERE id = ?').bind(cartId).run();
  const packages = [
    { store: 'fabrica', selectedOption: PAC },
    { store: 'bh-savassi', selectedOption: PAC },
  ];
  const result = await finished(
    app,
    orderBody(cartId, payment, { packages, customerId: customer.customerId, anonymousConsumer: null }),
    { cookie: customer.cookie },
  );
  expect(result.orderIds).toHaveLength(2);
  const shares = (
    await env.DB.prepare('SELECT cashback_cents AS c FROM orders WHERE cart_id = ? ORDER BY id')
      .bind(cartId)
      .all<{ c: number }>()
  ).results.map((r) => r.c);
  expect(shares.reduce((x, y) => x + y, 0)).toBe(1000);
  expect(shares.every((c) => c > 0)).toBe(true);
  return { customer, ids: result.orderIds, shares };
}

async function coupon(code: string): Promise<{ used: number; uses: number }> {
  const used = (await env.DB.prepare('SELECT used FROM coupons WHERE code = ?').bind(code).first<{ used: number }>())!
    .used;
  const uses = await count('coupon_uses WHERE coupon_id = (SELECT id FROM coupons WHERE code = ?)', code);
  return { used, uses };
}

/** The cashback given back for the checkout's spending (adjustments that are not accrual reversals). */
async function refunds(customerId: number): Promise<{ amount_cents: number; order_id: string | null }[]> {
  return (await cashbackEntries(customerId))
    .filter((e) => e.kind === 'adjustment' && e.order_id !== null && e.amount_cents > 0)
    .map(({ amount_cents, order_id }) => ({ amount_cents, order_id }));
}

async function newCoupon(code: string): Promise<void> {
  await env.DB.prepare("INSERT INTO coupons (code, kind, value, usage_limit) VALUES (?, 'percentage', 10, 100)")
    .bind(code)
    .run();
}

describe('cancelling a multi-store purchase (ADR 0009)', () => {
  beforeAll(() => seed());

  it('each cancelled order gives back its cashback share; the coupon use comes back once, with the last order', async () => {
    await newCoupon('MULTI1');
    const { customer, ids, shares } = await twoOrderCheckout('MULTI1');
    expect(await coupon('MULTI1')).toEqual({ used: 1, uses: 1 });
    // The second order first: its share only, the coupon stays spent (the first order still goes ahead).
    await advanceOrder(orderLifecycleDeps(env.DB), ids[1]!, 'cancelled', new Date());
    expect(await refunds(customer.customerId)).toEqual([{ amount_cents: shares[1], order_id: String(ids[1]) }]);
    expect(await coupon('MULTI1')).toEqual({ used: 1, uses: 1 });
    // The last one: its share, and the coupon use.
    await advanceOrder(orderLifecycleDeps(env.DB), ids[0]!, 'cancelled', new Date());
    expect(await refunds(customer.customerId)).toEqual([
      { amount_cents: shares[1], order_id: String(ids[1]) },
      { amount_cents: shares[0], order_id: String(ids[0]) },
    ]);
    expect(await coupon('MULTI1')).toEqual({ used: 0, uses: 0 });
    // Balance as before the purchase: the 10% earned on the paid orders is reversed too.
    const total = (await cashbackEntries(customer.customerId)).reduce((sum, e) => sum + e.amount_cents, 0);
    expect(total).toBe(5000);
    // A second cancel changes nothing.
    await expect(advanceOrder(orderLifecycleDeps(env.DB), ids[0]!, 'cancelled', new Date())).rejects.toThrow();
    expect((await refunds(customer.customerId)).length).toBe(2);
  });

  it('the first order cancelled alone keeps the coupon spent and gives back only its share', async () => {
    await newCoupon('MULTI2');
    const { customer, ids, shares } = await twoOrderCheckout('MULTI2');
    await advanceOrder(orderLifecycleDeps(env.DB), ids[0]!, 'cancelled', new Date());
    expect(await refunds(customer.customerId)).toEqual([{ amount_cents: shares[0], order_id: String(ids[0]) }]);
    expect(await coupon('MULTI2')).toEqual({ used: 1, uses: 1 });
  });

  it('unpaid orders expiring together give everything back once', async () => {
    await newCoupon('MULTI3');
    const { customer, ids } = await twoOrderCheckout('MULTI3', { paymentMethodId: 47 });
    const past = new Date(Date.now() - 1000).toISOString();
    await env.DB.prepare(`UPDATE orders SET expires_at = ? WHERE id IN (${ids.join(',')})`)
      .bind(past)
      .run();
    expect(await expireDue(paymentLifecycleDeps(env.DB), new Date())).toBe(2);
    expect((await refunds(customer.customerId)).reduce((sum, e) => sum + e.amount_cents, 0)).toBe(1000);
    expect(await coupon('MULTI3')).toEqual({ used: 0, uses: 0 });
    expect(await expireDue(paymentLifecycleDeps(env.DB), new Date())).toBe(0);
    expect((await refunds(customer.customerId)).reduce((sum, e) => sum + e.amount_cents, 0)).toBe(1000);
  });

  it('both orders cancelled at once, each twice, ×5: the coupon comes back exactly once and the cashback exactly in full', async () => {
    for (let run = 0; run < 5; run++) {
      const code = `MULTIC${run}`;
      await newCoupon(code);
      const { customer, ids } = await twoOrderCheckout(code);
      const outcomes = await Promise.allSettled(
        [ids[0]!, ids[1]!, ids[1]!, ids[0]!].map((id) =>
          advanceOrder(orderLifecycleDeps(env.DB), id, 'cancelled', new Date()),
        ),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(2);
      expect(await coupon(code)).toEqual({ used: 0, uses: 0 });
      const back = await refunds(customer.customerId);
      expect(back.map((e) => e.order_id).sort()).toEqual(ids.map(String).sort());
      expect(back.reduce((sum, e) => sum + e.amount_cents, 0)).toBe(1000);
    }
  });

  it('one order cancelled 3 times at once, then the other 3 times at once, ×5: share by share, the coupon with the last', async () => {
    for (let run = 0; run < 5; run++) {
      const code = `MULTID${run}`;
      await newCoupon(code);
      const { customer, ids, shares } = await twoOrderCheckout(code);
      const cancel = (id: number) =>
        Promise.allSettled(
          [id, id, id].map((i) => advanceOrder(orderLifecycleDeps(env.DB), i, 'cancelled', new Date())),
        );
      expect((await cancel(ids[1]!)).filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect(await coupon(code)).toEqual({ used: 1, uses: 1 });
      expect(await refunds(customer.customerId)).toEqual([{ amount_cents: shares[1], order_id: String(ids[1]) }]);
      expect((await cancel(ids[0]!)).filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect(await coupon(code)).toEqual({ used: 0, uses: 0 });
      expect((await refunds(customer.customerId)).map((e) => e.amount_cents)).toEqual([shares[1], shares[0]]);
    }
  });
});
