import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FinishOrderResult } from '../../src/contracts/checkout';
import { createCustomerSession, makeApp, sameOriginJson, seed } from './app-harness';
import {
  CARD,
  PAC,
  cartWith,
  cashbackEntries,
  count,
  finish,
  finished,
  orderBody,
  skuWithStock,
  stockOf,
} from './checkout-helpers';

const app = makeApp();

async function limitedCoupon(code: string, limit: number): Promise<number> {
  const row = await env.DB.prepare(
    "INSERT INTO coupons (code, kind, value, usage_limit) VALUES (?, 'percentage', 10, ?) RETURNING id",
  )
    .bind(code, limit)
    .first<{ id: number }>();
  return row!.id;
}

describe('finish-order with coupons, seller codes, cashback and saved addresses', () => {
  beforeAll(() => seed());

  it('records the coupon use and the seller on the order, with the cart discount', async () => {
    const sku = await skuWithStock(5);
    const cartId = await cartWith([{ sku: sku.id, amount: 2 }]);
    const apply = await app.request(
      '/api/coupon/discount',
      sameOriginJson('POST', { coupon: 'BEMVINDO10', shoppingCart: cartId, agent: null, applicationId: null }),
    );
    expect(apply.status).toBe(200);
    expect(
      (
        await app.request(
          '/api/coupon/seller-coupon',
          sameOriginJson('POST', { coupon: 'JOAO10', shoppingCart: cartId }),
        )
      ).status,
    ).toBe(200);
    const cart = (await (await app.request(`/api/cart?cartId=${cartId}`)).json()) as {
      discount: number;
      subtotal: number;
    };
    expect(cart.discount).toBeGreaterThan(0);
    const used = (await env.DB.prepare("SELECT used FROM coupons WHERE code = 'BEMVINDO10'").first<{ used: number }>())!
      .used;
    const result = await finished(app, orderBody(cartId, { paymentMethodId: 47 }));
    const order = await env.DB.prepare(
      'SELECT coupon_code, seller_code, discount_cents, subtotal_cents, total_cents FROM orders WHERE id = ?',
    )
      .bind(result.orderIds[0])
      .first();
    expect(order).toMatchObject({
      coupon_code: 'BEMVINDO10',
      seller_code: 'JOAO10',
      discount_cents: cart.discount,
      subtotal_cents: cart.subtotal,
    });
    expect(result.total).toBe(cart.subtotal - cart.discount + 1590);
    expect(
      (await env.DB.prepare("SELECT used FROM coupons WHERE code = 'BEMVINDO10'").first<{ used: number }>())!.used,
    ).toBe(used + 1);
    expect(await count('coupon_uses WHERE order_id = ?', String(result.orderIds[0]))).toBe(1);
    expect(await count('coupon_reservations WHERE cart_id = ?', cartId)).toBe(0);
  });

  it('coupon limit 10 with 50 concurrent orders: exactly 10 uses, the rest refused with nothing left behind', async () => {
    const couponId = await limitedCoupon('LIMITE10', 10);
    const sku = await skuWithStock(200);
    const carts = await Promise.all(Array.from({ length: 50 }, () => cartWith([{ sku: sku.id, amount: 1 }])));
    // Carts holding the code (as if each had applied it while uses were still free).
    await env.DB.batch(
      carts.map((id) => env.DB.prepare("UPDATE carts SET coupon_code = 'LIMITE10' WHERE id = ?").bind(id)),
    );
    const responses = await Promise.all(carts.map((id) => finish(app, orderBody(id, { paymentMethodId: 47 }))));
    const ok = responses.filter((r) => r.status === 200);
    expect(ok).toHaveLength(10);
    const refused = responses.filter((r) => r.status === 409);
    expect(refused).toHaveLength(40);
    expect(await refused[0]!.json()).toEqual({
      code: 'CONFLICT',
      title: 'Cupom inválido!',
      error: 'Cupom já utilizado ou inválido para esse pedido. Não é possível aplicá-lo',
    });
    expect(
      (await env.DB.prepare('SELECT used FROM coupons WHERE id = ?').bind(couponId).first<{ used: number }>())!.used,
    ).toBe(10);
    expect(await count('coupon_uses WHERE coupon_id = ?', couponId)).toBe(10);
    expect(await count(`orders WHERE coupon_code = 'LIMITE10'`)).toBe(10);
    expect(await stockOf(sku.id)).toBe(190);
    // Expiring one of them gives its use back.
    const first = (await ok[0]!.json()) as FinishOrderResult;
    const past = new Date(Date.now() - 1000).toISOString();
    await env.DB.batch([
      env.DB.prepare('UPDATE orders SET expires_at = ? WHERE id = ?').bind(past, first.orderIds[0]),
      env.DB.prepare('UPDATE payments SET expires_at = ? WHERE id = (SELECT payment_id FROM orders WHERE id = ?)').bind(
        past,
        first.orderIds[0],
      ),
    ]);
    await app.request(`/api/order-status?orderIds=${first.orderIds[0]}&token=${encodeURIComponent(first.token)}`);
    expect(
      (await env.DB.prepare('SELECT used FROM coupons WHERE id = ?').bind(couponId).first<{ used: number }>())!.used,
    ).toBe(9);
    expect(await count('coupon_uses WHERE coupon_id = ?', couponId)).toBe(9);
  }, 120_000);

  it('a coupon with one use per customer cannot be spent twice by the same customer', async () => {
    await env.DB.prepare(
      "INSERT INTO coupons (code, kind, value, per_customer_limit) VALUES ('UMAVEZ', 'percentage', 10, 1)",
    ).run();
    const customer = await createCustomerSession();
    const sku = await skuWithStock(5);
    const headers = { cookie: customer.cookie };
    const statuses: number[] = [];
    for (let i = 0; i < 2; i++) {
      const cartId = await cartWith([{ sku: sku.id, amount: 1 }], customer.customerId);
      await env.DB.prepare("UPDATE carts SET coupon_code = 'UMAVEZ' WHERE id = ?").bind(cartId).run();
      const res = await finish(
        app,
        orderBody(cartId, { paymentMethodId: 47 }, { customerId: customer.customerId, anonymousConsumer: null }),
        headers,
      );
      statuses.push(res.status);
      if (res.status !== 200) expect(await res.json()).toMatchObject({ title: 'Cupom inválido!' });
    }
    expect(statuses).toEqual([200, 409]);
    expect(await count("coupon_uses u JOIN coupons c ON c.id = u.coupon_id WHERE c.code = 'UMAVEZ'")).toBe(1);
  });

  it('cashback spent beyond the balance aborts the order (no half order)', async () => {
    const customer = await createCustomerSession();
    await env.DB.prepare(
      "INSERT INTO cashback_entries (customer_id, amount_cents, kind, available_at) VALUES (?, 3000, 'adjustment', ?)",
    )
      .bind(customer.customerId, new Date(Date.now() - 86_400_000).toISOString())
      .run();
    const sku = await skuWithStock(5);
    const carts = [
      await cartWith([{ sku: sku.id, amount: 1 }], customer.customerId),
      await cartWith([{ sku: sku.id, amount: 1 }], customer.customerId),
    ];
    await env.DB.batch(
      carts.map((id) => env.DB.prepare('UPDATE carts SET cashback_cents = 2000 WHERE id = ?').bind(id)),
    );
    const headers = { cookie: customer.cookie };
    const body = (id: string) =>
      orderBody(id, { paymentMethodId: 47 }, { customerId: customer.customerId, anonymousConsumer: null });
    // Both carts priced R$ 20,00 of cashback against a R$ 30,00 balance: only one can spend it.
    const responses = await Promise.all(carts.map((id) => finish(app, body(id), headers)));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = responses.find((r) => r.status === 409)!;
    expect(await loser.json()).toMatchObject({ title: 'Cashback inválido!' });
    expect((await cashbackEntries(customer.customerId)).filter((e) => e.kind === 'debit')).toHaveLength(1);
    expect(await stockOf(sku.id)).toBe(4);
  });

  it('delivers to a saved address by addressId (owner only)', async () => {
    const customer = await createCustomerSession({ name: 'Carla Dias' });
    const headers = { cookie: customer.cookie, origin: 'http://localhost', 'content-type': 'application/json' };
    const saved = await app.request('/api/addresses', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        receiver: 'Carla Dias',
        zipCode: '20040-002',
        street: 'Avenida Rio Branco',
        number: '1',
        neighborhood: 'Centro',
        city: 'Rio de Janeiro',
        state: 'RJ',
      }),
    });
    expect(saved.status).toBe(201);
    const addressId =
      ((await saved.json()) as { id?: number; addresses?: { id: number }[] }).id ??
      (await env.DB.prepare('SELECT id FROM addresses WHERE customer_id = ?')
        .bind(customer.customerId)
        .first<{ id: number }>())!.id;
    const sku = await skuWithStock(5);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }], customer.customerId);
    const body = orderBody(
      cartId,
      { paymentMethodId: 1, installmentNumber: 1, ...CARD },
      {
        customerId: customer.customerId,
        anonymousConsumer: null,
        address: null,
        shippingInfo: { store: 'fabrica', addressId, selectedOption: PAC },
      },
    );
    const stranger = await createCustomerSession();
    const strangerCart = await cartWith([{ sku: sku.id, amount: 1 }], stranger.customerId);
    expect(
      (
        await finish(
          app,
          { ...body, cartId: strangerCart, customerId: stranger.customerId },
          { cookie: stranger.cookie },
        )
      ).status,
    ).toBe(404);
    const result = await finished(app, body, { cookie: customer.cookie });
    const order = await env.DB.prepare('SELECT address_json, address_id FROM orders WHERE id = ?')
      .bind(result.orderIds[0])
      .first<{ address_json: string; address_id: number }>();
    expect(order!.address_id).toBe(addressId);
    expect(JSON.parse(order!.address_json)).toMatchObject({
      zipCode: '20040002',
      city: 'Rio de Janeiro',
      receiver: 'Carla Dias',
    });
    // Paid at once: the 10% accrual is in the ledger.
    expect((await cashbackEntries(customer.customerId)).map((e) => e.kind)).toEqual(['accrual']);
  });
});
