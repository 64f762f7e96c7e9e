import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { CartSchema, type Cart } from '../../src/contracts/cart';
import { makeApp, seed } from './app-harness';

const { request } = makeApp({ CART_MAX_ITEM_AMOUNT: '999' });
const limited = makeApp({ CART_MAX_ITEM_AMOUNT: '3' });

const JSON_HEADERS = { 'Content-Type': 'application/json', Origin: 'http://localhost' };

function call(method: string, body: unknown, app = request) {
  return app('/api/cart', {
    method,
    headers: JSON_HEADERS,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function cartOf(res: Response): Promise<Cart> {
  expect(res.status).toBe(200);
  return CartSchema.parse(await res.json());
}

/** A sellable SKU whose total stock is set to `quantity` (all of it in the factory store). */
/** A random SKU in no cart, other than `besides` (a second pick could otherwise draw the first and reset its stock). */
async function skuWithStock(quantity: number, besides = 0): Promise<number> {
  const row = await env.DB.prepare(
    `SELECT i.id FROM product_items i JOIN products p ON p.id = i.product_id
      WHERE p.gift = 0 AND i.id != ? AND i.id NOT IN (SELECT product_item_id FROM cart_items) ORDER BY random() LIMIT 1`,
  )
    .bind(besides)
    .first<{ id: number }>();
  await env.DB.batch([
    env.DB.prepare('UPDATE stock SET quantity = 0 WHERE product_item_id = ?').bind(row!.id),
    env.DB.prepare('UPDATE stock SET quantity = ? WHERE product_item_id = ? AND store_id = 1').bind(quantity, row!.id),
  ]);
  return row!.id;
}

async function amountIn(cartId: string, sku: number): Promise<number> {
  const row = await env.DB.prepare('SELECT amount FROM cart_items WHERE cart_id = ? AND product_item_id = ?')
    .bind(cartId, sku)
    .first<{ amount: number }>();
  return row?.amount ?? 0;
}

describe('cart API', () => {
  beforeAll(() => seed());

  it('creates a cart on the first add and returns hash, items and totals in cents', async () => {
    const sku = await skuWithStock(10);
    const res = await call('POST', { productItemId: sku, amount: 2 });
    const cart = await cartOf(res);
    expect(cart.hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(cart.cartId).toBe(cart.hash);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]!.amount).toBe(2);
    expect(cart.subtotal).toBe(cart.items[0]!.price * 2);
    expect(cart.total).toBe(cart.subtotal);
    expect(cart.count).toBe(2);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`cart=${cart.hash}`);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\//);
  });

  it('GET returns the cart with the chosen shipping added; PUT, PATCH and DELETE change it', async () => {
    const a = await skuWithStock(10);
    const b = await skuWithStock(10, a);
    const first = await cartOf(await call('POST', { productItemId: a, amount: 1 }));
    const both = await cartOf(await call('POST', { productItemId: b, amount: 1, cartId: first.hash }));
    expect(both.items).toHaveLength(2);
    const got = await cartOf(
      await request(`/api/cart?cartId=${first.hash}&installment=3&shipping=1590&reprocess=true`),
    );
    expect(got.shipping).toBe(1590);
    expect(got.total).toBe(got.subtotal + 1590);
    const line = both.items.find((i) => i.id_item_product === a)!;
    const updated = await cartOf(await call('PUT', { itemId: line.id_item_cart, amount: 4, cartId: first.hash }));
    expect(updated.items.find((i) => i.id_item_product === a)!.amount).toBe(4);
    await cartOf(await call('PATCH', { email: 'ana@example.com', cartId: first.hash }));
    const email = await env.DB.prepare('SELECT email FROM carts WHERE id = ?')
      .bind(first.hash)
      .first<{ email: string }>();
    expect(email!.email).toBe('ana@example.com');
    const removed = await cartOf(await call('DELETE', { itemId: line.id_item_cart, cartId: first.hash }));
    expect(removed.items.map((i) => i.id_item_product)).toEqual([b]);
    const empty = await cartOf(await call('DELETE', { itemId: removed.items[0]!.id_item_cart, cartId: first.hash }));
    expect(empty.items).toEqual([]);
    expect(empty.count).toBe(0);
  });

  it('answers the stock message verbatim when stock runs out', async () => {
    const sku = await skuWithStock(2);
    const cart = await cartOf(await call('POST', { productItemId: sku, amount: 2 }));
    const res = await call('POST', { productItemId: sku, amount: 1, cartId: cart.hash });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ title: 'Atenção!', error: 'O estoque desse produto esgotou!' });
    expect(await amountIn(cart.hash, sku)).toBe(2);
  });

  it('answers the item-limit message verbatim past the per-item limit', async () => {
    const sku = await skuWithStock(50);
    const cart = await cartOf(await call('POST', { productItemId: sku, amount: 3 }, limited.request));
    const res = await call('POST', { productItemId: sku, amount: 1, cartId: cart.hash }, limited.request);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'Limite de itens deste produto foi atingido!' });
    const put = await call(
      'PUT',
      { itemId: cart.items[0]!.id_item_cart, amount: 4, cartId: cart.hash },
      limited.request,
    );
    expect(put.status).toBe(409);
    expect(await amountIn(cart.hash, sku)).toBe(3);
  });

  it('rejects bad input with 4xx and a pt-BR message, never a 5xx, and leaves the cart unchanged', async () => {
    const sku = await skuWithStock(20);
    const cart = await cartOf(await call('POST', { productItemId: sku, amount: 1 }));
    const itemId = cart.items[0]!.id_item_cart;
    const bad: [string, unknown][] = [
      ['POST', '{not json'],
      ['POST', {}],
      ['POST', { productItemId: 'abc', amount: 1, cartId: cart.hash }],
      ['POST', { productItemId: sku, amount: -1, cartId: cart.hash }],
      ['POST', { productItemId: sku, amount: 0, cartId: cart.hash }],
      ['POST', { productItemId: sku, amount: 1.5, cartId: cart.hash }],
      ['POST', { productItemId: sku, amount: 1e12, cartId: cart.hash }],
      ['POST', { productItemId: 999_999_999, amount: 1, cartId: cart.hash }],
      ['POST', { productItemId: sku, amount: 1, cartId: '../../x' }],
      ['PUT', { itemId, amount: 'dois', cartId: cart.hash }],
      ['PUT', { itemId: 987654, amount: 2, cartId: cart.hash }],
      ['PUT', { itemId, amount: 2, cartId: 'A'.repeat(22) }],
      ['DELETE', { itemId, cartId: 'B'.repeat(22) }],
      ['DELETE', { cartId: cart.hash }],
      ['PATCH', { email: 'an*@example.com', cartId: cart.hash }],
      ['PATCH', { email: 'not-an-email', cartId: cart.hash }],
      ['POST', [1, 2, 3]],
      ['POST', 'null'],
    ];
    for (const [method, body] of bad) {
      const res = await call(method, body);
      expect(res.status, `${method} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${JSON.stringify(body)}`).toBeLessThan(500);
      const json = (await res.json()) as { error: string };
      expect(json.error).toMatch(/[a-zà-ú]/i);
      expect(json.error).not.toMatch(/Invalid input|expected/);
    }
    const after = await cartOf(await request(`/api/cart?cartId=${cart.hash}`));
    expect(after.items.map((i) => [i.id_item_product, i.amount])).toEqual([[sku, 1]]);
  });

  it('refuses non-JSON and cross-origin writes', async () => {
    const form = await request('/api/cart', {
      method: 'POST',
      headers: { Origin: 'http://localhost', 'Content-Type': 'text/plain' },
      body: '{}',
    });
    expect(form.status).toBe(415);
    const cross = await request('/api/cart', {
      method: 'POST',
      headers: { ...JSON_HEADERS, Origin: 'https://evil.example' },
      body: '{}',
    });
    expect(cross.status).toBe(403);
  });

  it('an unknown or closed cart id starts a new cart instead of writing into it', async () => {
    const sku = await skuWithStock(5);
    const cart = await cartOf(await call('POST', { productItemId: sku, amount: 1, cartId: 'Z'.repeat(22) }));
    expect(cart.hash).not.toBe('Z'.repeat(22));
    await env.DB.prepare("UPDATE carts SET status = 'ordered' WHERE id = ?").bind(cart.hash).run();
    const next = await cartOf(await call('POST', { productItemId: sku, amount: 1, cartId: cart.hash }));
    expect(next.hash).not.toBe(cart.hash);
    expect((await request(`/api/cart?cartId=${cart.hash}`)).status).toBe(404);
  });

  it('gift items cannot be bought on their own', async () => {
    const gift = await env.DB.prepare(
      'SELECT i.id FROM product_items i JOIN products p ON p.id = i.product_id WHERE p.gift = 1 LIMIT 1',
    ).first<{ id: number }>();
    const res = await call('POST', { productItemId: gift!.id, amount: 1 });
    expect(res.status).toBe(400);
    const spoof = await call('POST', { productItemId: gift!.id, amount: 1, gift: true, giftCoupon: 'BRINDEVERAO' });
    expect(spoof.status).toBe(400);
  });
});

