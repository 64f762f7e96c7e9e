import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { MenuItem } from '../contracts/menus';
import type { Parameter } from '../contracts/parameters';
import type { WhatsappResponse } from '../contracts/whatsapp';
import type { AppEnv } from '../env';
import type { SessionUser } from '../../client/stores/session';
import { completeCart, isEmptyCart, slimCart, type BagCart } from '../lib/bag';
import { parseFavoritesCookie } from '../lib/favorites';
import { toNavItems } from '../lib/nav';
import { promotionFrom } from '../lib/promotion';
import type { HeaderProps } from '../ui/header/types';
import { sanitizeHtml } from './sanitize';

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
  /** The shopper's bag (from the `cart` cookie), so the badge and the bag render without a flash. */
  cart: BagCart | null;
  /** GET /api/whatsapp's answer (central and per-store chat links); null when unavailable. */
  whatsapp: WhatsappResponse | null;
  /** Favourite item ids from the `favorites` cookie, signed in only (spec §6): hearts render without a flash. */
  favoriteIds: number[];
}

const CART_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** The bag behind the `cart` cookie; an unknown, closed or empty one is no bag (never a failed page). */
export async function loadCart(c: Context<AppEnv>): Promise<BagCart | null> {
  const id = getCookie(c, 'cart');
  if (!id || !CART_ID.test(id)) return null;
  const cart = completeCart(await c.var.commerce.cart(id, {}).catch(() => null));
  return cart && !isEmptyCart(cart) ? cart : null;
}

/** Critical data every page awaits before rendering: menu and parameters, in parallel. */
export async function loadShell(c: Context<AppEnv>, opts: { transparent: boolean }): Promise<ShellData> {
  const commerce = c.var.commerce;
  // A page for the edge cache is the same for every anonymous shopper: the bag comes from the browser.
  const cartFor = c.var.sharedRender ? Promise.resolve(null) : loadCart(c);
  const [menu, params, whatsapp, me] = await Promise.all([
    orEmpty(c, 'live-menus', () => commerce.liveMenus()),
    orEmpty<Parameter>(c, 'parameters', () => commerce.parameters()),
    commerce.whatsapp().catch(() => null),
    // A failing `me` is an empty user (spec §4).
    c.var.session.token ? commerce.me().catch(() => null) : null,
  ]);
  const cart = await cartFor;
  const parameters = new Map(params.map((p) => [p.key, p.value]));
  const promotion = promotionFrom(parameters, Date.now());
  return {
    menu,
    parameters,
    user: me ? { id: me.id, name: me.name } : null,
    sessionRefused: !!c.var.session.token && !me,
    favoriteIds: me ? parseFavoritesCookie(getCookie(c, 'favorites')) : [],
    cart: cart ? slimCart(cart) : null,
    whatsapp,
    header: {
      menu: toNavItems(menu, c.var.config.imageHost),
      promotion: promotion ? { ...promotion, html: sanitizeHtml(promotion.html) } : null,
      transparent: opts.transparent,
      whatsappUrl: whatsapp?.mountedURL ?? null,
    },
  };
}
