import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { jsonBody, parseWith } from '../../http/body';
import { COOKIE } from '../../http/cookies';
import {
  AddToCartSchema,
  GetCartQuerySchema,
  PatchCartSchema,
  RemoveCartItemSchema,
  UpdateCartItemSchema,
} from '../../contracts/cart';
import type { AppEnv } from '../../env';
import { cartAnswer } from './cart-cookies';

export const cartRoutes = new Hono<AppEnv>()
  .get('/cart', async (c) => {
    const query = parseWith(GetCartQuerySchema, {
      ...c.req.query(),
      cartId: c.req.query('cartId') ?? getCookie(c, COOKIE.cart),
    });
    return cartAnswer(
      c,
      await c.var.commerce.cart(query.cartId, { shipping: query.shipping, reprocess: query.reprocess }),
    );
  })
  .post('/cart', async (c) => cartAnswer(c, await c.var.commerce.addToCart(await jsonBody(c, AddToCartSchema))))
  .put('/cart', async (c) => c.json(await c.var.commerce.updateCartItem(await jsonBody(c, UpdateCartItemSchema))))
  .delete('/cart', async (c) => c.json(await c.var.commerce.removeCartItem(await jsonBody(c, RemoveCartItemSchema))))
  .patch('/cart', async (c) => c.json(await c.var.commerce.patchCart(await jsonBody(c, PatchCartSchema))));
