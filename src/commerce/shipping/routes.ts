import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { COOKIE } from '../../http/cookies';
import { OmnichannelQuerySchema } from '../../contracts/shipping';
import type { AppEnv } from '../../env';
import { DomainError } from '../domain-error';

export const shippingRoutes = new Hono<AppEnv>().get('/omnichannel', async (c) => {
  // The page's script cannot read the HttpOnly `cart` cookie: without an explicit id, the cart is the cookie's.
  const raw = c.req.query();
  const cookie = getCookie(c, COOKIE.cart);
  const query = OmnichannelQuerySchema.safeParse(
    raw.shopping_cart_hash || raw.cart || !cookie ? raw : { ...raw, shopping_cart_hash: cookie },
  );
  if (!query.success)
    throw new DomainError('VALIDATION', query.error.issues[0]?.message ?? 'Dados inválidos para o cálculo do frete.');
  return c.json(await c.var.commerce.omnichannel(query.data));
});
