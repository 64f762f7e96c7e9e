import type { Context } from 'hono';
import type { MenuItem } from '../contracts/menus';
import type { Parameter } from '../contracts/parameters';
import type { AppEnv } from '../env';
import type { SessionUser } from '../../client/stores/session';
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
  menu: MenuItem[];
  parameters: Map<string, string>;
}

/** Critical data every page awaits before rendering: menu and parameters, in parallel. */
export async function loadShell(c: Context<AppEnv>, opts: { transparent: boolean }): Promise<ShellData> {
  const commerce = c.var.commerce;
  const [menu, params, whatsapp, me] = await Promise.all([
    orEmpty(c, 'live-menus', () => commerce.liveMenus()),
    orEmpty<Parameter>(c, 'parameters', () => commerce.parameters()),
    commerce.whatsapp().catch(() => null),
    // A failing `me` is an empty user (spec §4).
    c.var.session.token ? commerce.me().catch(() => null) : null,
  ]);
  const parameters = new Map(params.map((p) => [p.key, p.value]));
  const promotion = promotionFrom(parameters, Date.now());
  return {
    menu,
    parameters,
    user: me ? { id: me.id, name: me.name } : null,
    header: {
      menu: toNavItems(menu, c.var.config.imageHost),
      promotion: promotion ? { ...promotion, html: sanitizeHtml(promotion.html) } : null,
      transparent: opts.transparent,
      whatsappUrl: whatsapp?.mountedURL ?? null,
    },
  };
}
