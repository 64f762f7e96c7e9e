import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import type { HeaderWireProps } from '../src/ui/header/types';
import { useEffect, type ComponentType, type ReactNode } from 'react';
import { islands, type IslandName } from './islands';
import { headerProps } from './islands/header/menu-source';
import { lazyIslands, type LazyIslandName } from './islands/lazy';
import { createStores, StoresContext, type Bootstrap, type Stores } from './stores';
import { startNavigator } from './navigation';
import { ApiRequestError, onUnauthorized } from './api';
import { clearReadableSessionCookies } from './gateways/session';
import { httpGateways } from './gateways';
import { browserPersistence } from './cart-persistence';
import { APP_OPEN_REDIRECT_ENABLED } from '../src/lib/site/app-mode';
import { startAffiliateTracking } from './affiliate';
import { startPageScripts, stopPageScripts } from './page-scripts';
import { dict } from '../src/lib/security/dict';

const roots = new Map<Element, Root>();

/**
 * Hydrates every island under `scope` that is not hydrated yet, all sharing one store instance. Resolves
 * once every one of them, lazy ones included (their chunks load first), has committed its hydration.
 */
export function hydrateIslands(scope: ParentNode, stores: Stores): Promise<void> {
  const pending: Promise<void>[] = [];
  for (const el of scope.querySelectorAll<HTMLElement>('[data-island]')) {
    if (roots.has(el) || !parsed(el)) continue;
    const name = el.dataset.island as IslandName;
    const Component = islands[name] as ComponentType<Record<string, unknown>> | undefined;
    if (Component) pending.push(mount(el, Component, stores));
    else if (name in lazyIslands) {
      let load = loading.get(el);
      if (!load) {
        load = lazyIslands[name as unknown as LazyIslandName]().then((Lazy) => {
          loading.delete(el);
          return el.isConnected && !roots.has(el) ? mount(el, Lazy, stores) : undefined;
        });
        loading.set(el, load);
      }
      pending.push(load);
    }
  }
  return Promise.all(pending).then(() => undefined);
}

const loading = new WeakMap<Element, Promise<void>>();
/** Roots being unmounted: React's "early update" (#424) for a root not hydrated yet is expected there. */
const leaving = new WeakSet<Element>();

/**
 * The bundle is an async module and may run while the document still streams: an island whose markup
 * is not fully parsed yet (the parser has nothing after it) waits for DOMContentLoaded, otherwise React
 * would hydrate half of it (hydration errors on listings, whose results stream late).
 */
function parsed(el: Element): boolean {
  if (document.readyState !== 'loading') return true;
  for (let node: Element | null = el; node; node = node.parentElement) if (node.nextSibling) return true;
  return false;
}

/** Calls `onCommit` once React has committed the island's hydration (no DOM of its own). */
function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return children;
}

// Islands not committed yet: one unmounted first (a navigation) settles its promise too.
const committing = new Map<Element, () => void>();

/** Islands whose page carries part of their props: the rest is fetched before they hydrate. */
const completeProps: Partial<Record<string, (wire: never, stores: Stores) => Promise<object>>> = dict({
  Header: headerProps,
});
/** Islands whose props are being completed: not mounted twice meanwhile. */
const completing = new WeakSet<Element>();

/**
 * Hydrates one island; resolves once React has committed its hydration. An island whose props cannot be completed
 * (offline) is left as the server rendered it: its links still work, as before any script ran.
 */
function mount(el: HTMLElement, Component: ComponentType<Record<string, unknown>>, stores: Stores): Promise<void> {
  const data = el.previousElementSibling;
  const props = (data?.matches('script[data-island-props]') ? JSON.parse(data.textContent ?? '{}') : {}) as Record<
    string,
    unknown
  >;
  const complete = completeProps[el.dataset.island ?? ''];
  if (!complete) return hydrate(el, Component, stores, props);
  if (completing.has(el)) return Promise.resolve();
  completing.add(el);
  return complete(props as never, stores).then(
    (full) => {
      completing.delete(el);
      return el.isConnected && !roots.has(el)
        ? hydrate(el, Component, stores, full as Record<string, unknown>)
        : undefined;
    },
    (error: unknown) => {
      completing.delete(el);
      // Offline or the server away: the island stays as the server rendered it (its links and hover panels work,
      // client/styles/20-menu.css); only a broken answer is a bug worth reporting.
      if (!(error instanceof ApiRequestError && (error.status === 0 || error.status >= 500))) reportError(error);
    },
  );
}

function hydrate(
  el: HTMLElement,
  Component: ComponentType<Record<string, unknown>>,
  stores: Stores,
  props: Record<string, unknown>,
): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      committing.delete(el);
      resolve();
    };
    committing.set(el, done);
    roots.set(
      el,
      hydrateRoot(
        el,
        <StoresContext value={stores}>
          <Committed onCommit={done}>
            <Component {...props} />
          </Committed>
        </StoresContext>,
        {
          // A navigation may replace an island before React got to hydrate it; that unmount is no error.
          onRecoverableError: (error) => {
            if (!leaving.has(el)) reportError(error);
          },
        },
      ),
    );
  });
}

