import { hydrateRoot, type Root } from 'react-dom/client';
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
    if (roots.has(el)) continue;
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
    ),
  );
}

/** Unmounts islands inside a region that is about to be replaced by a client-side navigation. */
export function unmountIslands(scope: Element): void {
  for (const [el, root] of roots) {
    if (scope.contains(el)) {
      root.unmount();
      roots.delete(el);
    }
  }
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
const first = hydrateIslands(document, stores);
const finish = () => {
  const rest = hydrateIslands(document, stores);
  startNavigator({ stores, hydrate: (el) => hydrateIslands(el, stores), unmount: unmountIslands });
  // The bridge (its own chunk) matters only inside the app webview, or to the (inert) open-in-app redirect.
  const bridge = stores.appMode || APP_OPEN_REDIRECT_ENABLED ? import('./app-bridge').then((m) => m.startAppBridge(stores)) : null;
  startAffiliateTracking();
  startWebWidgets(stores);
  // Only once every island of the page, lazy ones included, is interactive and the bag is known (e2e tests wait for this).
  void Promise.all([first, rest, bridge, ownBag]).then(() => {
    document.documentElement.dataset.hydrated = 'true';
  });
};
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', finish, { once: true });
else finish();
