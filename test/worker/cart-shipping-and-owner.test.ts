import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { OmnichannelResponseSchema } from '../../src/contracts/shipping';
import { newCartWith, cartOf, cartRow, errorOf, getCart, lineRows, post, skus, stockAt } from './cart-helpers';
import { finish, finished, orderBody } from './checkout-helpers';
import { createCustomerSession, makeApp, seed } from './app-harness';

const app = makeApp({ CART_MAX_ITEM_AMOUNT: '5' });
const CEP = '01310-100';

async function quote(cartId: string, query = `zip_code=${CEP}&total_sale=100`, cookie?: string) {
  const res = await app.request(
    `/api/omnichannel?${query}&shopping_cart_hash=${cartId}`,
    cookie ? { headers: { cookie } } : undefined,
  );
  const body: unknown = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return OmnichannelResponseSchema.parse(body);
}

const PAC = { type: 'normal', carrier: 'Correios PAC', carrierId: 1, price: 1, deadline: 1 } as const;
const PICKUP = { type: 'pickup', carrier: 'Retirada na loja', carrierId: 90, price: 0, deadline: 0 } as const;

describe('shipping in the cart', () => {
  beforeAll(() => seed());

  it('quotes the cart per store from where its items are, and remembers the CEP', async () => {
    const [a, b] = await skus(2);
    await stockAt(a!.id, { fabrica: 10, 'sp-oscar-freire': 5, 'rj-ipanema': 5 });
    await stockAt(b!.id, { fabrica: 10, 'sp-oscar-freire': 5 });
    const filled = await newCartWith(app, [a!, b!]);
    const result = await quote(filled.hash);
    expect(Object.keys(result)).toEqual(['fabrica', 'sp-oscar-freire']);
    expect(result.fabrica!.map((o) => o.type)).toContain('normal');
    expect(result['sp-oscar-freire']).toEqual([expect.objectContaining({ type: 'pickup', price: 0 })]);
    expect(
      await env.DB.prepare('SELECT shipping_zip FROM carts WHERE id = ?').bind(filled.hash).first('shipping_zip'),
    ).toBe('01310100');
  });

  it('holds no more of a SKU than one store can ship: units spread over stores are refused at add, so a quote never dead-ends', async () => {
    const [a] = await skus(1);
    await stockAt(a!.id, { fabrica: 2, 'rj-ipanema': 1, 'bh-savassi': 1 });
    const filled = await newCartWith(app, [a!]);
    const more = await post(app, '/api/cart', { productItemId: a!.id, amount: 1, cartId: filled.hash });
    expect(more.status).toBe(200);
    const third = await post(app, '/api/cart', { productItemId: a!.id, amount: 1, cartId: filled.hash });
    expect((await errorOf(third, 409)).error).toBe('O estoque desse produto esgotou!');
    expect(await lineRows(filled.hash)).toEqual([expect.objectContaining({ amount: 2 })]);
    expect(Object.keys(await quote(filled.hash))).toEqual(['fabrica']);
  });

  it('quotes one package per store that ships: the factory what it holds, a store what only it holds; flags zero each', async () => {
    const [a, b] = await skus(2, { maxPrice: 20_000 });
    await stockAt(a!.id, { fabrica: 10, 'rj-ipanema': 1 });
    await stockAt(b!.id, { 'rj-ipanema': 10, 'bh-savassi': 2 });
    const filled = await newCartWith(app, [a!, b!]);
    const before = await quote(filled.hash);
    // Ipanema ships b (it holds the most of it) and, holding the whole cart, also offers its pickup.
    expect(Object.keys(before)).toEqual(['fabrica', 'rj-ipanema']);
    expect(before.fabrica!.map((o) => [o.carrierId, o.price])).toEqual([
      [1, 1590],
      [3, 1490],
      [2, 2290],
    ]);
    // From Rio to São Paulo: the first zone's table.
    expect(before['rj-ipanema']!.map((o) => [o.type, o.price])).toEqual([
      ['normal', 2490],
      ['expressa', 3490],
      ['expressa', 3990],
      ['pickup', 0],
    ]);
    await cartOf(await post(app, '/api/coupon/discount', { coupon: 'FRETEGRATIS', shoppingCart: filled.hash }));
    const free = await quote(filled.hash);
    for (const key of ['fabrica', 'rj-ipanema']) {
      expect(free[key]!.filter((o) => o.type === 'normal').every((o) => o.price === 0)).toBe(true);
      expect(free[key]!.filter((o) => o.type === 'expressa').every((o) => o.price > 0)).toBe(true);
    }
    await cartOf(await post(app, '/api/coupon/discount', { coupon: 'FRETEEXPRESSA', shoppingCart: filled.hash }));
    const express = await quote(filled.hash);
    expect(express.fabrica!.filter((o) => o.type === 'expressa').every((o) => o.price === 0)).toBe(true);
    expect(express.fabrica!.filter((o) => o.type === 'normal').every((o) => o.price > 0)).toBe(true);
  });

  it('a two-store cart: one option per package validated, the totals add both, and checkout creates those orders at those prices', async () => {
    const [a, b] = await skus(2, { maxPrice: 20_000 });
    await stockAt(a!.id, { fabrica: 10 });
    await stockAt(b!.id, { 'bh-savassi': 3, 'rj-ipanema': 1 });
    const filled = await newCartWith(app, [a!, b!]);
    const options = await quote(filled.hash);
    expect(Object.keys(options)).toEqual(['fabrica', 'bh-savassi']);
    const sedex = { ...options.fabrica!.find((o) => o.carrierId === 2)! };
    const pac = { ...options['bh-savassi']!.find((o) => o.carrierId === 1)! };
    // One package chosen is not a choice for the cart; nor is an option of a store that does not ship it.
    const validate = (body: unknown) => post(app, '/api/cart/validate-shipping', body).then((r) => r.json());
    expect(await validate({ cartId: filled.hash, selectedOption: sedex })).toEqual({ success: false });
    expect(
      await validate({ cartId: filled.hash, shippingInformation: [{ store: 'fabrica', selectedOption: sedex }] }),
    ).toEqual({ success: false });
    expect(
      await validate({
        cartId: filled.hash,
        shippingInformation: [
          { store: 'fabrica', selectedOption: sedex },
          { store: 'rj-ipanema', selectedOption: pac },
        ],
      }),
    ).toEqual({ success: false });
    expect((await cartRow(filled.hash))!.shipping_selection).toBeNull();
    const both = [
      { store: 'fabrica', selectedOption: sedex },
      { store: 'bh-savassi', selectedOption: pac },
    ];
    expect(
      await validate({ cartId: filled.hash, selectedOption: sedex, shippingInformation: [...both].reverse() }),
    ).toEqual({ success: true });
    const cart = await cartOf(await getCart(app, filled.hash));
    expect(cart.shippingSelection.map((s) => s.store)).toEqual(['fabrica', 'bh-savassi']);
    expect(cart.shipping).toBe(sedex.price + pac.price);
    expect(cart.total).toBe(cart.subtotal + sedex.price + pac.price);
    // Checkout must ship those packages: the factory alone is refused, both make two orders at the quoted prices.
    const stale = await finish(app, orderBody(filled.hash, { paymentMethodId: 47 }, { packages: [both[0]] }));
    expect(await errorOf(stale, 409)).toMatchObject({
      error: 'A opção de frete escolhida não está mais disponível. Calcule o frete novamente.',
    });
    const result = await finished(app, orderBody(filled.hash, { paymentMethodId: 47 }, { packages: both }));
    expect(result.orderIds).toHaveLength(2);
    const rows = await env.DB.prepare(
      'SELECT store, subtotal_cents, shipping_cents, total_cents FROM orders WHERE cart_id = ? ORDER BY id',
    )
      .bind(filled.hash)
      .all();
    expect(rows.results).toEqual([
      { store: 'fabrica', subtotal_cents: a!.price, shipping_cents: sedex.price, total_cents: a!.price + sedex.price },
      { store: 'bh-savassi', subtotal_cents: b!.price, shipping_cents: pac.price, total_cents: b!.price + pac.price },
    ]);
    expect(result.total).toBe(cart.total);
    const taken = await env.DB.prepare(
      "SELECT quantity FROM stock WHERE product_item_id = ? AND store_id = (SELECT id FROM stores WHERE key = 'bh-savassi')",
    )
      .bind(b!.id)
      .first('quantity');
    expect(taken).toBe(2);
  });

  it('answers the no-shipping message when nothing can ship, and quotes by total_sale for an unknown hash', async () => {
    const [a] = await skus(1);
    await stockAt(a!.id, { fabrica: 3 });
    const filled = await newCartWith(app, [a!]);
    // Fernando de Noronha: a real CEP no carrier of ours reaches.
    const none = await app.request(
      `/api/omnichannel?zip_code=53990-000&total_sale=100&shopping_cart_hash=${filled.hash}`,
    );
    expect(await errorOf(none, 422)).toMatchObject({
      title: 'Atenção!',
      error: 'Não encontramos um frete para o endereço informado.',
    });
    // 00000-100 is no CEP at all (walk 11: it said "no shipping found").
    const unknown = await app.request(
      `/api/omnichannel?zip_code=00000-100&total_sale=100&shopping_cart_hash=${filled.hash}`,
    );
    expect(await errorOf(unknown, 400)).toMatchObject({ error: 'CEP inexistente. Confira os números digitados.' });
    expect(Object.keys(await quote('naoexiste0000000000000'))).toEqual(['fabrica']);
  });

  it('validate-shipping stores the server-priced choice; the cart total follows it and the free-shipping flags', async () => {
    const [a] = await skus(1, { maxPrice: 40_000 });
    await stockAt(a!.id, { fabrica: 10, 'sp-oscar-freire': 2 });
    const filled = await newCartWith(app, [a!]);
    const options = await quote(filled.hash);
    const pac = options.fabrica!.find((o) => o.carrierId === 1)!;
    const res = await post(app, '/api/cart/validate-shipping', {
      cartId: filled.hash,
      selectedOption: PAC,
      shippingInformation: [{ store: 'fabrica', selectedOption: PAC }],
    });
    expect(await res.json()).toEqual({ success: true });
    const cart = await cartOf(await getCart(app, filled.hash));
    expect(cart.shipping).toBe(pac.price);
    expect(cart.total).toBe(cart.subtotal + pac.price);
    expect(cart.shippingSelection).toEqual([
      {
        store: 'fabrica',
        selectedOption: {
          type: 'normal',
          carrier: 'Correios PAC',
          carrierId: 1,
          price: pac.price,
          deadline: pac.deadline,
        },
      },
    ]);
    await cartOf(await post(app, '/api/coupon/seller-coupon', { coupon: 'MARIANA10', shoppingCart: filled.hash }));
    const free = await cartOf(await getCart(app, filled.hash));
    expect(free.shipping).toBe(0);
    expect(free.total).toBe(free.subtotal - free.discount);
    // Pickup at a store holding the cart: selected by the option alone.
    expect(
      await (await post(app, '/api/cart/validate-shipping', { cartId: filled.hash, selectedOption: PICKUP })).json(),
    ).toEqual({ success: true });
    expect((await cartOf(await getCart(app, filled.hash))).shippingSelection[0]).toMatchObject({
      store: 'sp-oscar-freire',
      selectedOption: { type: 'pickup', price: 0 },
    });
  });

  it('reprocess re-quotes the stored choice: the price follows the cart, and a choice no longer offered is dropped', async () => {
    const [a] = await skus(1, { minPrice: 10_000, maxPrice: 40_000 });
    await stockAt(a!.id, { fabrica: 10, 'sp-oscar-freire': 1 });
    const filled = await newCartWith(app, [a!]);
    const options = await quote(filled.hash);
    const sedex = options.fabrica!.find((o) => o.carrierId === 2)!;
    expect(sedex.price).toBeGreaterThan(0);
    await post(app, '/api/cart/validate-shipping', {
      cartId: filled.hash,
      selectedOption: { ...PAC, type: 'expressa', carrierId: 2 },
    });
    expect((await cartOf(await getCart(app, filled.hash))).shipping).toBe(sedex.price);
    // Above R$ 499 of goods express is free: the stored price follows at the next reprocess.
    await cartOf(await post(app, '/api/cart', { productItemId: a!.id, amount: 4, cartId: filled.hash }));
    const bigger = await cartOf(await getCart(app, filled.hash, undefined, '&reprocess=true'));
    expect(bigger.subtotal).toBeGreaterThan(49_900);
    expect(bigger.shipping).toBe(0);
    expect(bigger.shippingSelection[0]!.selectedOption).toMatchObject({ carrierId: 2, price: 0 });
    // Pickup at a store that no longer holds the cart: dropped.
    await post(app, '/api/cart/validate-shipping', {
      cartId: filled.hash,
      shippingInformation: [{ store: 'fabrica', selectedOption: PAC }],
    });
    await stockAt(a!.id, { fabrica: 0, 'rj-ipanema': 1 });
    const dropped = await cartOf(await post(app, '/api/coupon/reprocess', { shoppingCart: filled.hash }));
    expect(dropped.shippingSelection).toEqual([]);
    expect(dropped.shipping).toBe(0);
  });

  it('validate-shipping answers success false and leaves the cart unchanged for an option not quoted', async () => {
    const [a] = await skus(1);
    await stockAt(a!.id, { fabrica: 10 });
    const filled = await newCartWith(app, [a!]);
    const never = { cartId: filled.hash, selectedOption: PAC };
    expect(await (await post(app, '/api/cart/validate-shipping', never)).json()).toEqual({ success: false });
    await quote(filled.hash);
    const before = await cartRow(filled.hash);
    for (const body of [
      { cartId: filled.hash, selectedOption: { ...PAC, carrierId: 77 } },
      { cartId: filled.hash, shippingInformation: [{ store: 'rj-ipanema', selectedOption: PICKUP }] },
      {
        cartId: filled.hash,
        shippingInformation: [
          { store: 'fabrica', selectedOption: PAC },
          { store: 'fabrica', selectedOption: PAC },
        ],
      },
      { cartId: filled.hash },
    ]) {
      const res = await post(app, '/api/cart/validate-shipping', body);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: false });
    }
    expect(await cartRow(filled.hash)).toEqual(before);
    // A CEP in the body is quoted on the spot.
    const fresh = await newCartWith(app, [a!]);
    expect(
      await (
        await post(app, '/api/cart/validate-shipping', { cartId: fresh.hash, selectedOption: PAC, zip_code: CEP })
      ).json(),
    ).toEqual({ success: true });
  });

  it.each([
    ['a number cart id', { cartId: 5, selectedOption: PAC }],
    ['a negative price', { cartId: 'x'.repeat(20), selectedOption: { ...PAC, price: -1 } }],
    ['an unknown type', { cartId: 'x'.repeat(20), selectedOption: { ...PAC, type: 'drone' } }],
    ['a string list', { cartId: 'x'.repeat(20), shippingInformation: 'fabrica' }],
  ])('validate-shipping answers 400 for %s', async (_name, body) => {
    expect((await errorOf(await post(app, '/api/cart/validate-shipping', body), 400)).code).toBe('VALIDATION');
  });

  it('validate-shipping answers 404 for an unknown cart and 400 for non-JSON', async () => {
    await errorOf(
      await post(app, '/api/cart/validate-shipping', { cartId: 'naoexiste0000000000000', selectedOption: PAC }),
      404,
    );
    await errorOf(await post(app, '/api/cart/validate-shipping', 'x'), 400);
  });

  it('verify-stock: success while every line is in stock, the spec message when not', async () => {
    const [a] = await skus(1);
    await stockAt(a!.id, { fabrica: 4 });
    const filled = await newCartWith(app, [a!], 3);
    expect(await (await post(app, '/api/verify-stock', { cartId: filled.hash })).json()).toEqual({
      success: true,
      error: null,
    });
    await stockAt(a!.id, { fabrica: 2 });
    const short = (await (await post(app, '/api/verify-stock', { cartId: filled.hash })).json()) as {
      success: boolean;
      error: string;
    };
    expect(short.success).toBe(false);
    expect(short.error).toContain('O estoque desse produto esgotou!');
    await post(app, '/api/cart', { itemId: filled.items[0]!.cartItemId, cartId: filled.hash }, undefined, 'DELETE');
    expect(await (await post(app, '/api/verify-stock', { cartId: filled.hash })).json()).toMatchObject({
      success: false,
    });
    await errorOf(await post(app, '/api/verify-stock', { cartId: 'naoexiste0000000000000' }), 404);
    await errorOf(await post(app, '/api/verify-stock', { cartId: ['x'] }), 400);
    await errorOf(await post(app, '/api/verify-stock', {}), 400);
  });
});

