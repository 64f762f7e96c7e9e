import menuTopo from './menu-topo.json';
import { dict } from '../../lib/security/dict';

// What the generated catalog reads of the Menu-Topo tree: department names, every slug's name, listing ancestors.
interface MenuNode {
  name: string;
  slug: string;
  display_type?: string;
  items?: MenuNode[];
}

export const DEPARTMENTS: Record<string, string> = dict(
  Object.fromEntries((menuTopo as MenuNode[]).map((m) => [m.slug, m.name])),
);

function menuNames(nodes: MenuNode[], out = new Map<string, string>()): Map<string, string> {
  for (const node of nodes) {
    if (!out.has(node.slug)) out.set(node.slug, node.name);
    menuNames(node.items ?? [], out);
  }
  return out;
}
export const NAMES = menuNames(menuTopo as MenuNode[]);

/**
 * Listing slugs a product tagged with a slug also belongs to: every menu ancestor of that slug in the same
 * department (so `moda/vestidos` joins `moda/roupas` and `moda`, but a modality shortcut to `fitness` placed
 * under `moda` does not pull fitness products into `moda`).
 */
function ancestorsOf(
  nodes: MenuNode[],
  chain: string[] = [],
  out = new Map<string, Set<string>>(),
): Map<string, Set<string>> {
  for (const node of nodes) {
    const department = node.slug.split('/')[0];
    const set = out.get(node.slug) ?? new Set<string>();
    for (const a of chain) if (a.split('/')[0] === department && a !== node.slug) set.add(a);
    out.set(node.slug, set);
    if (node.items) ancestorsOf(node.items, [...chain, node.slug], out);
  }
  return out;
}
export const ANCESTORS = ancestorsOf(menuTopo as MenuNode[]);
