import type { MenuItem } from '../../contracts/menus';
import { menuImage } from '../site/images';
import { menuLink } from './menu-link';

/** The menu as the header renders it: click rules already resolved, only the fields views use. */
export interface NavItem {
  id: number;
  name: string;
  href: string;
  newTab: boolean;
  displayType: MenuItem['display_type'];
  image: string | null;
  buttonText: string | null;
  color: string | null;
  cssClass: string | null;
  items: NavItem[];
}

export function toNavItems(items: MenuItem[], imageHost: string): NavItem[] {
  return items.map((item) => ({
    id: item.id,
    name: item.name,
    ...menuLink(item),
    displayType: item.display_type,
    image: item.image ? menuImage(imageHost, item.image) : null,
    buttonText: item.content_button,
    color: item.color_item,
    cssClass: item.css_class,
    items: toNavItems(item.items, imageHost),
  }));
}

/** Spec §2: entries 958 and 1280 show children as plain buttons plus banner cards. */
export const BANNER_MENU_IDS: ReadonlySet<number> = new Set([958, 1280]);