describe('the cart and the customer (POST /api/cart/user, /api/cart/progressive)', () => {
  beforeAll(() => seed());

  it('asks a visitor to log in', async () => {
    const filled = await newCartWith(app, await skus(1));
    expect(
      await errorOf(await post(app, '/api/cart/user', { user: null, shoppingCart: filled.hash }), 403),
    ).toMatchObject({ code: 'LOGIN_REQUIRED' });
    expect((await cartRow(filled.hash))?.customer_id).toBeNull();
  });

  it('a customer without a cart takes the visitor cart', async () => {
    const { cookie, customerId } = await createCustomerSession();
    const filled = await newCartWith(app, await skus(1));
    const res = await post(app, '/api/cart/user', { user: { id: customerId }, shoppingCart: filled.hash }, cookie);
    expect((await cartOf(res)).hash).toBe(filled.hash);
    expect(res.headers.getSetCookie().join()).toContain(`cart=${filled.hash}`);
    expect((await cartRow(filled.hash))?.customer_id).toBe(customerId);
  });

  it('merges the visitor cart into the customer cart: overlapping SKUs summed, capped by the limit and the stock, nothing lost', async () => {
    const { cookie } = await createCustomerSession();
    const [x, y, z, w] = await skus(4);
    await stockAt(z!.id, { fabrica: 3 });
    const own = await newCartWith(app, [x!, z!], 2, cookie);
    await cartOf(await post(app, '/api/cart/user', { shoppingCart: own.hash }, cookie));
    const visitor = await newCartWith(app, [x!, y!, z!], 2);
    await cartOf(await post(app, '/api/cart', { productItemId: w!.id, amount: 4, cartId: visitor.hash }));
    await cartOf(await post(app, '/api/cart', { productItemId: x!.id, amount: 2, cartId: own.hash }, cookie));
    await cartOf(await post(app, '/api/coupon/discount', { coupon: 'BEMVINDO10', shoppingCart: visitor.hash }));
    // own: x 4, z 2; visitor: x 2, y 2, z 2, w 4 → x min(6, limit 5) = 5, y 2, z min(4, stock 3) = 3, w 4.
    const merged = await cartOf(await post(app, '/api/cart/user', { shoppingCart: visitor.hash }, cookie));
    expect(merged.hash).toBe(own.hash);
    const amounts = Object.fromEntries(merged.items.map((i) => [i.id_item_product, i.amount]));
    expect(amounts).toEqual({ [x!.id]: 5, [y!.id]: 2, [z!.id]: 3, [w!.id]: 4 });
    expect(merged.coupon?.code).toBe('BEMVINDO10');
    expect((await cartRow(visitor.hash))?.status).toBe('merged');
    expect(
      await env.DB.prepare('SELECT cart_id FROM coupon_reservations WHERE cart_id IN (?, ?)')
        .bind(own.hash, visitor.hash)
        .first('cart_id'),
    ).toBe(own.hash);
    // Merging again changes nothing; the merged cart is gone for everyone.
    const again = await cartOf(await post(app, '/api/cart/user', { shoppingCart: visitor.hash }, cookie));
    expect(again.items.map((i) => i.amount)).toEqual(merged.items.map((i) => i.amount));
    await errorOf(await getCart(app, visitor.hash), 404);
  });

  it('10 concurrent merges of one visitor cart add its lines exactly once', async () => {
    const { cookie } = await createCustomerSession();
    const [x, y] = await skus(2);
    const own = await newCartWith(app, [x!], 1, cookie);
    await cartOf(await post(app, '/api/cart/user', { shoppingCart: own.hash }, cookie));
    const visitor = await newCartWith(app, [x!, y!], 2);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => post(app, '/api/cart/user', { shoppingCart: visitor.hash }, cookie)),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await lineRows(own.hash)).toEqual([
      { product_item_id: x!.id, amount: 3, gift: 0 },
      { product_item_id: y!.id, amount: 2, gift: 0 },
    ]);
  });

  it("answers 404 for another customer's cart and the customer's own cart without a visitor cart", async () => {
    const owner = await createCustomerSession();
    const other = await createCustomerSession();
    const filled = await newCartWith(app, await skus(1), 1, owner.cookie);
    await cartOf(await post(app, '/api/cart/user', { shoppingCart: filled.hash }, owner.cookie));
    await errorOf(await post(app, '/api/cart/user', { shoppingCart: filled.hash }, other.cookie), 404);
    await errorOf(await post(app, '/api/cart/user', { shoppingCart: null }, other.cookie), 404);
    expect((await cartOf(await post(app, '/api/cart/user', {}, owner.cookie))).hash).toBe(filled.hash);
    await errorOf(await post(app, '/api/cart/user', { shoppingCart: 7 }, owner.cookie), 400);
    // Bound to its owner: a visitor holding the id can neither read nor change it.
    const before = await lineRows(filled.hash);
    await errorOf(
      await post(
        app,
        '/api/cart',
        { itemId: filled.items[0]!.cartItemId, amount: 2, cartId: filled.hash },
        undefined,
        'PUT',
      ),
      404,
    );
    await errorOf(
      await post(
        app,
        '/api/cart',
        { itemId: filled.items[0]!.cartItemId, cartId: filled.hash },
        other.cookie,
        'DELETE',
      ),
      404,
    );
    expect(await lineRows(filled.hash)).toEqual(before);
  });

  it('progressive answers the cart itself for a visitor and the canonical cart for a customer', async () => {
    const filled = await newCartWith(app, await skus(1));
    expect((await cartOf(await post(app, '/api/cart/progressive', { cartId: filled.hash }))).hash).toBe(filled.hash);
    const { cookie } = await createCustomerSession();
    const own = await newCartWith(app, await skus(1), 1, cookie);
    await cartOf(await post(app, '/api/cart/user', { shoppingCart: own.hash }, cookie));
    const res = await post(app, '/api/cart/progressive', { cartId: filled.hash }, cookie);
    expect((await cartOf(res)).hash).toBe(own.hash);
    expect(res.headers.getSetCookie().join()).toContain(`cart=${own.hash}`);
    await errorOf(await post(app, '/api/cart/progressive', { cartId: 'naoexiste0000000000000' }), 404);
    await errorOf(await post(app, '/api/cart/progressive', { cartId: -1 }), 400);
  });
});
