import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BAG_CHANGED, BAG_CHANGED_PROBLEM, type FinishOrderResult } from '../../src/contracts/checkout';
import type { Bindings } from '../../src/env';
import { bagFingerprint } from '../../src/lib/checkout/reviewed-bag';
import { forwardTo, makeApp, sameOriginJson, seed, UPSTREAM } from './app-harness';
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
import { RedeFake } from './providers/fakes/rede-fake';
import { REDE_VARS } from './providers/live-helpers';

/**
 * Finish-order carries what the shopper reviewed (total and lines); a bag changed since (another tab)
 * is refused with 409 before any provider is called: no payment, no order, stock as it was.
 * The PAC option of `orderBody` is priced by the server's quote: R$ 15,90 on top of the goods.
 */
const PAC = 1590;
const app = makeApp();

const fingerprint = (lines: { sku: number; amount: number }[]) =>
  bagFingerprint(lines.map((l) => ({ id_item_product: l.sku, amount: l.amount })));
const setAmount = (cartId: string, sku: number, amount: number) =>
  env.DB.prepare('UPDATE cart_items SET amount = ? WHERE cart_id = ? AND product_item_id = ?')
    .bind(amount, cartId, sku)
    .run();
const orderTotal = async (cartId: string) =>
  (await env.DB.prepare('SELECT sum(total_cents) AS t FROM orders WHERE cart_id = ?')
    .bind(cartId)
    .first<{ t: number }>())!.t;

interface Refusal {
  code: string;
  error: string;
  title: string;
  reason: string;
  total: number;
  lines: string;
}

describe('finish-order: the bag the shopper reviewed', () => {
  beforeAll(() => seed());

  it('card: +2 units in another tab after Revisão is a 409 (no payment, no order, stock kept); the new total then orders', async () => {
    const sku = await skuWithStock(10);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    const reviewed = { total: sku.price + PAC, lines: fingerprint([{ sku: sku.id, amount: 1 }]) };
    await setAmount(cartId, sku.id, 3);
    const payments = await count('payments');

    const res = await finish(
      app,
      orderBody(cartId, { paymentMethodId: 1, installmentNumber: 1, ...CARD }, { reviewed }),
      buyerCookie(cartId),
    );
    expect(res.status).toBe(409);
    const body = (await res.json()) as Refusal;
    expect(body).toMatchObject({
      code: 'CONFLICT',
      reason: BAG_CHANGED,
      error: BAG_CHANGED_PROBLEM.message,
      title: BAG_CHANGED_PROBLEM.title,
    });
    expect(body.total).toBe(3 * sku.price + PAC);
    expect(body.lines).toBe(fingerprint([{ sku: sku.id, amount: 3 }]));
    expect(await count('orders WHERE cart_id = ?', cartId)).toBe(0);
    expect(await count('payments')).toBe(payments);
    expect(await stockOf(sku.id)).toBe(10);
    expect(await count("carts WHERE id = ? AND status = 'open'", cartId)).toBe(1);

    // The shopper confirms the new total: a new attempt orders the 3 units.
    const ok = await finished(
      app,
      orderBody(
        cartId,
        { paymentMethodId: 1, installmentNumber: 1, ...CARD },
        { reviewed: { total: body.total, lines: body.lines } },
      ),
      buyerCookie(cartId),
    );
    expect(ok.total).toBe(3 * sku.price + PAC);
    expect(await orderTotal(cartId)).toBe(3 * sku.price + PAC);
    expect(await stockOf(sku.id)).toBe(7);
  });

  it('boleto: a line removed in another tab is a 409; the same lines with the total reviewed order', async () => {
    const a = await skuWithStock(5);
    const b = await skuWithStock(5);
    const cartId = await cartWith([
      { sku: a.id, amount: 1 },
      { sku: b.id, amount: 1 },
    ]);
    const reviewed = {
      total: a.price + b.price + PAC,
      lines: fingerprint([
        { sku: b.id, amount: 1 },
        { sku: a.id, amount: 1 },
      ]),
    };
    await env.DB.prepare('DELETE FROM cart_items WHERE cart_id = ? AND product_item_id = ?').bind(cartId, b.id).run();
    const res = await finish(app, orderBody(cartId, { paymentMethodId: 6 }, { reviewed }), buyerCookie(cartId));
    expect(res.status).toBe(409);
    expect(((await res.json()) as Refusal).total).toBe(a.price + PAC);
    expect(await count('orders WHERE cart_id = ?', cartId)).toBe(0);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([5, 5]);

    // Back as reviewed (order of the lines does not matter): it orders.
    await env.DB.prepare('INSERT INTO cart_items (cart_id, product_item_id, amount) VALUES (?, ?, 1)')
      .bind(cartId, b.id)
      .run();
    const ok = await finished(app, orderBody(cartId, { paymentMethodId: 6 }, { reviewed }), buyerCookie(cartId));
    expect(ok.total).toBe(a.price + b.price + PAC);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([4, 4]);
  });

  it('the lines are compared too: the same total with other lines is refused; the total alone (no lines) is enough when it matches', async () => {
    const sku = await skuWithStock(5);
    const cartId = await cartWith([{ sku: sku.id, amount: 2 }]);
    const wrongLines = { total: 2 * sku.price + PAC, lines: fingerprint([{ sku: sku.id, amount: 1 }]) };
    expect(
      (await finish(app, orderBody(cartId, { paymentMethodId: 47 }, { reviewed: wrongLines }), buyerCookie(cartId)))
        .status,
    ).toBe(409);
    expect(await count('orders WHERE cart_id = ?', cartId)).toBe(0);
    const totalOnly = await finished(
      app,
      orderBody(cartId, { paymentMethodId: 47 }, { reviewed: { total: 2 * sku.price + PAC } }),
      buyerCookie(cartId),
    );
    expect(totalOnly.total).toBe(2 * sku.price + PAC);
  });

  it('a malformed reviewed field is a 400, never a 500', async () => {
    const sku = await skuWithStock(5);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    for (const reviewed of [{ total: -1 }, { total: 1.5 }, { total: 10, lines: 'abc' }, { lines: '1x1' }, 'x'])
      expect(
        (await finish(app, orderBody(cartId, { paymentMethodId: 47 }, { reviewed }), buyerCookie(cartId))).status,
      ).toBe(400);
    expect(await count('orders WHERE cart_id = ?', cartId)).toBe(0);
  });

  it('parallel: a bag changed while finish-order runs never yields an order other than the one reviewed', async () => {
    for (let run = 0; run < 12; run++) {
      const sku = await skuWithStock(20);
      const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
      const reviewed = { total: sku.price + PAC, lines: fingerprint([{ sku: sku.id, amount: 1 }]) };
      const [res] = await Promise.all([
        finish(app, orderBody(cartId, { paymentMethodId: 47 }, { reviewed }), buyerCookie(cartId)),
        setAmount(cartId, sku.id, 3),
      ]);
      if (res.status === 200) {
        // It read the bag before the change: the order is exactly the reviewed one (1 unit).
        expect(await orderTotal(cartId)).toBe(sku.price + PAC);
        expect(await stockOf(sku.id)).toBe(19);
        const lines = await env.DB.prepare(
          'SELECT sum(l.amount) AS n FROM order_items l JOIN orders o ON o.id = l.order_id WHERE o.cart_id = ?',
        )
          .bind(cartId)
          .first<{ n: number }>();
        expect(lines!.n).toBe(1);
      } else {
        expect(res.status).toBe(409);
        expect(await count('orders WHERE cart_id = ?', cartId)).toBe(0);
        expect(await stockOf(sku.id)).toBe(20);
      }
    }
  }, 60_000);
});

