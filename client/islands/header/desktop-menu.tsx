import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import type { NavItem } from '../../../src/lib/menu/nav';
import { colorStyle, MenuAnchor } from '../../../src/ui/menu/menu-anchor';
import { MenuPanelBody } from '../../../src/ui/menu/menu-panel-body';
import { useStores } from '../../stores';
import { isLinkClick, useMenuPointerLock } from './menu-pointer-lock';
import { menuAnchorStyle } from './menu-position';

// Grace period so the pointer can cross the gap between an entry and its panel.
const CLOSE_DELAY_MS = 150;

const panelId = (id: number) => `menu-panel-${id}`;
const entryId = (id: number) => `menu-top-${id}`;

/** Desktop top menu (> 1000 px): links, with hover/keyboard mega panels for entries with children. */
export function DesktopMenu({ menu }: { menu: NavItem[] }) {
  const { appMode } = useStores();
  const [openId, setOpenId] = useState<number | null>(null);
  const [anchor, setAnchor] = useState<CSSProperties | undefined>(undefined);
  const [locked, lock] = useMenuPointerLock();
  const nav = useRef<HTMLElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const focusFirst = useRef(false);

  const open = (id: number) => {
    clearTimeout(closeTimer.current);
    setAnchor(menuAnchorStyle(nav.current));
    setOpenId(id);
  };
  const close = () => {
    clearTimeout(closeTimer.current);
    setOpenId(null);
  };
  const closeSoon = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpenId(null), CLOSE_DELAY_MS);
  };

  useEffect(() => {
    if (openId === null) return;
    if (focusFirst.current) {
      focusFirst.current = false;
      document.getElementById(panelId(openId))?.querySelector<HTMLElement>('a[href]')?.focus();
    }
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      if (document.getElementById(panelId(openId))?.contains(document.activeElement)) {
        document.getElementById(entryId(openId))?.focus();
      }
      setOpenId(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [openId]);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  // Live from here on: the panels follow this island's state, no longer the hover rule of the server's markup
  // (client/styles/20-menu.css), and the entry the pointer is already on (its hover is what loaded this island) opens.
  const [live, setLive] = useState(false);
  useEffect(() => {
    setLive(true);
    const hovered = nav.current?.querySelector<HTMLElement>('.menu-desktop__item:hover > [id^="menu-top-"]');
    const id = Number(hovered?.id.slice('menu-top-'.length));
    if (menu.some((entry) => entry.id === id && entry.items.length > 0)) open(id);
    // Once, on mount: later entries open by their own mouseenter.
  }, []);

  const onEntryKey = (e: KeyboardEvent<HTMLAnchorElement>, id: number) => {
    const isOpen = openId === id;
    if (e.key === 'ArrowDown' || (e.key === 'Enter' && !isOpen)) {
      // Enter on a closed entry opens its panel; Enter again follows the link.
      e.preventDefault();
      focusFirst.current = e.key === 'ArrowDown';
      open(id);
    }
  };

  return (
    <nav
      ref={nav}
      className={`menu-desktop${live ? ' menu-desktop--live' : ''}${locked ? ' menu--locked' : ''}`}
      aria-label="Menu principal"
      style={anchor}
      onClick={(e) => {
        if (!isLinkClick(e)) return;
        lock();
        close();
      }}
    >
      <ul className="menu-desktop__list">
        {menu.map((entry) => {
          const hasPanel = entry.items.length > 0;
          const isOpen = openId === entry.id;
          return (
            <li
              key={entry.id}
              className={`menu-desktop__item${isOpen ? ' is-open' : ''}`}
              onMouseEnter={hasPanel ? () => open(entry.id) : close}
              onMouseLeave={hasPanel ? closeSoon : undefined}
              onBlur={(e) => {
                if (isOpen && !e.currentTarget.contains(e.relatedTarget as Node | null)) close();
              }}
            >
              <MenuAnchor
                item={entry}
                fullLoad={appMode}
                id={entryId(entry.id)}
                className={`menu-desktop__link${entry.cssClass ? ` ${entry.cssClass}` : ''}`}
                style={colorStyle(entry)}
                aria-expanded={hasPanel ? isOpen : undefined}
                aria-controls={hasPanel ? panelId(entry.id) : undefined}
                onKeyDown={hasPanel ? (e) => onEntryKey(e, entry.id) : undefined}
              >
                {entry.name}
              </MenuAnchor>
              {hasPanel ? (
                <div id={panelId(entry.id)} className="menu-panel">
                  <MenuPanelBody entry={entry} fullLoad={appMode} idPrefix="menu-d" />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
