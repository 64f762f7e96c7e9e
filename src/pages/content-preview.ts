import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { contentParams } from '../contracts/content';
import type { MenuItem } from '../contracts/menus';
import type { Parameter } from '../contracts/parameters';
import type { AppEnv } from '../env';

/**
 * The content draft's preview (ADR 0033): a staff member who asked for it (this cookie, set from /painel/conteudo)
 * sees the storefront with the draft. Only a signed-in staff member: the port checks the session, so the cookie
 * alone shows nothing, and a signed-in request never reaches the edge cache (ADR 0018).
 */
export const PREVIEW_COOKIE = 'vitrine_previa';

export interface ShellContent {
  menu: MenuItem[];
  params: Parameter[];
  preview: boolean;
}

/** The menu and parameters a page shows: the live ones, or the draft's for a previewing staff member. */
export async function withPreview(
  c: Context<AppEnv>,
  live: { menu: MenuItem[]; params: Parameter[] },
): Promise<ShellContent> {
  if (!c.var.session.token || getCookie(c, PREVIEW_COOKIE) !== '1') return { ...live, preview: false };
  const draft = await c.var.commerce.backofficeContentPreview().catch(() => null);
  if (!draft) return { ...live, preview: false };
  const drafted = contentParams(draft);
  const keys = new Set(Object.keys(drafted));
  const params = [
    ...live.params.filter((p) => !keys.has(p.key)),
    ...Object.entries(drafted).map(([key, value]) => ({ key, value })),
  ];
  return { menu: draft.menu, params, preview: true };
}
