import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { jsonBody, parseWith } from '../../api/body';
import {
  AddToCartSchema,
  GetCartQuerySchema,
  PatchCartSchema,
  RemoveCartItemSchema,
  UpdateCartItemSchema,
  type Cart,
} from '../../contracts/cart';
import type { AppEnv } from '../../env';

export const CART_COOKIE = 'cart';
/** Spec §3 keeps `cart_domain` next to `cart`: the host the bag belongs to (ADR 0017). */
export const CART_DOMAIN_COOKIE = 'cart_domain';

/**
 * The cart id travels in the `cart` cookie too (spec §3), so pages and no-JS forms find the bag; with it
 * `cart_domain`, the store's host. Both HttpOnly, SameSite=Strict, 30 days. Set once per response.
 */
export function setCartCookies(c: Context<AppEnv>, hash: string): void {
  if (/(?:^|,\s*)cart=/.test(c.res.headers.get('set-cookie') ?? '')) return;
  const url = new URL(c.req.url);
  const options = { path: '/', sameSite: 'Strict', httpOnly: true, secure: url.protocol === 'https:', maxAge: 60 * 60 * 24 * 30 } as const;
  setCookie(c, CART_COOKIE, hash, options);
  setCookie(c, CART_DOMAIN_COOKIE, url.hostname, options);
}

export function withCartCookie(c: Context<AppEnv>, cart: Cart) {
  setCartCookies(c, cart.hash);
  return c.json(cart);
}

export const cartRoutes = new Hono<AppEnv>()
  .get('/cart', async (c) => {
    const query = parseWith(GetCartQuerySchema, { ...c.req.query(), cartId: c.req.query('cartId') ?? getCookie(c, CART_COOKIE) });
    return c.json(await c.var.commerce.cart(query.cartId, { shipping: query.shipping, reprocess: query.reprocess }));
  })
  .post('/cart', async (c) => withCartCookie(c, await c.var.commerce.addToCart(await jsonBody(c, AddToCartSchema))))
  .put('/cart', async (c) => c.json(await c.var.commerce.updateCartItem(await jsonBody(c, UpdateCartItemSchema))))
  .delete('/cart', async (c) => c.json(await c.var.commerce.removeCartItem(await jsonBody(c, RemoveCartItemSchema))))
  .patch('/cart', async (c) => c.json(await c.var.commerce.patchCart(await jsonBody(c, PatchCartSchema))));