/** Unmounts islands inside a region that is about to be replaced by a client-side navigation. */
export function unmountIslands(scope: Element): void {
  for (const [el, root] of roots) {
    if (scope.contains(el)) {
      leaving.add(el);
      root.unmount();
      roots.delete(el);
      committing.get(el)?.();
    }
  }
}

/**
 * The first page of a webview the server took for a browser: the head script already hid the header;
 * this adds the app's floating menu (the header's menu, links as full loads) in its place.
 */
async function mountAppMenu(stores: Stores): Promise<void> {
  const source = document.querySelector('script[data-island-props="Header"]');
  const main = document.querySelector('main#conteudo');
  if (!source?.textContent || !main || document.querySelector('[data-island="AppMenu"]')) return;
  const [{ menu, whatsappUrl }, AppMenu] = await Promise.all([
    headerProps(JSON.parse(source.textContent) as HeaderWireProps, stores),
    lazyIslands.AppMenu(),
  ]);
  // The web header goes (not just hidden: its drawer would share the app menu's ids).
  const header = source.nextElementSibling;
  if (header?.matches('[data-island="Header"]')) {
    unmountIslands(header);
    header.remove();
  }
  const el = document.createElement('div');
  el.dataset.island = 'AppMenu';
  el.style.display = 'contents';
  main.before(el);
  createRoot(el).render(
    <StoresContext value={{ ...stores, appMode: true }}>
      <AppMenu menu={menu} whatsappUrl={whatsappUrl} />
    </StoresContext>,
  );
}

/**
 * Starts the app (client/main.ts calls it on the shopper's first interaction, or at once where a page cannot wait):
 * stores, session rules, islands, navigator. Resolves once the page's islands have hydrated.
 */
export function start(boot: Bootstrap, nativeBridge: boolean): Promise<void> {
  const stores = createStores(boot, { gateways: httpGateways, cartPersistence: browserPersistence });
  // Spec §4/§8: any 401 or token-signature answer clears the session (the error still reaches its caller).
  onUnauthorized(() => {
    if (!stores.session.loggedIn.value) return;
    stores.session.clear();
    stores.favorites.clear();
    clearReadableSessionCookies();
  });
  // ADR 0004: the native bridge alone means the app, even on a page the server rendered for the web.
  if (nativeBridge) stores.inApp = true;
  const first = hydrateIslands(document, stores);
  // Islands still streaming hydrate once the document is parsed.
  const parsedDocument = new Promise<void>((resolve) => {
    if (document.readyState === 'loading')
      document.addEventListener('DOMContentLoaded', () => resolve(), { once: true });
    else resolve();
  });
  const rest = parsedDocument.then(() => hydrateIslands(document, stores));
  // What the HTML does not show changes the stores only once the page's islands have hydrated, so their first
  // render is the server's: the favourites list (a 401 there even ends the session) and, on a page from the edge
  // cache (no cart in it), this browser's own cart for the badge.
  const islandsHydrated = Promise.all([first, rest]).then(() => undefined);
  const personal = islandsHydrated.then(() =>
    Promise.all([
      stores.favorites.load(stores.session.loggedIn.value).catch(() => undefined),
      boot.shared && browserPersistence.readId() ? stores.cart.load().catch(() => undefined) : null,
    ]),
  );
  void parsedDocument.then(() => startShell(stores));
  // Only once every island of the page, lazy ones included, is interactive and the cart and favourites are known (e2e tests wait for this).
  // On a page from the edge cache the bootstrap's cart count is not this shopper's: the app hears none before `personal`.
  const cartKnown = boot.shared ? personal : null;
  void Promise.all([islandsHydrated, parsedDocument.then(() => bridge(stores, cartKnown)), personal]).then(() => {
    document.documentElement.dataset.hydrated = 'true';
  });
  return islandsHydrated;
}

/** The bridge (its own chunk) matters only inside the app webview, or to the (inert) open-in-app redirect. */
function bridge(stores: Stores, cartKnown: Promise<unknown> | null): Promise<void> | null {
  return stores.inApp || APP_OPEN_REDIRECT_ENABLED
    ? import('./app-bridge').then((m) => m.startAppBridge(stores, cartKnown))
    : null;
}

/** What outlives the page's islands: navigator, app menu, affiliate reports. */
function startShell(stores: Stores): void {
  startNavigator({
    stores,
    hydrate: (el) => {
      startPageScripts(el);
      return hydrateIslands(el, stores);
    },
    unmount: (el) => {
      stopPageScripts(el);
      unmountIslands(el);
    },
  });
  if (stores.inApp && !stores.appMode) void mountAppMenu(stores);
  startAffiliateTracking(stores);
}
