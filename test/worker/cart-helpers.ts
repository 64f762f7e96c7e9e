import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { CartSchema, type Cart } from '../../src/contracts/cart';
import { ORIGIN, type TestApp } from './app-harness';

/** A POST/PUT/… as the storefront's scripts send it, optionally signed in (`cookie`). */
export function post(app: TestApp, path: string, body: unknown, cookie?: string, method = 'POST'): Promise<Response> {
  const headers: Record<string, string> = { origin: ORIGIN, 'content-type': 'application/json' };
  if (cookie) headers.cookie = cookie;
  return app.request(path, { method, headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

export async function cartOf(res: Response): Promise<Cart> {
  const body: unknown = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return CartSchema.parse(body);
}

export async function errorOf(
  res: Response,
  status: number,
): Promise<{ code: string; error: string; title?: string; cantApply?: unknown }> {
  const body = (await res.json()) as { code: string; error: string; title?: string; cantApply?: unknown };
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body;
}

/** Sellable SKUs with stock (not gifts), optionally listed under `slug` or not under it. */
export async function skus(
  count: number,
  opts: { under?: string; notUnder?: string; minPrice?: number; maxPrice?: number } = {},
): Promise<{ id: number; name: string; price: number }[]> {
  const { results } = await env.DB.prepare(
    `SELECT i.id, p.name, CASE WHEN i.sale_price_cents > 0 THEN i.sale_price_cents ELSE i.list_price_cents END AS price
       FROM product_items i JOIN products p ON p.id = i.product_id
      WHERE p.gift = 0 AND (SELECT sum(quantity) FROM stock WHERE product_item_id = i.id) >= 20
        AND (?1 IS NULL OR EXISTS (SELECT 1 FROM product_listings l WHERE l.product_id = p.id AND l.slug = ?1))
        AND (?2 IS NULL OR NOT EXISTS (SELECT 1 FROM product_listings l WHERE l.product_id = p.id AND l.slug = ?2))
        AND CASE WHEN i.sale_price_cents > 0 THEN i.sale_price_cents ELSE i.list_price_cents END BETWEEN ?3 AND ?5
      ORDER BY i.id LIMIT ?4`,
  )
    .bind(opts.under ?? null, opts.notUnder ?? null, opts.minPrice ?? 0, count, opts.maxPrice ?? 1e9)
    .all<{ id: number; name: string; price: number }>();
  expect(results.length).toBe(count);
  return results;
}

/** A new cart holding `amount` of each SKU; answers the cart. */
export async function newCartWith(app: TestApp, items: { id: number }[], amount = 1, cookie?: string): Promise<Cart> {
  let cartId: string | null = null;
  let cart: Cart | null = null;
  for (const item of items) {
    cart = await cartOf(await post(app, '/api/cart', { productItemId: item.id, amount, cartId }, cookie));
    cartId = cart.hash;
  }
  return cart!;
}

export async function getCart(app: TestApp, cartId: string, cookie?: string, query = ''): Promise<Response> {
  return app.request(`/api/cart?cartId=${cartId}${query}`, cookie ? { headers: { cookie } } : undefined);
}

/** The raw cart row, to prove a failed call left it unchanged. */
export async function cartRow(cartId: string): Promise<Record<string, unknown> | null> {
  return env.DB.prepare(
    'SELECT coupon_code, seller_code, cashback_cents, customer_id, status, shipping_selection FROM carts WHERE id = ?',
  )
    .bind(cartId)
    .first();
}

export async function lineRows(cartId: string): Promise<unknown[]> {
  return (
    await env.DB.prepare('SELECT product_item_id, amount, gift FROM cart_items WHERE cart_id = ? ORDER BY id')
      .bind(cartId)
      .all()
  ).results;
}

/** Cookies set by a response, name → value. */
/** The cookies a response sets, except the D1 session bookmark every successful write carries (ADR 0019). */
export function cookiesOf(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of res.headers.getSetCookie()) {
    if (line.startsWith('d1_bookmark=')) continue;
    const [pair] = line.split(';');
    const [name, value] = pair!.split('=');
    out[name!.trim()] = value ?? '';
  }
  return out;
}

/** Gives the customer an available cashback balance (an adjustment entry). */
export async function giveCashback(
  customerId: number,
  cents: number,
  opts: { availableAt?: string; expiresAt?: string | null } = {},
): Promise<void> {
  await env.DB.prepare(
    "INSERT INTO cashback_entries (customer_id, amount_cents, kind, available_at, expires_at) VALUES (?, ?, 'adjustment', ?, ?)",
  )
    .bind(customerId, cents, opts.availableAt ?? '2000-01-01T00:00:00.000Z', opts.expiresAt ?? null)
    .run();
}

/** Sets a SKU's stock per store key (others 0). */
export async function stockAt(sku: number, perStore: Record<string, number>): Promise<void> {
  await env.DB.batch([
    env.DB.prepare('UPDATE stock SET quantity = 0 WHERE product_item_id = ?').bind(sku),
    ...Object.entries(perStore).map(([key, quantity]) =>
      env.DB.prepare(
        `INSERT INTO stock (product_item_id, store_id, quantity) VALUES (?1, (SELECT id FROM stores WHERE key = ?2), ?3)
         ON CONFLICT (product_item_id, store_id) DO UPDATE SET quantity = excluded.quantity`,
      ).bind(sku, key, quantity),
    ),
  ]);
}
