import { hydrateRoot, type Root } from 'react-dom/client';
import type { ComponentType } from 'react';
import { islands, type IslandName } from './islands';
import { lazyIslands, type LazyIslandName } from './islands/lazy';
import { createStores, StoresContext, type Bootstrap, type Stores } from './stores';
import { startNavigator } from './navigation';
import { clearReadableSessionCookies, setSessionInvalidHandler } from './session-http';
import { browserPersistence, cartGateway } from './cart-gateway';
import { startAppBridge } from './app-bridge';
import { startAffiliateTracking } from './affiliate';
import { ensureConsentDefault } from './analytics';
import { startWebWidgets } from './widgets/start';

const roots = new Map<Element, Root>();

function readBootstrap(): Bootstrap {
  const text = document.getElementById('bootstrap')?.textContent;
  return text ? (JSON.parse(text) as Bootstrap) : { session: { user: null }, cart: { count: 0 }, appMode: false };
}

/** Hydrates every island under `scope` that is not hydrated yet, all sharing one store instance. */
export function hydrateIslands(scope: ParentNode, stores: Stores): void {
  for (const el of scope.querySelectorAll<HTMLElement>('[data-island]')) {
    if (roots.has(el)) continue;
    const name = el.dataset.island as IslandName;
    const Component = islands[name] as ComponentType<Record<string, unknown>> | undefined;
    if (Component) mount(el, Component, stores);
    else if (name in lazyIslands && !loading.has(el)) {
      loading.add(el);
      void lazyIslands[name as unknown as LazyIslandName]().then((Lazy) => {
        loading.delete(el);
        if (el.isConnected && !roots.has(el)) mount(el, Lazy, stores);
      });
    }
  }
}

const loading = new WeakSet<Element>();

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
const stores = createStores(readBootstrap());
stores.cart.connect(cartGateway, browserPersistence);
setSessionInvalidHandler(() => {
  if (!stores.session.loggedIn.value) return;
  stores.session.clear();
  stores.favorites.clear();
  clearReadableSessionCookies();
});
void stores.favorites.load(stores.session.loggedIn.value);
hydrateIslands(document, stores);
const finish = () => {
  hydrateIslands(document, stores);
  startNavigator({ stores, hydrate: (el) => hydrateIslands(el, stores), unmount: unmountIslands });
  startAppBridge(stores);
  startAffiliateTracking();
  startWebWidgets(stores);
  document.documentElement.dataset.hydrated = 'true';
};
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', finish, { once: true });
else finish();
