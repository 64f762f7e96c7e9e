import { TOP_MENU_NAME } from '../../contracts/menus';
import type { CommercePort } from '../port';
import { menusRepo } from './repo';
import { menuTree } from './service';

/** The embedded live menus (header). */
export function embeddedMenus(db: D1Database): Pick<CommercePort, 'liveMenus'> {
  const menus = { repo: menusRepo(db) };
  return { liveMenus: () => menuTree(menus, TOP_MENU_NAME) };
}
