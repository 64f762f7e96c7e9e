import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { promotionsRepo } from '../../src/commerce/promotions/repo';
import { PROMOTION_MESSAGES as M } from '../../src/lib/messages/promotions';
import { newCartWith, cartOf, cartRow, cookiesOf, errorOf, getCart, lineRows, post, skus } from './cart-helpers';
import { cartWith, finished, orderBody, orderRowStatements, ordersOfKey, skuWithStock } from './checkout-helpers';
import { createCustomerSession, makeApp, seed } from './app-harness';

const app = makeApp({ CART_MAX_ITEM_AMOUNT: '999' });
const apply = (cartId: string, coupon: unknown, cookie?: string) =>
  post(app, '/api/coupon/discount', { coupon, shoppingCart: cartId, agent: null, applicationId: null }, cookie);
const seller = (cartId: string, coupon: unknown, cookie?: string) =>
  post(app, '/api/coupon/seller-coupon', { coupon, shoppingCart: cartId }, cookie);

describe('coupons (POST /api/coupon/discount)', () => {
  beforeAll(() => seed());

  it('the coupon the promotion bar advertises (parameter coupon_code_promotion) applies', async () => {
    const code = await env.DB.prepare("SELECT value FROM parameters WHERE key = 'coupon_code_promotion'").first<string>(
      'value',
    );
    expect(code).toBeTruthy();
    const [a] = await skus(1);
    const filled = await newCartWith(app, [a!]);
    const cart = await cartOf(await apply(filled.hash, code));
    expect(cart.coupon?.code).toBe(code);
    expect(cart.discount).toBeGreaterThan(0);
  });

  it('applies a percentage coupon, case-insensitively, rounding down to the cent', async () => {
    const [a, b] = await skus(2);
    const filled = await newCartWith(app, [a!, b!]);
    const res = await apply(filled.hash, ' bemvindo10 ');
    const body = (await res.clone().json()) as { cantApply: unknown; error: unknown };
    const cart = await cartOf(res);
    const subtotal = a!.price + b!.price;
    expect(cart.subtotal).toBe(subtotal);
    expect(cart.coupon).toEqual({
      code: 'BEMVINDO10',
      discount: Math.floor(subtotal / 10),
      freeNormalShipping: false,
      freeExpressShipping: false,
    });
    expect(cart.discount).toBe(Math.floor(subtotal / 10));
    expect(cart.total).toBe(subtotal - Math.floor(subtotal / 10));
    expect(body.cantApply).toBeNull();
    expect(body.error).toBeNull();
    expect(cookiesOf(res)).toEqual({
      free_normal_shipping_coupon: 'false',
      free_express_shipping_coupon: 'false',
      free_normal_shipping_seller: 'false',
      free_express_shipping_seller: 'false',
    });
    // The seller/coupon flags are read by the page's scripts (not HttpOnly); the D1 bookmark is not one of them.
    const flags = res.headers.getSetCookie().filter((c) => !c.startsWith('d1_bookmark='));
    expect(flags.every((c) => /Path=\//.test(c) && /SameSite=Strict/.test(c) && !/HttpOnly/.test(c))).toBe(true);
  });

  it.each([[''], ['   '], [null], [undefined]])('answers the empty-coupon message for %j', async (coupon) => {
    const filled = await newCartWith(app, await skus(1));
    const before = await cartRow(filled.hash);
    const body = await errorOf(await apply(filled.hash, coupon), 400);
    expect(body).toMatchObject({ title: 'Cupom inválido!', error: 'Esse cupom está vazio!' });
    expect(await cartRow(filled.hash)).toEqual(before);
  });

  it.each([['NAOEXISTE'], ['ESGOTADO'], ['EXPIRADO'], ['X'.repeat(150)]])(
    'refuses %s with the invalid-or-used message',
    async (code) => {
      const filled = await newCartWith(app, await skus(1));
      const before = await cartRow(filled.hash);
      const body = await errorOf(await apply(filled.hash, code), 422);
      expect(body).toEqual({
        code: 'UNPROCESSABLE',
        title: 'Cupom inválido!',
        error: 'Cupom já utilizado ou inválido para esse pedido. Não é possível aplicá-lo',
      });
      expect(await cartRow(filled.hash)).toEqual(before);
    },
  );

  it('refuses a coupon not yet valid', async () => {
    await env.DB.prepare(
      "INSERT INTO coupons (code, kind, value, starts_at) VALUES ('FUTURO', 'percentage', 5, '2999-01-01T00:00:00.000Z')",
    ).run();
    const filled = await newCartWith(app, await skus(1));
    expect((await errorOf(await apply(filled.hash, 'FUTURO'), 422)).error).toBe(M.couponInvalid);
  });

  it.each([
    ['a number coupon', { coupon: 10, shoppingCart: 'x'.repeat(20) }],
    ['a missing cart', { coupon: 'BEMVINDO10' }],
    ['a malformed cart id', { coupon: 'BEMVINDO10', shoppingCart: 'curto' }],
    ['an object coupon', { coupon: { code: 'BEMVINDO10' }, shoppingCart: 'x'.repeat(20) }],
  ])('answers 400 in Portuguese for %s', async (_name, body) => {
    const res = await post(app, '/api/coupon/discount', body);
    const error = await errorOf(res, 400);
    expect(error.code).toBe('VALIDATION');
    expect(error.error).toMatch(/[áãçéíóúâêô]|inválid/i);
  });

  it('answers 400 for a body that is not JSON and 404 for an unknown cart', async () => {
    expect((await errorOf(await post(app, '/api/coupon/discount', '{coupon:'), 400)).code).toBe('VALIDATION');
    expect((await errorOf(await apply('desconhecido00000000000', 'BEMVINDO10'), 404)).error).toBe(
      'Sacola não encontrada.',
    );
  });

  it('refuses a coupon on an empty cart', async () => {
    const filled = await newCartWith(app, await skus(1));
    await post(app, '/api/cart', { itemId: filled.items[0]!.cartItemId, cartId: filled.hash }, undefined, 'DELETE');
    expect((await errorOf(await apply(filled.hash, 'BEMVINDO10'), 422)).error).toBe(M.couponInvalid);
  });

  it('gives free normal or express shipping and sets its cookie', async () => {
    const filled = await newCartWith(app, await skus(1));
    const normal = await apply(filled.hash, 'FRETEGRATIS');
    const cart = await cartOf(normal);
    expect(cart).toMatchObject({ freeNormalShipping: true, freeExpressShipping: false, discount: 0 });
    expect(cookiesOf(normal)).toMatchObject({
      free_normal_shipping_coupon: 'true',
      free_express_shipping_coupon: 'false',
    });
    const express = await apply(filled.hash, 'FRETEEXPRESSA');
    expect(await cartOf(express)).toMatchObject({
      freeNormalShipping: false,
      freeExpressShipping: true,
      coupon: { code: 'FRETEEXPRESSA' },
    });
    expect(cookiesOf(express)).toMatchObject({
      free_normal_shipping_coupon: 'false',
      free_express_shipping_coupon: 'true',
    });
  });

  it('puts the gift in the cart with its modal, and takes it out with the coupon', async () => {
    const filled = await newCartWith(app, await skus(1));
    const cart = await cartOf(await apply(filled.hash, 'BRINDEVERAO'));
    const gift = cart.items.find((i) => i.product.gift);
    expect(gift).toMatchObject({ price: 0, amount: 1, product: { gift_coupon: 'BRINDEVERAO' } });
    expect(cart.modal_gift).toEqual({
      title: 'Você ganhou um brinde!',
      message: expect.stringContaining('Necessaire Brinde Verão'),
    });
    expect(cart.subtotal).toBe(filled.subtotal);
    // Applying it again does not add a second gift.
    expect((await cartOf(await apply(filled.hash, 'BRINDEVERAO'))).items.filter((i) => i.product.gift)).toHaveLength(1);
    // Switching coupons removes the gift.
    const switched = await cartOf(await apply(filled.hash, 'BEMVINDO10'));
    expect(switched.items.some((i) => i.product.gift)).toBe(false);
    expect(switched.modal_gift).toBeNull();
    await cartOf(await apply(filled.hash, 'BRINDEVERAO'));
    const removed = await cartOf(await post(app, '/api/coupon/remove-coupon-discount', { shoppingCart: filled.hash }));
    expect(removed.items.some((i) => i.product.gift)).toBe(false);
    expect(removed.coupon).toBeNull();
  });

  describe('CLIENTEVIP (R$ 50 off above R$ 300, login, once per customer)', () => {
    it('asks a visitor to log in with 403 LOGIN_REQUIRED', async () => {
      const filled = await newCartWith(app, await skus(1, { minPrice: 30_000 }));
      const body = await errorOf(await apply(filled.hash, 'CLIENTEVIP'), 403);
      expect(body).toEqual({ code: 'LOGIN_REQUIRED', error: 'Faça login no site para poder utilizar este cupom!' });
    });

    it('refuses below the minimum subtotal and applies above it', async () => {
      const { cookie } = await createCustomerSession();
      const small = await newCartWith(app, await skus(1, { maxPrice: 29_999 }), 1, cookie);
      expect((await errorOf(await apply(small.hash, 'CLIENTEVIP', cookie), 422)).error).toBe(M.couponInvalid);
      const filled = await newCartWith(app, await skus(1, { minPrice: 30_000 }), 1, cookie);
      const cart = await cartOf(await apply(filled.hash, 'CLIENTEVIP', cookie));
      expect(cart.coupon?.discount).toBe(5000);
      expect(cart.total).toBe(cart.subtotal - 5000);
    });

    it('is used once per customer: a used coupon, or one held by another cart, is refused', async () => {
      const { cookie, customerId } = await createCustomerSession();
      const items = await skus(1, { minPrice: 30_000 });
      const first = await newCartWith(app, items, 1, cookie);
      await cartOf(await apply(first.hash, 'CLIENTEVIP', cookie));
      const second = await newCartWith(app, items, 1, cookie);
      expect((await errorOf(await apply(second.hash, 'CLIENTEVIP', cookie), 422)).error).toBe(M.couponInvalid);
      // Freed by removal, then spent by an order: still refused.
      await cartOf(await post(app, '/api/coupon/remove-coupons', { shoppingCart: first.hash }, cookie));
      await env.DB.prepare("INSERT INTO coupon_uses (coupon_id, customer_id, order_id) VALUES (5, ?, 'pedido-1')")
        .bind(customerId)
        .run();
      expect((await errorOf(await apply(second.hash, 'CLIENTEVIP', cookie), 422)).error).toBe(M.couponInvalid);
    });

    it('stops applying when the customer signs out', async () => {
      const { cookie } = await createCustomerSession();
      const filled = await newCartWith(app, await skus(1, { minPrice: 30_000 }));
      await cartOf(await apply(filled.hash, 'CLIENTEVIP', cookie));
      const anonymous = await cartOf(await getCart(app, filled.hash));
      expect(anonymous.coupon).toBeNull();
      expect(anonymous.discount).toBe(0);
    });
  });

  describe('PRAIA15 (restricted to Moda Praia)', () => {
    it('answers cantApply with the products that restrict it, leaving the cart unchanged', async () => {
      const [praia] = await skus(1, { under: 'moda-praia' });
      const [other] = await skus(1, { notUnder: 'moda-praia' });
      const filled = await newCartWith(app, [praia!, other!]);
      const before = await cartRow(filled.hash);
      const body = await errorOf(await apply(filled.hash, 'PRAIA15'), 422);
      expect(body).toEqual({
        code: 'UNPROCESSABLE',
        title: 'Cupom Restrito!',
        error: 'Não é possível aplicá-lo!',
        cantApply: { status: true, products: [other!.name] },
      });
      expect(await cartRow(filled.hash)).toEqual(before);
    });

    it('applies 15% to a cart of Moda Praia products', async () => {
      const items = await skus(2, { under: 'moda-praia' });
      const filled = await newCartWith(app, items);
      const cart = await cartOf(await apply(filled.hash, 'PRAIA15'));
      expect(cart.discount).toBe(Math.floor((filled.subtotal * 15) / 100));
    });
  });
});

describe('seller codes (POST /api/coupon/seller-coupon)', () => {
  beforeAll(() => seed());

  it('takes 10% and names the seller; MARIANA10 also gives free normal shipping', async () => {
    const filled = await newCartWith(app, await skus(2));
    const res = await seller(filled.hash, 'mariana10');
    const cart = await cartOf(res);
    expect(cart.seller).toEqual({
      code: 'MARIANA10',
      name: 'Mariana Alves',
      discount: Math.floor(filled.subtotal / 10),
      freeNormalShipping: true,
      freeExpressShipping: false,
    });
    expect(cart.freeNormalShipping).toBe(true);
    expect(cookiesOf(res)).toMatchObject({
      free_normal_shipping_seller: 'true',
      free_express_shipping_seller: 'false',
      free_normal_shipping_coupon: 'false',
    });
    const joao = await cartOf(await seller(filled.hash, 'JOAO10'));
    expect(joao.seller).toMatchObject({ code: 'JOAO10', name: 'João Ribeiro', freeNormalShipping: false });
    expect(joao.freeNormalShipping).toBe(false);
  });

  it('stacks with a coupon: the seller rate applies to what is left after the coupon', async () => {
    const filled = await newCartWith(app, await skus(2));
    await cartOf(await apply(filled.hash, 'BEMVINDO10'));
    const cart = await cartOf(await seller(filled.hash, 'JOAO10'));
    const coupon = Math.floor(filled.subtotal / 10);
    const sellerOff = Math.floor((filled.subtotal - coupon) / 10);
    expect(cart.discount).toBe(coupon + sellerOff);
    expect(cart.total).toBe(filled.subtotal - coupon - sellerOff);
  });

  it.each([[''], ['  '], [null]])('answers the empty seller-code message for %j', async (code) => {
    const filled = await newCartWith(app, await skus(1));
    expect(await errorOf(await seller(filled.hash, code), 400)).toMatchObject({
      title: 'Código do vendedor inválido!',
      error: 'Esse cupom está vazio',
    });
  });

  it('refuses an unknown code, an inactive seller and an empty cart', async () => {
    const filled = await newCartWith(app, await skus(1));
    const before = await cartRow(filled.hash);
    const unknown = await errorOf(await seller(filled.hash, 'NINGUEM10'), 422);
    expect(unknown).toMatchObject({
      title: 'Código do vendedor inválido!',
      error: 'Código do vendedor já utilizado ou inválido para esse pedido. Não é possível aplicá-lo!',
    });
    await env.DB.prepare("INSERT INTO sellers (code, name, active) VALUES ('INATIVO10', 'Ex', 0)").run();
    expect((await errorOf(await seller(filled.hash, 'INATIVO10'), 422)).error).toBe(M.sellerInvalid);
    expect(await cartRow(filled.hash)).toEqual(before);
    await post(app, '/api/cart', { itemId: filled.items[0]!.cartItemId, cartId: filled.hash }, undefined, 'DELETE');
    expect((await errorOf(await seller(filled.hash, 'JOAO10'), 422)).error).toBe(M.sellerInvalid);
  });

  it('does not let a seller attribute their own purchase', async () => {
    const { cookie, customerId } = await createCustomerSession();
    await env.DB.prepare("INSERT INTO sellers (code, name, customer_id) VALUES ('PROPRIO10', 'Vendedora', ?)")
      .bind(customerId)
      .run();
    const filled = await newCartWith(app, await skus(1), 1, cookie);
    expect((await errorOf(await seller(filled.hash, 'PROPRIO10', cookie), 422)).error).toBe(M.sellerInvalid);
  });
});

describe('removing and reprocessing', () => {
  let filled: { hash: string; subtotal: number };
  beforeAll(() => seed());
  beforeEach(async () => {
    filled = await newCartWith(app, await skus(2));
    await cartOf(await apply(filled.hash, 'FRETEGRATIS'));
    await cartOf(await seller(filled.hash, 'MARIANA10'));
  });

  it('remove-coupon-discount keeps the seller code; remove-coupon-seller keeps the coupon; remove-coupons clears both', async () => {
    const a = await post(app, '/api/coupon/remove-coupon-discount', { shoppingCart: filled.hash });
    expect(await cartOf(a)).toMatchObject({ coupon: null, seller: { code: 'MARIANA10' } });
    expect(cookiesOf(a)).toMatchObject({ free_normal_shipping_coupon: 'false', free_normal_shipping_seller: 'true' });
    await cartOf(await apply(filled.hash, 'FRETEGRATIS'));
    expect(
      await cartOf(await post(app, '/api/coupon/remove-coupon-seller', { shoppingCart: filled.hash })),
    ).toMatchObject({ coupon: { code: 'FRETEGRATIS' }, seller: null });
    await cartOf(await seller(filled.hash, 'MARIANA10'));
    const all = await post(app, '/api/coupon/remove-coupons', { shoppingCart: filled.hash });
    expect(await cartOf(all)).toMatchObject({ coupon: null, seller: null, discount: 0, freeNormalShipping: false });
    expect(Object.values(cookiesOf(all))).toEqual(['false', 'false', 'false', 'false']);
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM coupon_reservations WHERE cart_id = ?')
        .bind(filled.hash)
        .first('n'),
    ).toBe(0);
  });

  it.each(['/api/coupon/remove-coupons', '/api/coupon/remove-coupon-discount', '/api/coupon/remove-coupon-seller'])(
    '%s answers the removal-failure message for an unknown cart and 400 for bad input',
    async (path) => {
      const body = await errorOf(await post(app, path, { shoppingCart: 'naoexiste0000000000000' }), 404);
      expect(body).toMatchObject({
        title: 'Cupom inválido!',
        error: 'Tivemos um problema ao remover seu cupom, tente novamente.',
      });
      await errorOf(await post(app, path, { shoppingCart: 42 }), 400);
      await errorOf(await post(app, path, 'nope'), 400);
    },
  );

  it('reprocess keeps what still applies and removes what no longer does', async () => {
    const kept = await cartOf(await post(app, '/api/coupon/reprocess', { shoppingCart: filled.hash }));
    expect(kept).toMatchObject({ coupon: { code: 'FRETEGRATIS' }, seller: { code: 'MARIANA10' } });
    await env.DB.batch([
      env.DB.prepare("UPDATE coupons SET ends_at = '2000-01-01T00:00:00.000Z' WHERE code = 'FRETEGRATIS'"),
      env.DB.prepare("UPDATE sellers SET active = 0 WHERE code = 'MARIANA10'"),
    ]);
    try {
      const res = await post(app, '/api/coupon/reprocess', { shoppingCart: filled.hash });
      expect(await cartOf(res)).toMatchObject({ coupon: null, seller: null, freeNormalShipping: false });
      expect(cookiesOf(res)).toMatchObject({
        free_normal_shipping_coupon: 'false',
        free_normal_shipping_seller: 'false',
      });
      expect(await cartRow(filled.hash)).toMatchObject({ coupon_code: null, seller_code: null });
    } finally {
      await env.DB.batch([
        env.DB.prepare("UPDATE coupons SET ends_at = NULL WHERE code = 'FRETEGRATIS'"),
        env.DB.prepare("UPDATE sellers SET active = 1 WHERE code = 'MARIANA10'"),
      ]);
    }
  });

  it('GET /api/cart?reprocess=true removes a coupon whose minimum the cart no longer reaches', async () => {
    await env.DB.prepare(
      "INSERT INTO coupons (code, kind, value, min_subtotal_cents) VALUES ('MINIMO', 'fixed', 1000, ?)",
    )
      .bind(filled.subtotal)
      .run();
    const cart = await cartOf(await apply(filled.hash, 'MINIMO'));
    expect(cart.coupon?.discount).toBe(1000);
    await post(app, '/api/cart', { itemId: cart.items[0]!.cartItemId, cartId: filled.hash }, undefined, 'DELETE');
    // A plain fetch no longer counts it; the reprocess fetch removes it.
    expect((await cartOf(await getCart(app, filled.hash))).coupon).toBeNull();
    expect((await cartRow(filled.hash))?.coupon_code).toBe('MINIMO');
    await cartOf(await getCart(app, filled.hash, undefined, '&reprocess=true'));
    expect((await cartRow(filled.hash))?.coupon_code).toBeNull();
  });

  it('answers 404 for an unknown cart', async () => {
    expect(
      (await errorOf(await post(app, '/api/coupon/reprocess', { shoppingCart: 'naoexiste0000000000000' }), 404)).error,
    ).toBe('Sacola não encontrada.');
  });
});

describe('a coupon with a usage limit under concurrency', () => {
  beforeAll(() => seed());

  it('30 carts applying a coupon limited to 5 at once: exactly 5 succeed', async () => {
    await env.DB.prepare(
      "INSERT INTO coupons (code, kind, value, usage_limit) VALUES ('LIMITE5', 'percentage', 10, 5)",
    ).run();
    const items = await skus(1);
    const carts = await Promise.all(Array.from({ length: 30 }, () => newCartWith(app, items)));
    const results = await Promise.all(carts.map((b) => apply(b.hash, 'LIMITE5')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 422)).toHaveLength(25);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM carts WHERE coupon_code = 'LIMITE5'").first('n')).toBe(5);
    expect(
      await env.DB.prepare(
        "SELECT count(*) AS n FROM coupon_reservations r JOIN coupons c ON c.id = r.coupon_id WHERE c.code = 'LIMITE5'",
      ).first('n'),
    ).toBe(5);
    // A cart that holds it re-applies it freely; removing it frees a use for another cart.
    const holder = carts[results.findIndex((r) => r.status === 200)]!;
    await cartOf(await apply(holder.hash, 'LIMITE5'));
    const waiting = carts[results.findIndex((r) => r.status === 422)]!;
    await cartOf(await post(app, '/api/coupon/remove-coupon-discount', { shoppingCart: holder.hash }));
    await cartOf(await apply(waiting.hash, 'LIMITE5'));
    await errorOf(await apply(holder.hash, 'LIMITE5'), 422);
  });

  it('an expired reservation no longer holds a use', async () => {
    await env.DB.prepare(
      "INSERT INTO coupons (code, kind, value, usage_limit) VALUES ('LIMITE1', 'percentage', 10, 1)",
    ).run();
    const items = await skus(1);
    const [a, b] = [await newCartWith(app, items), await newCartWith(app, items)];
    await cartOf(await apply(a.hash, 'LIMITE1'));
    await errorOf(await apply(b.hash, 'LIMITE1'), 422);
    await env.DB.prepare("UPDATE coupon_reservations SET expires_at = '2000-01-01T00:00:00.000Z' WHERE cart_id = ?")
      .bind(a.hash)
      .run();
    await cartOf(await apply(b.hash, 'LIMITE1'));
    // The first cart's reprocess cannot hold it again: the coupon leaves that cart.
    expect((await cartOf(await post(app, '/api/coupon/reprocess', { shoppingCart: a.hash }))).coupon).toBeNull();
    expect(await lineRows(a.hash)).toHaveLength(1);
  });
});

describe("spending a coupon at checkout (the promotions repo's useStatements, in the order's batch)", () => {
  beforeAll(() => seed());
  const uses = promotionsRepo(env.DB);
  const couponId = async (code: string) =>
    (await env.DB.prepare('SELECT id FROM coupons WHERE code = ?').bind(code).first<number>('id'))!;
  const key = (name: string) => `checkout-${name}-0000000000`;

  it('counts one use, records it, frees the reservation; past the limit the whole batch aborts', async () => {
    await env.DB.prepare(
      "INSERT INTO coupons (code, kind, value, usage_limit) VALUES ('UMAVEZ', 'percentage', 10, 1)",
    ).run();
    const id = await couponId('UMAVEZ');
    const items = await skus(1);
    const [a, b] = [await newCartWith(app, items), await newCartWith(app, items)];
    await cartOf(await apply(a.hash, 'UMAVEZ'));
    const order = (name: string, cartId: string) => [
      ...orderRowStatements(key(name), { cartId }),
      ...uses.useStatements({ couponId: id, customerId: null, key: key(name), cartId }),
    ];
    await env.DB.batch(order('order-a', a.hash));
    expect(await env.DB.prepare("SELECT used FROM coupons WHERE code = 'UMAVEZ'").first('used')).toBe(1);
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM coupon_reservations WHERE cart_id = ?').bind(a.hash).first('n'),
    ).toBe(0);
    // Recorded against the checkout's order.
    expect(
      await env.DB.prepare('SELECT order_id FROM coupon_uses WHERE coupon_id = ?').bind(id).first('order_id'),
    ).toBe(
      String(await env.DB.prepare('SELECT id FROM orders WHERE idempotency_key = ?').bind(key('order-a')).first('id')),
    );
    // Cart b got the coupon on its row while the limit was free (as if its reservation expired meanwhile).
    await env.DB.prepare("UPDATE carts SET coupon_code = 'UMAVEZ' WHERE id = ?").bind(b.hash).run();
    await expect(env.DB.batch(order('order-b', b.hash))).rejects.toThrow(/CHECK/);
    expect(await ordersOfKey(key('order-b'))).toBe(0);
  });

  it('refuses a second use by the same customer, and does nothing for a cart without coupon', async () => {
    const { customerId, cookie } = await createCustomerSession();
    const items = await skus(1, { minPrice: 30_000 });
    const filled = await newCartWith(app, items, 1, cookie);
    await cartOf(await apply(filled.hash, 'CLIENTEVIP', cookie));
    const id = await couponId('CLIENTEVIP');
    const order = (name: string) => [
      ...orderRowStatements(key(name), { cartId: filled.hash, customerId }),
      ...uses.useStatements({ couponId: id, customerId, key: key(name), cartId: filled.hash }),
    ];
    await env.DB.batch(order('vip-1'));
    await expect(env.DB.batch(order('vip-2'))).rejects.toThrow(/NOT NULL/);
    expect(await ordersOfKey(key('vip-2'))).toBe(0);
    // A cart without coupon: its order (through finish-order) leaves every coupon, use and reservation as it was.
    const plain = await cartWith([{ sku: (await skuWithStock(1)).id, amount: 1 }]);
    const totals =
      'SELECT sum(used) AS used, (SELECT count(*) FROM coupon_uses) AS uses, (SELECT count(*) FROM coupon_reservations) AS held FROM coupons';
    const before = await env.DB.prepare(totals).first();
    await finished(app, orderBody(plain, { paymentMethodId: 47 }));
    expect(await env.DB.prepare(totals).first()).toEqual(before);
  });
});
