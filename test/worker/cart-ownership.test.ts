import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { cartOf, getCart, lineRows, post, skus } from './cart-helpers';
import { createCustomerSession, makeApp, ORIGIN, seed } from './app-harness';

/**
 * Issue 15 finding "carts created while signed in are unowned": the cart was bound to its shopper only by
 * a later POST /api/cart/user, so anyone holding the id could read, change or claim it (the owner then got
 * 404). A signed-in shopper's new cart is now theirs in the creating batch.
 */
const app = makeApp();

describe('a cart created by a signed-in shopper belongs to them from creation', () => {
  let sku: { id: number };
  let other: { id: number };
  beforeAll(async () => {
    await seed();
    const found = await skus(2);
    sku = found[0]!;
    other = found[1]!;
  });

  it('is bound in the creating call (JSON API): anyone else gets 404 on read, change, claim and its token', async () => {
    const owner = await createCustomerSession();
    const stranger = await createCustomerSession();
    const cart = await cartOf(
      await post(app, '/api/cart', { productItemId: sku.id, amount: 1, cartId: null }, owner.cookie),
    );
    const row = await env.DB.prepare('SELECT customer_id FROM carts WHERE id = ?')
      .bind(cart.hash)
      .first<{ customer_id: number | null }>();
    expect(row!.customer_id).toBe(owner.customerId);
    const lines = await lineRows(cart.hash);
    const itemId = cart.items[0]!.cartItemId;

    for (const cookie of [undefined, stranger.cookie]) {
      const who = cookie ? 'another customer' : 'a signed-out visitor';
      expect((await getCart(app, cart.hash, cookie)).status, who).toBe(404);
      expect((await post(app, '/api/cart', { cartId: cart.hash, itemId, amount: 3 }, cookie, 'PUT')).status, who).toBe(
        404,
      );
      expect((await post(app, '/api/cart', { cartId: cart.hash, itemId }, cookie, 'DELETE')).status, who).toBe(404);
      expect(
        (await post(app, '/api/cart', { cartId: cart.hash, email: 'x@example.com' }, cookie, 'PATCH')).status,
        who,
      ).toBe(404);
      expect(
        (await app.request(`/api/cart/request-token?cartId=${cart.hash}`, cookie ? { headers: { cookie } } : {}))
          .status,
        who,
      ).toBe(404);
      // Adding "to" it starts a new cart instead of touching the owner's.
      const added = await cartOf(
        await post(app, '/api/cart', { productItemId: other.id, amount: 1, cartId: cart.hash }, cookie),
      );
      expect(added.hash, who).not.toBe(cart.hash);
    }
    const claim = await post(
      app,
      '/api/cart/user',
      { user: stranger.customerId, shoppingCart: cart.hash },
      stranger.cookie,
    );
    expect(claim.status).toBe(404);
    const progressive = await post(app, '/api/cart/progressive', { cartId: cart.hash }, stranger.cookie);
    expect(progressive.status).not.toBe(200);

    // Nothing changed, and the owner still has it.
    expect(await lineRows(cart.hash)).toEqual(lines);
    expect(
      (await env.DB.prepare('SELECT customer_id FROM carts WHERE id = ?')
        .bind(cart.hash)
        .first<{ customer_id: number }>())!.customer_id,
    ).toBe(owner.customerId);
    expect((await cartOf(await getCart(app, cart.hash, owner.cookie))).count).toBe(1);
    expect(
      (await app.request(`/api/cart/request-token?cartId=${cart.hash}`, { headers: { cookie: owner.cookie } })).status,
    ).toBe(200);
  });

  it('is bound when the no-JS cart form creates it too', async () => {
    const owner = await createCustomerSession();
    const res = await app.request('/sacola/adicionar', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', cookie: owner.cookie },
      body: new URLSearchParams({ productItemId: String(sku.id) }).toString(),
    });
    expect(res.status).toBe(303);
    const cartId = /(?:^|;\s*)cart=([^;]+)/.exec(res.headers.getSetCookie().join('; '))![1]!;
    expect(
      (await env.DB.prepare('SELECT customer_id FROM carts WHERE id = ?')
        .bind(cartId)
        .first<{ customer_id: number }>())!.customer_id,
    ).toBe(owner.customerId);
    expect((await getCart(app, cartId)).status).toBe(404);
  });

  it('a refused remove or update leaves the cart row untouched; a real one touches it (found by the fuzzer)', async () => {
    const cart = await cartOf(await post(app, '/api/cart', { productItemId: sku.id, amount: 1, cartId: null }));
    const stamp = () =>
      env.DB.prepare('SELECT updated_at FROM carts WHERE id = ?').bind(cart.hash).first<string>('updated_at');
    await env.DB.prepare("UPDATE carts SET updated_at = '2001-01-01T00:00:00.000Z' WHERE id = ?").bind(cart.hash).run();
    expect((await post(app, '/api/cart', { cartId: cart.hash, itemId: 999_999 }, undefined, 'DELETE')).status).toBe(
      404,
    );
    expect(
      (
        await post(
          app,
          '/api/cart',
          { cartId: cart.hash, itemId: cart.items[0]!.cartItemId, amount: 999 },
          undefined,
          'PUT',
        )
      ).status,
    ).toBe(409);
    expect(await stamp()).toBe('2001-01-01T00:00:00.000Z');
    expect(
      (
        await post(
          app,
          '/api/cart',
          { cartId: cart.hash, itemId: cart.items[0]!.cartItemId, amount: 2 },
          undefined,
          'PUT',
        )
      ).status,
    ).toBe(200);
    expect(await stamp()).not.toBe('2001-01-01T00:00:00.000Z');
  });

  it('a signed-out visitor’s new cart stays unowned (claimable by whoever logs in with it)', async () => {
    const cart = await cartOf(await post(app, '/api/cart', { productItemId: sku.id, amount: 1, cartId: null }));
    expect(
      (await env.DB.prepare('SELECT customer_id FROM carts WHERE id = ?')
        .bind(cart.hash)
        .first<{ customer_id: number | null }>())!.customer_id,
    ).toBeNull();
    expect((await getCart(app, cart.hash)).status).toBe(200);
  });
});
