import type { Suggestions } from '../../contracts/catalog';
import type { MenuItem } from '../../contracts/menus';
import { menuLink } from '../../lib/menu/menu-link';
import { foldText } from '../../lib/format/text';

const MAX_CATEGORIES = 4;

/** Menu categories whose folded name contains every folded word of the query (prefix on the last). */
export function matchCategories(menu: MenuItem[], query: string): Suggestions['categories'] {
  const words = foldText(query).split(' ').filter(Boolean);
  if (words.length === 0) return [];
  const out: Suggestions['categories'] = [];
  const seen = new Set<string>();
  const visit = (items: MenuItem[]) => {
    for (const item of items) {
      const name = foldText(item.name);
      const tokens = name.split(/[^a-z0-9]+/);
      const hit = words.every((w, i) =>
        i === words.length - 1 ? tokens.some((t) => t.startsWith(w)) : tokens.includes(w),
      );
      const link = menuLink(item);
      if (hit && !link.newTab && item.name !== 'Destaques' && !seen.has(link.href)) {
        seen.add(link.href);
        out.push({ name: item.name, href: link.href });
      }
      visit(item.items);
    }
  };
  visit(menu);
  return out.slice(0, MAX_CATEGORIES);
}
