import { BANNER_MENU_IDS, type NavItem } from '../../lib/menu/nav';

export interface MenuGroups {
  /** Banner entries (958, 1280): every non-banner child as a plain button. */
  plain: boolean;
  columns: NavItem[];
  modalities: NavItem[];
  links: NavItem[];
  banners: NavItem[];
}

/** Spec §2: an item named Destaques is not shown as its own button; its children join the other links. */
function isHighlights(item: NavItem): boolean {
  return item.name.trim().toLowerCase() === 'destaques';
}

/** How a top-level entry's panel lays out its children (spec §2 "Main navigation menu"). */
export function menuGroups(entry: NavItem): MenuGroups {
  const plain = BANNER_MENU_IDS.has(entry.id);
  const groups: MenuGroups = { plain, columns: [], modalities: [], links: [], banners: [] };
  for (const child of entry.items) {
    if (child.displayType === 'banner') groups.banners.push(child);
    else if (isHighlights(child)) groups.links.push(...child.items);
    else if (plain) groups.links.push(child);
    else if (child.displayType === 'column') groups.columns.push(child);
    else if (child.displayType === 'modality') groups.modalities.push(child);
    else groups.links.push(child);
  }
  return groups;
}
