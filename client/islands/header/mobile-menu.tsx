import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { NavItem } from '../../../src/lib/menu/nav';
import { drawerColorStyle, MenuAnchor } from '../../../src/ui/menu/menu-anchor';
import { MenuAccount, MenuServiceLinks } from '../../../src/ui/menu/menu-drawer-parts';
import { MenuPanelBody } from '../../../src/ui/menu/menu-panel-body';
import { useStores } from '../../stores';
import { isLinkClick, useMenuPointerLock } from './menu-pointer-lock';
import { menuAnchorStyle } from './menu-position';

const DRAWER_ID = 'menu-drawer';
const DESKTOP = '(min-width: 1001px)';
const entryId = (id: number) => `menu-entry-${id}`;

/** Back arrow only when there is somewhere to go back to; decided after mount (no hydration mismatch). */
function useHasHistory(): boolean {
  const [has, setHas] = useState(false);
  useEffect(() => {
    const update = () => setHas(history.length > 1);
    update();
    window.addEventListener('vitrine:navigate', update);
    window.addEventListener('popstate', update);
    return () => {
      window.removeEventListener('vitrine:navigate', update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return has;
}

/**
 * Hamburger menu (≤ 1000 px). Open state lives in `ui.menuOpen` so search and navigation can close it.
 * `whatsappUrl` comes with the header's props; the drawer's chat link goes to the stores-by-chat page.
 */
export function MobileMenu({ menu }: { menu: NavItem[]; whatsappUrl: string | null }) {
  useSignals();
  const { ui, session, appMode } = useStores();
  const open = ui.menuOpen.value;
  const [activeId, setActiveId] = useState<number | null>(null);
  const [anchor, setAnchor] = useState<CSSProperties | undefined>(undefined);
  const [locked, lock] = useMenuPointerLock();
  const hasHistory = useHasHistory();
  const root = useRef<HTMLDivElement>(null);
  const burger = useRef<HTMLAnchorElement>(null);
  const drawer = useRef<HTMLElement>(null);
  const wasOpen = useRef(false);
  const lastEntry = useRef<number | null>(null);
  const active = menu.find((entry) => entry.id === activeId) ?? null;

  useEffect(() => {
    document.body.classList.toggle('menu-open', open);
    if (!open) {
      setActiveId(null);
      const focus = document.activeElement;
      if (wasOpen.current && (!focus || focus === document.body || drawer.current?.contains(focus)))
        burger.current?.focus();
      wasOpen.current = false;
      return;
    }
    wasOpen.current = true;
    drawer.current?.querySelector<HTMLElement>('a[href], button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') ui.setMenuOpen(false);
    };
    const desktop = matchMedia(DESKTOP);
    const onWide = () => desktop.matches && ui.setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    desktop.addEventListener('change', onWide);
    return () => {
      document.removeEventListener('keydown', onKey);
      desktop.removeEventListener('change', onWide);
    };
  }, [open, ui]);

  // Moving between the root list and a sub-panel keeps focus at the matching control.
  useEffect(() => {
    if (!open) {
      lastEntry.current = null;
      return;
    }
    if (activeId !== null) drawer.current?.querySelector<HTMLElement>('.menu-drawer__back')?.focus();
    else if (lastEntry.current !== null) document.getElementById(entryId(lastEntry.current))?.focus();
    lastEntry.current = activeId;
  }, [activeId, open]);

  const toggle = () => {
    if (!open) setAnchor(menuAnchorStyle(root.current));
    ui.setMenuOpen(!open);
  };

  return (
    <div ref={root} className={`menu-mobile${locked ? ' menu--locked' : ''}`} style={anchor}>
      {/* A link to every department (the site map) that the island turns into the drawer's button: without
          JavaScript the tap still leads somewhere; with it, a tap before hydration is held and replayed. */}
      <a
        ref={burger}
        href="/mapa-do-site"
        role="button"
        className="menu-mobile__burger"
        aria-label="Abrir menu"
        aria-expanded={open}
        aria-controls={DRAWER_ID}
        onClick={(event) => {
          event.preventDefault();
          toggle();
        }}
        onKeyDown={(event) => {
          // A button opens with Space too (a link only with Enter).
          if (event.key !== ' ') return;
          event.preventDefault();
          toggle();
        }}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" />
        </svg>
      </a>
      <button
        type="button"
        className="menu-mobile__history"
        aria-label="Voltar à página anterior"
        disabled={!hasHistory}
        onClick={() => history.back()}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <div className="menu-backdrop" hidden={!open} onClick={() => ui.setMenuOpen(false)} />
      <nav
        ref={drawer}
        id={DRAWER_ID}
        className="menu-drawer"
        aria-label="Menu principal"
        hidden={!open}
        onClick={(e) => {
          if (!isLinkClick(e)) return;
          lock();
          ui.setMenuOpen(false);
        }}
      >
        {active ? (
          <div className="menu-drawer__sub">
            <button type="button" className="menu-drawer__back" onClick={() => setActiveId(null)}>
              Voltar
            </button>
            <MenuPanelBody entry={active} fullLoad={appMode} idPrefix="menu-m" />
          </div>
        ) : (
          <>
            <MenuAccount firstName={session.firstName.value} fullLoad={appMode} />
            <ul className="menu-drawer__list">
              {menu.map((entry) => (
                <li key={entry.id}>
                  {entry.items.length > 0 ? (
                    <button
                      type="button"
                      id={entryId(entry.id)}
                      className="menu-drawer__entry"
                      style={drawerColorStyle(entry)}
                      onClick={() => setActiveId(entry.id)}
                    >
                      {entry.name}
                    </button>
                  ) : (
                    <MenuAnchor
                      item={entry}
                      fullLoad={appMode}
                      className="menu-drawer__entry"
                      style={drawerColorStyle(entry)}
                    >
                      {entry.name}
                    </MenuAnchor>
                  )}
                </li>
              ))}
            </ul>
            <MenuServiceLinks menu={menu} fullLoad={appMode} />
          </>
        )}
      </nav>
    </div>
  );
}
