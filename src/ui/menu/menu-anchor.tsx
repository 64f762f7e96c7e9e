import type { AnchorHTMLAttributes, CSSProperties } from 'react';
import type { NavItem } from '../../lib/menu/nav';

export interface MenuAnchorProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  item: Pick<NavItem, 'href' | 'newTab'>;
  /** App webview: menu navigations are full page loads (the navigator skips `data-full-load`). */
  fullLoad: boolean;
}

/** A menu link with the click rules already resolved (spec §2): a real `<a href>` for crawlers and no-JS. */
export function MenuAnchor({ item, fullLoad, children, ...rest }: MenuAnchorProps) {
  return (
    <a
      {...rest}
      href={item.href}
      target={item.newTab ? '_blank' : undefined}
      rel={item.newTab ? 'noopener' : undefined}
      data-full-load={fullLoad ? '' : undefined}
    >
      {children}
    </a>
  );
}

/** "Ver tudo" as the spec writes it, with the section name for screen readers (many share the label). */
export function SeeAll({ item, fullLoad }: { item: NavItem; fullLoad: boolean }) {
  return (
    <MenuAnchor item={item} fullLoad={fullLoad} className="menu-see-all">
      Ver tudo<span className="menu-sr"> em {item.name}</span>
    </MenuAnchor>
  );
}

/** The operator's `color_item` for an entry, if any. */
export function colorStyle(item: Pick<NavItem, 'color'>): CSSProperties | undefined {
  return item.color ? { color: item.color } : undefined;
}

/** The custom property the phone drawer's entries take their colour from (a light drawer: see 21-menu-open.css). */
export const DRAWER_COLOR_PROPERTY = '--entry-color';

/**
 * The drawer's entry colour: the operator's `color_item` as a custom property, which the drawer's stylesheet darkens
 * until it reads on its light background (the desktop bar is dark: a colour chosen for it, like a light coral, is
 * 2.3:1 on white). No single colour reads on both.
 */
export function drawerColorStyle(item: Pick<NavItem, 'color'>): CSSProperties | undefined {
  return item.color ? ({ [DRAWER_COLOR_PROPERTY]: item.color } as CSSProperties) : undefined;
}