describe('cart concurrency', () => {
  beforeAll(() => seed());

  it('50 concurrent +1 adds of one SKU on one cart give exactly 50, 8 times over', async () => {
    for (let run = 0; run < 8; run++) {
      const sku = await skuWithStock(500);
      const other = await skuWithStock(5, sku);
      const cart = await cartOf(await call('POST', { productItemId: other, amount: 1 }));
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => call('POST', { productItemId: sku, amount: 1, cartId: cart.hash })),
      );
      expect(
        responses.map((r) => r.status).filter((s) => s !== 200),
        `run ${run}`,
      ).toEqual([]);
      expect(await amountIn(cart.hash, sku), `run ${run}`).toBe(50);
    }
  }, 120_000);

  it('50 concurrent +1 adds on a line that already exists lose no update (10 runs)', async () => {
    for (let run = 0; run < 10; run++) {
      const sku = await skuWithStock(500);
      const cart = await cartOf(await call('POST', { productItemId: sku, amount: 1 }));
      await Promise.all(
        Array.from({ length: 50 }, () => call('POST', { productItemId: sku, amount: 1, cartId: cart.hash })),
      );
      expect(await amountIn(cart.hash, sku), `run ${run}`).toBe(51);
    }
  }, 120_000);

  it('20 concurrent adds of a SKU with stock 5 never put more than 5 in the cart', async () => {
    for (let run = 0; run < 10; run++) {
      const sku = await skuWithStock(5);
      const other = await skuWithStock(5, sku);
      const cart = await cartOf(await call('POST', { productItemId: other, amount: 1 }));
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => call('POST', { productItemId: sku, amount: 1, cartId: cart.hash })),
      );
      const ok = responses.filter((r) => r.status === 200).length;
      expect(ok, `run ${run}`).toBe(5);
      expect(responses.filter((r) => r.status === 409)).toHaveLength(15);
      expect(await amountIn(cart.hash, sku), `run ${run}`).toBe(5);
    }
  }, 120_000);
});
