import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { CartIdSchema } from '../../contracts/cart';
import type { AppEnv } from '../../env';
import { parseWith } from '../../http/body';
import { COOKIE } from '../../http/cookies';

const QuerySchema = z.object({ cartId: CartIdSchema });

/** GET /api/cart/request-token?cartId= (the `cart` cookie's cart without one): the token outside events echo. */
export const cartRequestTokenRoutes = new Hono<AppEnv>().get('/cart/request-token', async (c) => {
  const { cartId } = parseWith(QuerySchema, { cartId: c.req.query('cartId') ?? getCookie(c, COOKIE.cart) });
  return c.json(await c.var.commerce.cartRequestToken(cartId));
});