describe('finish-order with a live card provider: a changed bag never reaches it', () => {
  beforeAll(() => seed());
  let rede: RedeFake;
  afterEach(() => expect(rede.contract.violations).toEqual([]));

  it('409 before Rede is called; the matching total authorises and captures', async () => {
    rede = new RedeFake();
    const live = makeApp({ PAYMENTS_MODE: 'live', ...REDE_VARS } as Partial<Bindings>, {
      paymentsFetch: (r) => rede.fetch(r),
    });
    const sku = await skuWithStock(10);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    await setAmount(cartId, sku.id, 3);
    const body = (reviewed: { total: number }) =>
      orderBody(cartId, { paymentMethodId: 1, installmentNumber: 1, ...CARD }, { reviewed });
    const refused = await live.request('/api/finish-order', sameOriginJson('POST', body({ total: sku.price + PAC })));
    expect(refused.status).toBe(409);
    expect(rede.contract.calls).toEqual([]);
    expect(rede.transactions.size).toBe(0);
    expect(await count('orders WHERE cart_id = ?', cartId)).toBe(0);
    const ok = await live.request('/api/finish-order', sameOriginJson('POST', body({ total: 3 * sku.price + PAC })));
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as FinishOrderResult).total).toBe(3 * sku.price + PAC);
    expect(rede.contract.calls).toContain('transactions.create');
  });
});

describe('finish-order through the upstream adapter', () => {
  beforeAll(() => seed());

  it("forwards `reviewed`; the upstream's 409 BAG_CHANGED reaches the shopper with its new total and lines", async () => {
    const proxy = makeApp({ COMMERCE_API_URL: UPSTREAM }, { upstreamFetch: forwardTo(app) });
    const sku = await skuWithStock(5);
    const cartId = await cartWith([{ sku: sku.id, amount: 2 }]);
    const res = await proxy.request(
      '/api/finish-order',
      sameOriginJson(
        'POST',
        orderBody(cartId, { paymentMethodId: 47 }, { reviewed: { total: sku.price + PAC } }),
        buyerCookie(cartId),
      ),
    );
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      reason: BAG_CHANGED,
      total: 2 * sku.price + PAC,
      lines: fingerprint([{ sku: sku.id, amount: 2 }]),
      title: BAG_CHANGED_PROBLEM.title,
    });
    expect(await count('orders WHERE cart_id = ?', cartId)).toBe(0);
  });
});
