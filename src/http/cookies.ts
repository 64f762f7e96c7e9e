import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { CartIdSchema, type Cart } from '../contracts/cart';
import { SESSION_TTL_SECONDS } from '../commerce/customers/identity';
import type { Me } from '../contracts/customers';
import type { CommercePort } from '../commerce/port';
import { FREE_SHIPPING_COOKIES } from '../contracts/promotions';
import { APP_MODE_COOKIE, CART_TOKEN_COOKIE } from '../lib/site/app-mode';
import { maskCpf } from '../lib/customer/cpf';
import { COLOR_COOKIE } from '../lib/catalog/product-selection';

/**
 * Every cookie this site sets or reads, by name (spec §3/§9). The ones the browser's script reads too
 * (`x-cart-request-token`, the free-shipping flags, the colour, the app marker) are defined next to that
 * script's code in `src/lib`/`src/contracts` and named here.
 */
export const COOKIE = {
  token: 'token',
  userId: 'user_id',
  login: 'login',
  accountTemp: 'account_temp',
  anonymous: 'anonymous',
  userCpf: 'user_cpf',
  favorites: 'favorites',
  cart: 'cart',
  /** Spec §3 keeps `cart_domain` next to `cart`: the host the cart belongs to (ADR 0017). */
  cartDomain: 'cart_domain',
  cartRequestToken: CART_TOKEN_COOKIE,
  /** The visit's Rakuten site id, kept so a cart created later in the visit is attributed too. */
  affiliate: 'ran_site_id',
  /** The outcome of a no-JS cart form, shown once on the page it returns to. */
  cartFlash: 'cart_flash',
  color: COLOR_COOKIE,
  appMode: APP_MODE_COOKIE,
} as const;

/** A session's cookies live as long as the session (spec §9: 12 hours). */
export const SESSION_MAX_AGE = SESSION_TTL_SECONDS;
export const THIRTY_DAYS = 60 * 60 * 24 * 30;

export interface SiteCookieOptions {
  /** Seconds; none makes a browser-session cookie. */
  maxAge?: number;
  /** Only for a cookie the page's script must read: drops HttpOnly. Never for a secret. */
  readable?: boolean;
}

const secure = (c: Context): boolean => new URL(c.req.url).protocol === 'https:';

/** The one cookie setter: path /, SameSite=Strict, Secure on HTTPS and HttpOnly unless `readable`. */
export function setSiteCookie(c: Context, name: string, value: string, options: SiteCookieOptions = {}): void {
  setCookie(c, name, value, {
    path: '/',
    sameSite: 'Strict',
    secure: secure(c),
    httpOnly: !options.readable,
    ...(options.maxAge === undefined ? {} : { maxAge: options.maxAge }),
  });
}

export function clearSiteCookie(c: Context, name: string): void {
  deleteCookie(c, name, { path: '/', secure: secure(c), sameSite: 'Strict' });
}

/** The cart id of the `cart` cookie when it has a cart id's shape (`CartIdSchema`), else null. */
export function cartIdCookie(c: Context): string | null {
  const parsed = CartIdSchema.safeParse(getCookie(c, COOKIE.cart));
  return parsed.success ? parsed.data : null;
}

/**
 * The cart id travels in the `cart` cookie too (spec §3), so pages and no-JS forms find the cart; with it
 * `cart_domain`, the store's host. Both HttpOnly, SameSite=Strict, 30 days. Set once per response.
 */
export function setCartCookies(c: Context, hash: string): void {
  if (/(?:^|,\s*)cart=/.test(c.res.headers.get('set-cookie') ?? '')) return;
  setSiteCookie(c, COOKIE.cart, hash, { maxAge: THIRTY_DAYS });
  setSiteCookie(c, COOKIE.cartDomain, new URL(c.req.url).hostname, { maxAge: THIRTY_DAYS });
}

/**
 * The readable `x-cart-request-token` cookie of cart `hash`: the page's script compares it with the token of the
 * app's `call-add-to-cart` events, and the app bridge reads the bag while it is there (SameSite=Strict, 30 days).
 */
export async function setCartRequestTokenCookie(
  c: Context,
  port: Pick<CommercePort, 'cartRequestToken'>,
  hash: string,
): Promise<void> {
  const { requestToken } = await port.cartRequestToken(hash);
  setSiteCookie(c, COOKIE.cartRequestToken, requestToken, { maxAge: THIRTY_DAYS, readable: true });
}

/**
 * The bag a retried order's products went back to becomes this browser's: its cookies, and the app's request
 * token (best effort, like the cart API's). Both "Tentar novamente" routes (the API and the page forms) end here.
 */
export async function adoptRetriedCart(
  c: Context,
  port: Pick<CommercePort, 'cartRequestToken'>,
  hash: string | null,
): Promise<void> {
  if (!hash) return;
  setCartCookies(c, hash);
  await setCartRequestTokenCookie(c, port, hash).catch(() => undefined);
}

/**
 * The four free-shipping flags as `true`/`false` cookies (spec §3/§4); the client reads them, so not
 * HttpOnly. Set by every coupon/seller answer: the JSON API and the no-JS cart forms alike.
 */
export function setFreeShippingCookies(c: Context, cart: Pick<Cart, 'coupon' | 'seller'>): void {
  const values = [
    cart.coupon?.freeNormalShipping,
    cart.coupon?.freeExpressShipping,
    cart.seller?.freeNormalShipping,
    cart.seller?.freeExpressShipping,
  ];
  FREE_SHIPPING_COOKIES.forEach((name, i) => setSiteCookie(c, name, values[i] ? 'true' : 'false', { readable: true }));
}

/** After login/registration: the session token HttpOnly; the rest readable, with no secrets in them. */
export function setSessionCookies(c: Context, token: string, user: Me): void {
  const readable = { maxAge: SESSION_MAX_AGE, readable: true };
  setSiteCookie(c, COOKIE.token, token, { maxAge: SESSION_MAX_AGE });
  setSiteCookie(c, COOKIE.userId, String(user.id), readable);
  setSiteCookie(c, COOKIE.login, 'true', readable);
  setSiteCookie(c, COOKIE.accountTemp, 'false', readable);
  setSiteCookie(c, COOKIE.anonymous, 'false', readable);
  // Masked: enough for the page to greet, nothing a thief could reuse.
  setSiteCookie(c, COOKIE.userCpf, maskCpf(user.cpf), readable);
}

/** Logout / failed session (spec §4): token, temporary account, login, user id and CPF are cleared. */
export function clearSessionCookies(c: Context): void {
  for (const name of [COOKIE.token, COOKIE.userId, COOKIE.login, COOKIE.accountTemp, COOKIE.userCpf, COOKIE.favorites])
    clearSiteCookie(c, name);
  setSiteCookie(c, COOKIE.anonymous, 'true', { maxAge: SESSION_MAX_AGE, readable: true });
}

/** The client address for the per-IP login limit. */
export const clientIp = (c: Context): string =>
  c.req.header('cf-connecting-ip') ?? c.req.header('x-real-ip') ?? 'unknown';
