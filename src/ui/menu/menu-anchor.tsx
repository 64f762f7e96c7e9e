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
