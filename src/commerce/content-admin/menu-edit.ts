import { CONTENT_MESSAGES as M, type MenuEntrySave } from '../../contracts/content';
import type { MenuItem } from '../../contracts/menus';
import { DomainError } from '../domain-error';

// The Menu-Topo draft's edits, on a copy of the tree (the draft document is replaced whole).

interface Found {
  item: MenuItem;
  siblings: MenuItem[];
  index: number;
}

function find(items: MenuItem[], id: number): Found | null {
  for (const [index, item] of items.entries()) {
    if (item.id === id) return { item, siblings: items, index };
    const inner = find(item.items, id);
    if (inner) return inner;
  }
  return null;
}

const found = (tree: MenuItem[], id: number, message: string = M.entryNotFound): Found => {
  const hit = find(tree, id);
  if (!hit) throw new DomainError('NOT_FOUND', message);
  return hit;
};

export const maxId = (items: MenuItem[]): number => items.reduce((max, i) => Math.max(max, i.id, maxId(i.items)), 0);

/** The entry's fields as the stored menu item (its children and icon kept). */
export function entryFields(input: MenuEntrySave): Omit<MenuItem, 'id' | 'items' | 'icon'> {
  return {
    name: input.name,
    url: input.url,
    id_slug: input.slug,
    type_link: input.typeLink,
    destiny_link: input.destinyLink,
    display_type: input.displayType,
    color_item: input.color,
    css_class: input.cssClass,
    image: input.image,
    content_button: input.buttonText,
  };
}

/** The tree with `entry` added last under `parentId` (null: top level), as `id`. */
export function addEntry(tree: MenuItem[], parentId: number | null, entry: MenuEntrySave, id: number): MenuItem[] {
  const copy = structuredClone(tree);
  const siblings = parentId === null ? copy : found(copy, parentId, M.parentNotFound).item.items;
  siblings.push({ id, ...entryFields(entry), icon: null, items: [] });
  return copy;
}

/** The tree with entry `id` changed; `before`/`after`: its changed fields (the audit row's). */
export function updateEntry(
  tree: MenuItem[],
  id: number,
  entry: MenuEntrySave,
): { tree: MenuItem[]; before: MenuItem } {
  const copy = structuredClone(tree);
  const hit = found(copy, id);
  const before = structuredClone(hit.item);
  Object.assign(hit.item, entryFields(entry));
  return { tree: copy, before };
}

/** The tree without entry `id` (and its children). */
export function removeEntry(tree: MenuItem[], id: number): { tree: MenuItem[]; removed: MenuItem } {
  const copy = structuredClone(tree);
  const hit = found(copy, id);
  hit.siblings.splice(hit.index, 1);
  return { tree: copy, removed: hit.item };
}

/** The tree with entry `id` one place up or down among its siblings. */
export function moveEntry(
  tree: MenuItem[],
  id: number,
  direction: 'up' | 'down',
): { tree: MenuItem[]; from: number; to: number } {
  const copy = structuredClone(tree);
  const hit = found(copy, id);
  const to = hit.index + (direction === 'up' ? -1 : 1);
  if (to < 0 || to >= hit.siblings.length) throw new DomainError('UNPROCESSABLE', M.cannotMove);
  [hit.siblings[hit.index], hit.siblings[to]] = [hit.siblings[to]!, hit.siblings[hit.index]!];
  return { tree: copy, from: hit.index, to };
}

/** The tree as `menu_items` rows, parents before children (their foreign key). */
export function menuRows(
  items: MenuItem[],
  parent: number | null = null,
  depth = 0,
): (MenuItem & { parent: number | null; depth: number; position: number })[] {
  return items.flatMap((item, position) => [
    { ...item, parent, depth, position },
    ...menuRows(item.items, item.id, depth + 1),
  ]);
}
