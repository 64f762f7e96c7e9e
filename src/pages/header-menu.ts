import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { toNavItems } from '../lib/menu/nav';
import { withPreview } from './content-preview';
import { contentVersion } from '../edge-cache';

const PATH = '/header-menu.json';

/**
 * Where the Header island takes its menu when it hydrates. Pages do not carry the menu's JSON (about 1 KB gzip,
 * the difference between a listing's HTML fitting the first TCP round trip or not); the header's
 * markup already shows it. The URL names the content version the page was rendered at, so the answer is
 * cacheable by the browser across pages until the next catalog or menu change (ADR 0018).
 */
export function headerMenuUrl(version: number | null, preview = false): string {
  if (preview) return `${PATH}?previa=1`;
  return version === null ? PATH : `${PATH}?v=${version}`;
}

/** The header's menu as the page rendered it (`NavItem[]`); cacheable only when asked at the current version. */
export const headerMenuRoutes = new Hono<AppEnv>().get(PATH, async (c) => {
  const [live, version] = await Promise.all([c.var.commerce.liveMenus().catch(() => null), contentVersion(c)]);
  if (!live)
    return c.json({ error: 'O menu está indisponível no momento. Tente novamente em instantes.' }, 503, {
      'Cache-Control': 'no-store',
    });
  // A previewing staff member's draft menu is theirs alone: never stored by the browser.
  const { menu, preview } = c.req.query('previa')
    ? await withPreview(c, { menu: live, params: [] })
    : { menu: live, preview: false };
  const current = !preview && version !== null && c.req.query('v') === String(version);
  return c.json(toNavItems(menu, c.var.config.imageHost), 200, {
    'Cache-Control': current ? 'public, max-age=86400' : 'no-store',
  });
});
