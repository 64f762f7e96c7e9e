import { createContext, useContext } from 'react';
import type { CatalogGateway } from '../gateways/catalog';
import type { CheckoutGateway } from '../gateways/checkout';
import type { LeadsGateway } from '../gateways/leads';
import type { OrdersGateway } from '../gateways/orders';
import type { ShippingGateway } from '../gateways/shipping';
import { createCartStore, type CartGateway, type CartPersistence, type CartState, type CartStore } from './cart';
import { createFavoritesStore, type FavoritesGateway, type FavoritesStore } from './favorites';
import { createSessionStore, type SessionGateway, type SessionState, type SessionStore } from './session';
import { SERVER_IO } from './server-io';
import { createUiStore, type UiStore } from './ui';

/** Initial store state, serialised into the page as bootstrap JSON. */
export interface Bootstrap {
  session: SessionState;
  cart: CartState;
  appMode: boolean;
  /** Favourite item ids the page was rendered with (the `favorites` cookie, signed in only). */
  favorites?: number[];
  /** Rendered for the edge cache (shared by every anonymous shopper): the cart is not in it, the browser loads it. */
  shared?: boolean;
  /** Real-user measurement (client/vitals.ts): the share of page views that report, and the page's route pattern. */
  vitals?: { sample: number; route: string };
}

/**
 * The browser's one data layer (docs/architecture.md "Where to put… a new API call"): one gateway per
 * domain, each built on `client/api.ts` (client/gateways/*.ts), handed to `createStores` once. Shared
 * state changes through a store action (session, cart, favorites); an island's own read or form (search
 * suggestions, a product quote, the checkout's calls…) uses `stores.gateways.<domain>`. Nothing else
 * in `client/` calls `fetch` or `api` (eslint.config.js).
 */
export interface Gateways {
  session: SessionGateway;
  favorites: FavoritesGateway;
  cart: CartGateway;
  checkout: CheckoutGateway;
  catalog: CatalogGateway;
  shipping: ShippingGateway;
  orders: OrdersGateway;
  leads: LeadsGateway;
}

/** What the stores are wired to: the gateways and where the cart id lives. */
export interface StoreIo {
  gateways: Gateways;
  cartPersistence: CartPersistence;
}

export interface Stores {
  session: SessionStore;
  cart: CartStore;
  ui: UiStore;
  favorites: FavoritesStore;
  /** The same gateways the stores got, for an island's own calls and the stores an island creates (checkout). */
  gateways: Gateways;
  /** How the server rendered the page (app layout or not): what islands hydrate with. */
  appMode: boolean;
  /**
   * Inside the app webview: the server's `appMode`, or the native bridge found by the page (ADR 0004);
   * drives the bridge protocol, the web-only widgets and the app's toasts.
   */
  inApp: boolean;
}

/** One call per request on the server, once per page load in the browser: never module state. */
export function createStores(boot: Bootstrap, io: StoreIo = SERVER_IO): Stores {
  const { gateways } = io;
  return {
    session: createSessionStore(boot.session, gateways.session),
    cart: createCartStore(boot.cart, gateways.cart, io.cartPersistence),
    ui: createUiStore(),
    favorites: createFavoritesStore(boot.favorites ?? [], gateways.favorites),
    gateways,
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
