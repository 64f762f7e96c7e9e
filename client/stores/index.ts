import { createContext, useContext } from 'react';
import { createCartStore, type CartState, type CartStore } from './cart';
import { createFavoritesStore, type FavoritesStore } from './favorites';
import { createSessionStore, type SessionState, type SessionStore } from './session';
import { createUiStore, type UiStore } from './ui';

/** Initial store state, serialised into the page as bootstrap JSON. */
export interface Bootstrap {
  session: SessionState;
  cart: CartState;
  appMode: boolean;
  /** Favourite item ids the page was rendered with (the `favorites` cookie, signed in only). */
  favorites?: number[];
  /** Rendered for the edge cache (shared by every anonymous shopper): the bag is not in it, the browser loads it. */
  shared?: boolean;
}

export interface Stores {
  session: SessionStore;
  cart: CartStore;
  ui: UiStore;
  favorites: FavoritesStore;
  /** How the server rendered the page (app layout or not): what islands hydrate with. */
  appMode: boolean;
  /**
   * Inside the app webview: the server's `appMode`, or the native bridge found by the page (ADR 0004);
   * drives the bridge protocol, the web-only widgets and the app's toasts.
   */
  inApp: boolean;
}

/** One call per request on the server, once per page load in the browser: never module state. */
export function createStores(boot: Bootstrap): Stores {
  return {
    session: createSessionStore(boot.session),
    cart: createCartStore(boot.cart),
    ui: createUiStore(),
    favorites: createFavoritesStore(boot.favorites),
    appMode: boot.appMode,
    inApp: boot.appMode,
  };
}

export const StoresContext = createContext<Stores | null>(null);

export function useStores(): Stores {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error('StoresContext missing: render islands inside <StoresContext>.');
  return stores;
}
