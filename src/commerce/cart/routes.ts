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

/** The cart id travels in the `cart` cookie too (spec §3), so pages and no-JS forms find the bag. */
export function withCartCookie(c: Context<AppEnv>, cart: Cart) {
  setCookie(c, CART_COOKIE, cart.hash, {
    path: '/',
    sameSite: 'Strict',
    httpOnly: true,
    secure: new URL(c.req.url).protocol === 'https:',
    maxAge: 60 * 60 * 24 * 30,
  });
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
