import type { MenuItem } from '../../contracts/menus';

export interface MenuLink {
  href: string;
  /** Open in a new tab or window. */
  newTab: boolean;
}

const ABSOLUTE = /^(?:https?:)?\/\//i;
// Any other scheme (javascript:, data:, vbscript:…) is never a navigation target.
const OTHER_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

function underSlash(path: string): string {
  return ABSOLUTE.test(path) ? path : '/' + path.replace(/^\/+/, '');
}

/**
 * Spec §2 menu click rules:
 * - link type (or destination flag) and url → the url in a new tab;
 * - url alone → the url in the same tab, under a leading slash;
 * - no url → the slug (same tab);
 * - link type without url → the slug in a new tab.
 */
export function menuLink(item: Pick<MenuItem, 'url' | 'id_slug' | 'type_link' | 'destiny_link'>): MenuLink {
  const flagged = !!(item.type_link?.trim() || item.destiny_link?.trim());
  const raw = item.url?.trim();
  const url = raw && (ABSOLUTE.test(raw) || !OTHER_SCHEME.test(raw)) ? raw : null;
  if (url) return { href: underSlash(url), newTab: flagged };
  return { href: underSlash(item.id_slug), newTab: flagged };
}
