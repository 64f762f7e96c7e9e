import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import type { HeaderProps } from '../src/ui/header/types';
import type { ComponentType } from 'react';
import { islands, type IslandName } from './islands';
import { lazyIslands, type LazyIslandName } from './islands/lazy';
import { createStores, StoresContext, type Bootstrap, type Stores } from './stores';
import { startNavigator } from './navigation';
import { onUnauthorized } from './api';
import { clearReadableSessionCookies } from './session-http';
import { browserPersistence, cartGateway } from './cart-gateway';
import { APP_OPEN_REDIRECT_ENABLED } from '../src/lib/app-mode';
import { startAffiliateTracking } from './affiliate';
import { ensureConsentDefault } from './analytics';
import { startWebWidgets } from './widgets/start';

const roots = new Map<Element, Root>();

function readBootstrap(): Bootstrap {
  const text = document.getElementById('bootstrap')?.textContent;
  return text ? (JSON.parse(text) as Bootstrap) : { session: { user: null }, cart: { count: 0 }, appMode: false };
}

/**
 * Hydrates every island under `scope` that is not hydrated yet, all sharing one store instance. Resolves
 * once the lazy ones among them (their chunks load first) are hydrated too.
 */
export function hydrateIslands(scope: ParentNode, stores: Stores): Promise<void> {
  const pending: Promise<void>[] = [];
  for (const el of scope.querySelectorAll<HTMLElement>('[data-island]')) {
    if (roots.has(el) || !parsed(el)) continue;
    const name = el.dataset.island as IslandName;
    const Component = islands[name] as ComponentType<Record<string, unknown>> | undefined;
    if (Component) mount(el, Component, stores);
    else if (name in lazyIslands) {
      let load = loading.get(el);
      if (!load) {
        load = lazyIslands[name as unknown as LazyIslandName]().then((Lazy) => {
          loading.delete(el);
          if (el.isConnected && !roots.has(el)) mount(el, Lazy, stores);
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
 * would hydrate half of it (issue 14: hydration errors on listings, whose results stream late).
 */
function parsed(el: Element): boolean {
  if (document.readyState !== 'loading') return true;
  for (let node: Element | null = el; node; node = node.parentElement) if (node.nextSibling) return true;
  return false;
}

function mount(el: HTMLElement, Component: ComponentType<Record<string, unknown>>, stores: Stores): void {
  const data = el.previousElementSibling;
  const props = (data?.matches('script[data-island-props]') ? JSON.parse(data.textContent ?? '{}') : {}) as Record<string, unknown>;
  roots.set(
    el,
    hydrateRoot(
      el,
      <StoresContext value={stores}>
        <Component {...props} />
      </StoresContext>,
      {
        // A navigation may replace an island before React got to hydrate it; that unmount is no error.
        onRecoverableError: (error) => {
          if (!leaving.has(el)) reportError(error);
        },
      },
    ),
  );
}

/** Unmounts islands inside a region that is about to be replaced by a client-side navigation. */
export function unmountIslands(scope: Element): void {
  for (const [el, root] of roots) {
    if (scope.contains(el)) {
      leaving.add(el);
      root.unmount();
      roots.delete(el);
    }
  }
}

function hasNativeBridge(): boolean {
  return typeof window.ReactNativeWebView?.postMessage === 'function';
}

/**
 * The first page of a webview the server took for a browser: the head script already hid the header;
 * this adds the app's floating menu (the header's menu, links as full loads) in its place.
 */
async function mountAppMenu(stores: Stores): Promise<void> {
  const source = document.querySelector('script[data-island-props="Header"]');
  const main = document.querySelector('main#conteudo');
  if (!source?.textContent || !main || document.querySelector('[data-island="AppMenu"]')) return;
  const { menu, whatsappUrl } = JSON.parse(source.textContent) as Pick<HeaderProps, 'menu' | 'whatsappUrl'>;
  const AppMenu = await lazyIslands.AppMenu();
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

ensureConsentDefault();
const boot = readBootstrap();
const stores = createStores(boot);
stores.cart.connect(cartGateway, browserPersistence);
// A page from the edge cache carries no bag: this browser's own bag (if it has one) fills the badge.
const ownBag = boot.shared && browserPersistence.readId() ? stores.cart.load().catch(() => undefined) : null;
// Spec §4/§8: any 401 or token-signature answer clears the session (the error still reaches its caller).
onUnauthorized(() => {
  if (!stores.session.loggedIn.value) return;
  stores.session.clear();
  stores.favorites.clear();
  clearReadableSessionCookies();
});
void stores.favorites.load(stores.session.loggedIn.value);
// ADR 0004: the native bridge alone means the app, even on a page the server rendered for the web.
if (hasNativeBridge()) {
  stores.inApp = true;
  document.body.classList.add('app-mode');
}
const first = hydrateIslands(document, stores);
const finish = () => {
  const rest = hydrateIslands(document, stores);
  startNavigator({ stores, hydrate: (el) => hydrateIslands(el, stores), unmount: unmountIslands });
  // The bridge (its own chunk) matters only inside the app webview, or to the (inert) open-in-app redirect.
  const bridge = stores.inApp || APP_OPEN_REDIRECT_ENABLED ? import('./app-bridge').then((m) => m.startAppBridge(stores)) : null;
  if (stores.inApp && !stores.appMode) void mountAppMenu(stores);
  startAffiliateTracking();
  startWebWidgets(stores);
  // Only once every island of the page, lazy ones included, is interactive and the bag is known (e2e tests wait for this).
  void Promise.all([first, rest, bridge, ownBag]).then(() => {
    document.documentElement.dataset.hydrated = 'true';
  });
};
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', finish, { once: true });
else finish();
