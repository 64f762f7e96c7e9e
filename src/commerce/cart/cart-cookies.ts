import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { Cart } from '../../contracts/cart';
import type { AppEnv } from '../../env';
import { clearSiteCookie, COOKIE, setCartCookies, setCartRequestTokenCookie } from '../../http/cookies';

/**
 * The one place a cart answer of GET/POST /api/cart sets this site's cookies, once per response:
 * - the `cart` and `cart_domain` cookies when the browser does not hold this cart's id yet;
 * - the `x-cart-request-token` cookie when it does not hold one for this cart (readable by the page's script, which
 *   compares it with the token of the app's `call-add-to-cart` events; SameSite=Strict, 30 days like the cart cookie);
 * - on an add, a cart created after a Rakuten landing gets the visit's affiliate site id (cookie `ran_site_id`).
 * Attribution and the token cookie are extras: the cart answer stands even if they fail.
 */
export async function issueCartCookies(c: Context<AppEnv>, hash: string): Promise<void> {
  const held = getCookie(c, COOKIE.cart) === hash;
  const siteID = getCookie(c, COOKIE.affiliate);
  const work: Promise<unknown>[] = [];
  if (c.req.method === 'POST' && siteID) work.push(c.var.commerce.recordAffiliate({ siteID, cartId: hash }));
  if (!held) setCartCookies(c, hash);
  if (!held || !getCookie(c, COOKIE.cartRequestToken)) work.push(setCartRequestTokenCookie(c, c.var.commerce, hash));
  await Promise.allSettled(work);
}

/** The embedded cart routes' answer: the cart as JSON, with its cookies. */
export async function cartAnswer(c: Context<AppEnv>, cart: Cart): Promise<Response> {
  await issueCartCookies(c, cart.hash);
  return c.json(cart);
}

/**
 * Runs around GET/POST /api/cart on both adapters (before the proxy). A bag not found drops the request token
 * cookie: the bag the cookies name is gone (it became an order), so the app bridge, which reads the bag on every
 * page while that cookie is there (client/app-bridge.ts), stops asking for it. With COMMERCE_API_URL the answer is
 * the upstream's, whose own cookies never cross the proxy (the server-rendered /sacola and the no-JS cart need this
 * site's `cart` cookie): its cart is read back from the JSON for `issueCartCookies`. The embedded routes answer
 * through `cartAnswer` and need nothing here.
 */
export const cartCookies = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.req.method === 'GET' && c.res.status === 404 && getCookie(c, COOKIE.cartRequestToken))
    clearSiteCookie(c, COOKIE.cartRequestToken);
  if (!c.var.config.upstream || c.res.status !== 200 || !['GET', 'POST'].includes(c.req.method)) return;
  const cart = (await c.res
    .clone()
    .json()
    .catch(() => null)) as { hash?: unknown } | null;
  if (typeof cart?.hash === 'string') await issueCartCookies(c, cart.hash);
});
