import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FinishOrderResult } from '../../src/contracts/checkout';
import type { OrderPlan } from '../../src/commerce/orders/finish-repo';
import { ordersRepo } from '../../src/commerce/orders/repo';
import { embeddedCommerce } from '../../src/commerce/embedded';
import { sandboxProviders } from '../../src/commerce/payments/sandbox';
import { PAYMENTS_CONFIG } from '../../src/commerce/payments/sandbox/payments-config';
import { FinishOrderSchema } from '../../src/contracts/checkout';
import { makeApp, seed } from './app-harness';
import {
  buyerCookie,
  CARD,
  cartWith,
  count,
  finish,
  finished,
  orderBody,
  skuWithStock,
  stockOf,
} from './checkout-helpers';

const app = makeApp();

describe('finish-order exactly once', () => {
  beforeAll(() => seed());

  it('the same idempotency key ×10 serially returns one set of orders', async () => {
    const sku = await skuWithStock(20);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    const body = orderBody(
      cartId,
      { paymentMethodId: 1, installmentNumber: 1, ...CARD },
      { idempotencyKey: 'serial-key-0000000001' },
    );
    const ids = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const res = await finish(app, body, buyerCookie(cartId));
      expect(res.status).toBe(200);
      ids.add(((await res.json()) as FinishOrderResult).orderIds.join('-'));
    }
    expect(ids.size).toBe(1);
    expect(await count('orders WHERE cart_id = ?', cartId)).toBe(1);
    expect(await count("payments WHERE idempotency_key = 'serial-key-0000000001'")).toBe(1);
    expect(await stockOf(sku.id)).toBe(19);
  });

  it('the same key ×10 concurrently (also via the Idempotency-Key header) returns one set of orders, every token valid', async () => {
    for (const via of ['body', 'header'] as const) {
      const sku = await skuWithStock(20);
      const cartId = await cartWith([{ sku: sku.id, amount: 2 }]);
      const key = `concurrent-${via}-0000000001`;
      const body = orderBody(cartId, { paymentMethodId: 47 }, via === 'body' ? { idempotencyKey: key } : {});
      const responses = await Promise.all(
        Array.from({ length: 10 }, () =>
          finish(app, body, { ...buyerCookie(cartId), ...(via === 'header' ? { 'Idempotency-Key': key } : {}) }),
        ),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
      const results = (await Promise.all(responses.map((r) => r.json()))) as FinishOrderResult[];
      expect(new Set(results.map((r) => r.orderIds.join('-'))).size).toBe(1);
      expect(await count('orders WHERE cart_id = ?', cartId)).toBe(1);
      expect(await count('payments WHERE idempotency_key = ?', key)).toBe(1);
      expect(await stockOf(sku.id)).toBe(18);
      for (const r of results) {
        const open = await app.request(
          `/api/order-confirmation?orderIds=${r.orderIds.join('-')}&token=${encodeURIComponent(r.token)}`,
        );
        expect(open.status).toBe(200);
      }
    }
  }, 60_000);

  it('a twin of the key that read "no order yet" just before the first committed answers its orders, not "closed"', async () => {
    const sku = await skuWithStock(5);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    const key = 'late-twin-key-00000001';
    const body = FinishOrderSchema.parse(orderBody(cartId, { paymentMethodId: 47 }, { idempotencyKey: key }));
    const first = await finished(app, body, buyerCookie(cartId));
    // The twin's first look for the key ran before that commit (answers none); everything after sees it.
    let stale = true;
    const lateDb = new Proxy(env.DB, {
      get(db, name) {
        if (name !== 'prepare') return (Reflect.get(db, name) as (...a: unknown[]) => unknown).bind(db);
        return (sql: string) => {
          if (!stale || !sql.includes('FROM orders WHERE idempotency_key = ?')) return db.prepare(sql);
          stale = false;
          const none = { bind: () => none, all: async () => ({ results: [] }) };
          return none;
        };
      },
    });
    const twin = embeddedCommerce(lateDb, {
      maxItemAmount: 10,
      token: null,
      providers: sandboxProviders(env.DB, PAYMENTS_CONFIG),
    });
    const again = await twin.finishOrder(body, { idempotencyKey: key, cartCookie: cartId });
    expect(stale).toBe(false);
    expect(again.orderIds).toEqual(first.orderIds);
    expect(await count('orders WHERE cart_id = ?', cartId)).toBe(1);
    expect(await count('payments WHERE idempotency_key = ?', key)).toBe(1);
  });

  it('without a key, retries of the same cart return the same orders (the cart id is the default key)', async () => {
    const sku = await skuWithStock(5);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    const body = orderBody(cartId, { paymentMethodId: 47 });
    const results = (await Promise.all(
      Array.from({ length: 5 }, async () => (await finish(app, body, buyerCookie(cartId))).json()),
    )) as FinishOrderResult[];
    expect(new Set(results.map((r) => r.orderIds.join('-'))).size).toBe(1);
    expect(await count('orders WHERE cart_id = ?', cartId)).toBe(1);
  });

  it('stock 1 and 20 carts finishing at once: exactly one order, stock never below 0 (20 runs)', async () => {
    const statuses = new Map<number, number>();
    for (let run = 0; run < 20; run++) {
      const sku = await skuWithStock(1);
      const carts = await Promise.all(Array.from({ length: 20 }, () => cartWith([{ sku: sku.id, amount: 1 }])));
      const responses = await Promise.all(
        carts.map((cartId) => finish(app, orderBody(cartId, { paymentMethodId: 47 }))),
      );
      for (const r of responses) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
      expect(responses.filter((r) => r.status === 409)).toHaveLength(19);
      expect(await stockOf(sku.id)).toBe(0);
      expect(await count(`orders o JOIN order_items i ON i.order_id = o.id WHERE i.product_item_id = ?`, sku.id)).toBe(
        1,
      );
      // The 19 losers left nothing behind: their carts stay open, with no order and no payment.
      expect(await count(`carts WHERE id IN (${carts.map(() => '?').join(',')}) AND status = 'open'`, ...carts)).toBe(
        19,
      );
    }
    expect(statuses.get(200)).toBe(20);
    expect(await count('stock WHERE quantity < 0')).toBe(0);
  }, 300_000);

  it('a guard failing late in the batch leaves no half order: no payment, no order, no line, no stock change', async () => {
    const a = await skuWithStock(5);
    const b = await skuWithStock(1);
    const cartId = await cartWith([
      { sku: a.id, amount: 2 },
      { sku: b.id, amount: 2 },
    ]);
    const now = new Date().toISOString();
    const item = (sku: number, amount: number) => ({
      productItemId: sku,
      stockStoreId: 1,
      productId: 1,
      sku: `SKU${sku}`,
      slug: 's',
      name: 'n',
      size: 'M',
      color: 'c',
      photo: null,
      amount,
      listPrice: 1000,
      unitPrice: 1000,
      gift: false,
      preSale: false,
    });
    const plan: OrderPlan = {
      key: 'half-order-key-000001',
      cartId,
      payment: {
        insert: {
          methodId: 47,
          provider: 'pix',
          status: 'pending',
          amount: 4000,
          installments: 1,
          charged: 4000,
          cardBrand: null,
          cardLast4: null,
          reference: 'VTRHALFORDER0000000000001',
          chargeId: null,
          pixPayload: null,
          pixTxid: null,
          boletoLine: null,
          boletoBarcode: null,
          actionUrl: null,
          expiresAt: null,
          paidAt: null,
        },
      },
      orders: [
        {
          store: 'fabrica',
          storeId: 1,
          status: 'pending',
          customerId: null,
          email: 'a@b.com',
          name: 'Nome',
          cpf: '52998224725',
          phone: null,
          methodId: 47,
          installments: 1,
          subtotal: 4000,
          discount: 0,
          shipping: 0,
          cashback: 0,
          total: 4000,
          cashbackEarned: 0,
          couponCode: null,
          sellerCode: null,
          affiliateSiteId: null,
          hasPreSale: false,
          address: null,
          addressId: null,
          shippingOption: '{}',
          pickup: false,
          userAgent: null,
          expiresAt: null,
          paidAt: null,
          // The second line asks for 2 of a SKU with 1 left: the stock CHECK fails after everything else ran.
          items: [item(a.id, 2), item(b.id, 2)],
        },
      ],
      tokenHash: 'f'.repeat(64),
      tokenExpiresAt: now,
      now,
    };
    const before = {
      payments: await count('payments'),
      orders: await count('orders'),
      items: await count('order_items'),
      events: await count('order_events'),
    };
    await expect(ordersRepo(env.DB).finish(plan)).rejects.toThrow(/CHECK constraint failed/);
    expect({
      payments: await count('payments'),
      orders: await count('orders'),
      items: await count('order_items'),
      events: await count('order_events'),
    }).toEqual(before);
    expect(await stockOf(a.id)).toBe(5);
    expect(await stockOf(b.id)).toBe(1);
    expect(await count("carts WHERE id = ? AND status = 'open'", cartId)).toBe(1);
  });
});
