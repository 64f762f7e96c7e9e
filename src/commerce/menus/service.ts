import { DISPLAY_TYPES, type MenuItem } from '../../contracts/menus';
import { DomainError } from '../domain-error';
import type { MenuItemRow, MenusRepo } from './repo';

function toItem(row: MenuItemRow): MenuItem {
  const display = (DISPLAY_TYPES as readonly string[]).includes(row.display_type)
    ? (row.display_type as MenuItem['display_type'])
    : 'other';
  const { parent_id: _parent, ...fields } = row;
  return { ...fields, display_type: display, items: [] };
}

/** Rows arrive parents-first (ordered by depth), so one pass builds the tree. */
export function buildTree(rows: MenuItemRow[]): MenuItem[] {
  const byId = new Map<number, MenuItem>();
  const roots: MenuItem[] = [];
  for (const row of rows) {
    const item = toItem(row);
    byId.set(row.id, item);
    const parent = row.parent_id === null ? undefined : byId.get(row.parent_id);
    if (row.parent_id === null) roots.push(item);
    else if (parent) parent.items.push(item);
  }
  return roots;
}

export async function menuTree(deps: { repo: MenusRepo }, name: string): Promise<MenuItem[]> {
  const rows = await deps.repo.itemsOf(name);
  if (rows.length === 0) throw new DomainError('NOT_FOUND', 'Menu não encontrado.');
  return buildTree(rows);
}
