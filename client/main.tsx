import { hydrateRoot, type Root } from 'react-dom/client';
import type { ComponentType } from 'react';
import { islands, type IslandName } from './islands';
import { createStores, StoresContext, type Bootstrap, type Stores } from './stores';
import { startNavigator } from './navigation';
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
    if (!Component) continue;
    const data = el.previousElementSibling;
    const props = (data?.matches('script[data-island-props]') ? JSON.parse(data.textContent ?? '{}') : {}) as Record<
      string,
      unknown
    >;
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
