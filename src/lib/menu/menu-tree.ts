import type { NavItem } from './nav';

/**
 * The menu entries leading to the entry whose internal link is `path` (new-tab ones included: a link
 * opened in a new tab must still land on a page) (top-level department first, the
 * entry last), or null when no entry links there. The shallowest match wins: `/fitness` is the Fitness
 * department even though Moda › Modalidades › Treino links there too.
 */
export function menuTrail(menu: NavItem[], path: string): NavItem[] | null {
  let best: NavItem[] | null = null;
  const walk = (items: NavItem[], trail: NavItem[]) => {
    for (const item of items) {
      const here = [...trail, item];
      if (best && here.length >= best.length) continue;
      if (item.href === path && item.href.startsWith('/')) best = here;
      else walk(item.items, here);
    }
  };
  walk(menu, []);
  return best;
}

/** Top-level entries that open in the same tab (departments, collections): where to go from a dead end. */
export function departmentLinks(menu: NavItem[]): NavItem[] {
  return menu.filter((item) => !item.newTab && item.href.startsWith('/'));
}

/** Category shortcuts for an empty search: leaf entries, taken in turns from each department, no departments. */
export function popularCategories(menu: NavItem[], limit = 8): NavItem[] {
  const leaves = (items: NavItem[]): NavItem[] =>
    items.flatMap((i) => (i.newTab || i.displayType === 'banner' ? [] : i.items.length ? leaves(i.items) : [i]));
  const queues = departmentLinks(menu)
    .map((d) => leaves(d.items))
    .filter((q) => q.length > 0);
  const out: NavItem[] = [];
  // A leaf that links to a department (Modalidades › Praia → /moda-praia) is no category shortcut.
  const seen = new Set<string>(departmentLinks(menu).map((d) => d.href));
  for (let round = 0; out.length < limit && queues.some((q) => q.length > round); round++) {
    for (const queue of queues) {
      const item = queue[round];
      if (!item || seen.has(item.href) || out.length >= limit) continue;
      seen.add(item.href);
      out.push(item);
    }
  }
  return out;
}
