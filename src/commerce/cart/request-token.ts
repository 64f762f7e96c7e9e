import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { parseWith } from '../../http/body';
import { z } from 'zod';
import type { CartRequestToken } from '../../contracts/affiliate';
import { CartIdSchema } from '../../contracts/cart';
import type { AppEnv } from '../../env';
import { DomainError } from '../domain-error';
import { clearSiteCookie, COOKIE, setCartCookies, setCartRequestTokenCookie } from '../../http/cookies';
import type { CartRepo } from './repo';
import { MESSAGES } from './service';

/**
 * The cart's request token (spec §4: outside page events must echo it); NOT_FOUND for no open cart, and for
 * a cart bound to a customer other than the session's (`customerId`: the session's customer or null).
 */
export async function cartRequestToken(
  repo: Pick<CartRepo, 'requestToken'>,
  cartId: string,
  customerId: number | null,
): Promise<CartRequestToken> {
  const requestToken = await repo.requestToken(cartId, customerId);
  if (requestToken === null) throw new DomainError('NOT_FOUND', MESSAGES.notFound);
  return { requestToken };
}

const QuerySchema = z.object({ cartId: CartIdSchema });

export const cartRequestTokenRoutes = new Hono<AppEnv>().get('/cart/request-token', async (c) => {
  const { cartId } = parseWith(QuerySchema, { cartId: c.req.query('cartId') ?? getCookie(c, COOKIE.cart) });
  return c.json(await c.var.commerce.cartRequestToken(cartId));
});

/**
 * Runs around GET/POST /api/cart on both adapters (before the proxy). A bag not found drops the request token
 * cookie. After a cart answer:
 * - the `cart` and `cart_domain` cookies when the browser does not hold this cart's id yet;
 * - issues the `x-cart-request-token` cookie (readable by the page's script, which compares it with the
 *   token of the app's `call-add-to-cart` events; SameSite=Strict, 30 days like the cart cookie);
 * - a cart created after a Rakuten landing gets the visit's affiliate site id (cookie `ran_site_id`).
 */
export const cartCookies = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  // The bag the cookies name is gone (it became an order): its request token goes too, so the app bridge, which
  // reads the bag on every page while that cookie is there (client/app-bridge.ts), stops asking for it.
  if (c.req.method === 'GET' && c.res.status === 404 && getCookie(c, COOKIE.cartRequestToken))
    clearSiteCookie(c, COOKIE.cartRequestToken);
  if (c.res.status !== 200 || !['GET', 'POST'].includes(c.req.method)) return;
  const cart = (await c.res
    .clone()
    .json()
    .catch(() => null)) as { hash?: unknown } | null;
  if (typeof cart?.hash !== 'string') return;
  const hash = cart.hash;
  const siteID = getCookie(c, COOKIE.affiliate);
  const work: Promise<unknown>[] = [];
  if (c.req.method === 'POST' && siteID) work.push(c.var.commerce.recordAffiliate({ siteID, cartId: hash }));
  // Both adapters: with COMMERCE_API_URL the upstream's own cookies never cross the proxy (the
  // server-rendered /sacola and the no-JS cart need this site's `cart` cookie).
  if (getCookie(c, COOKIE.cart) !== hash) setCartCookies(c, hash);
  const known = getCookie(c, COOKIE.cart) === hash && !!getCookie(c, COOKIE.cartRequestToken);
  if (!known) {
    work.push(setCartRequestTokenCookie(c, c.var.commerce, hash));
  }
  // Attribution and the token cookie are extras: the cart answer stands even if they fail.
  await Promise.allSettled(work);
});
