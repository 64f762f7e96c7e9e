import { paymentBadges } from '../lib/payments/payment-methods';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { cartIdCookie, COOKIE, setCartCookies } from '../http/cookies';
import type { MenuItem } from '../contracts/menus';
import type { Parameter } from '../contracts/parameters';
import type { WhatsappResponse } from '../contracts/whatsapp';
import type { AppEnv } from '../env';
import type { SessionUser } from '../../client/stores/session';
import type { Cart } from '../contracts/cart';
import { completeCart, isEmptyCart, slimCart } from '../lib/cart/cart';
import { parseFavoritesCookie } from '../lib/customer/favorites';
import { toNavItems } from '../lib/menu/nav';
import { promotionFrom } from '../lib/catalog/promotion';
import type { HeaderProps } from '../ui/header/types';
import { contentVersion } from '../edge-cache';
import { headerMenuUrl } from './header-menu';
import { BackendUnavailable, isBackendFailure } from '../http/middleware/availability';
import { sanitizeHtml } from '../html/sanitize';
import { withPreview } from './content-preview';
import { stripFrom } from '../contracts/content';
import { ANNOUNCEMENTS } from '../ui/header/announcements';

async function orEmpty<T>(c: Context<AppEnv>, what: string, load: () => Promise<T[]>): Promise<T[]> {
  try {
    return await load();
  } catch (error) {
    // The shell degrades (no menu/banner) instead of failing the whole page.
    console.error(JSON.stringify({ requestId: c.var.requestId, what, error: String(error) }));
    return [];
  }
}

export interface ShellData {
  header: HeaderProps;
  /** The signed-in customer (bootstrap for the session store), or null. */
  user: SessionUser | null;
  /** A session token came with the request but `me` failed: the app must be told there is no user (spec §4). */
  sessionRefused: boolean;
  menu: MenuItem[];
  parameters: Map<string, string>;
  /** The shopper's cart (from the `cart` cookie), so the badge and the cart render without a flash. */
  cart: Cart | null;
  /** GET /api/whatsapp's answer (central and per-store chat links); null when unavailable. */
  whatsapp: WhatsappResponse | null;
  /** Favourite item ids from the `favorites` cookie, signed in only (spec §6): hearts render without a flash. */
  favoriteIds: number[];
  /** Where the Header island fetches its menu (src/pages/header-menu.ts). */
  menuUrl: string;
  /** The footer's payment badges: the methods the embedded backend offers on this host; null (upstream): all. */
  paymentBadges: string[] | null;
}

/**
 * The cart behind the `cart` cookie; an unknown, closed or empty one is no cart. A backend that cannot
 * answer is no cart either, unless the cart is the page (`critical`): then it fails the page (→ 503)
 * rather than show an empty cart that looks real.
 */
export async function loadCart(c: Context<AppEnv>, critical = false): Promise<Cart | null> {
  const id = cartIdCookie(c);
  if (!id) return null;
  const cart = completeCart(
    await c.var.commerce.cart(id, {}).catch((error: unknown) => {
      if (critical && isBackendFailure(error)) throw error;
      return null;
    }),
  );
  return cart && !isEmptyCart(cart) ? cart : null;
}

/**
 * A signed-in shopper whose browser holds no cart (another browser, or the last one was ordered) gets the
 * account's open cart, and this browser keeps it from now on: the cart follows the customer, with its
 * coupon and cashback, instead of a second cart that the first would hold the cashback against.
 */
async function accountCart(c: Context<AppEnv>): Promise<Cart | null> {
  const cart = completeCart(await c.var.commerce.attachCartToCustomer({ cartId: null }).catch(() => null));
  if (!cart || isEmptyCart(cart)) return null;
  setCartCookies(c, cart.hash);
  return cart;
}

/** The menu is the one shell part no page goes without: any failure to load it is a backend failure (→ 503). */
async function loadMenu(c: Context<AppEnv>): Promise<MenuItem[]> {
  try {
    return await c.var.commerce.liveMenus();
  } catch (error) {
    throw new BackendUnavailable(`live-menus: ${String(error)}`, { cause: error });
  }
}

/**
 * Critical data every page awaits before rendering, in parallel: the menu (without it the page fails
 * with the branded 503); parameters, WhatsApp links, the customer and the cart degrade to nothing.
 */
export async function loadShell(
  c: Context<AppEnv>,
  opts: { transparent: boolean; criticalCart?: boolean; searchTerm?: string; hideHeader?: boolean },
): Promise<ShellData> {
  const commerce = c.var.commerce;
  // Only the web header fetches its menu by URL: the app's layout and the checkout read no version for it.
  const webHeader = !opts.hideHeader && !c.var.appMode;
  const [liveMenu, liveParams, whatsapp, me, cart, version, methods] = await Promise.all([
    loadMenu(c),
    orEmpty<Parameter>(c, 'parameters', () => commerce.parameters()),
    commerce.whatsapp().catch(() => null),
    // A failing `me` is an empty user (spec §4).
    c.var.session.token ? commerce.me().catch(() => null) : null,
    // A page for the edge cache is the same for every anonymous shopper: the cart comes from the browser.
    c.var.sharedRender
      ? null
      : loadCart(c, opts.criticalCart).then((cart) => cart ?? (c.var.session.token ? accountCart(c) : null)),
    webHeader ? contentVersion(c) : null,
    // The embedded backend answers from its configured providers, without a database trip; an upstream is not asked.
    c.var.config.upstream ? null : commerce.paymentMethods().catch(() => null),
  ]);
  const { menu, params, preview } = await withPreview(c, { menu: liveMenu, params: liveParams });
  const parameters = new Map(params.map((p) => [p.key, p.value]));
  const promotion = promotionFrom(parameters, Date.now());
  return {
    menu,
    parameters,
    user: me ? { id: me.id, name: me.name } : null,
    sessionRefused: !!c.var.session.token && !me,
    favoriteIds: me ? parseFavoritesCookie(getCookie(c, COOKIE.favorites)) : [],
    cart: cart ? slimCart(cart) : null,
    whatsapp,
    menuUrl: headerMenuUrl(version, preview),
    paymentBadges: methods ? paymentBadges(methods.methods) : null,
    header: {
      menu: toNavItems(menu, c.var.config.imageHost),
      promotion: promotion ? { ...promotion, html: sanitizeHtml(promotion.html) } : null,
      announcements: stripFrom(parameters, ANNOUNCEMENTS),
      ...(preview ? { preview } : {}),
      transparent: opts.transparent,
      whatsappUrl: whatsapp?.mountedURL ?? null,
      ...(opts.searchTerm ? { searchTerm: opts.searchTerm } : {}),
    },
  };
}
