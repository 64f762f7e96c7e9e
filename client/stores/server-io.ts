import type { StoreIo } from './index';

/** The server render makes no /api calls: every gateway method there rejects, and nothing is persisted. */
function offline<T extends object>(domain: string): T {
  return new Proxy({} as T, {
    get: (_target, method) => () =>
      Promise.reject(new Error(`${domain}.${String(method)}: no /api call during the server render`)),
  });
}

export const SERVER_IO: StoreIo = {
  gateways: {
    session: offline('session'),
    favorites: offline('favorites'),
    cart: offline('cart'),
    checkout: offline('checkout'),
    catalog: offline('catalog'),
    shipping: offline('shipping'),
    orders: offline('orders'),
    leads: offline('leads'),
  },
  cartPersistence: {
    readId: () => null,
    writeId: () => undefined,
    removeId: () => undefined,
    resetSellerFlags: () => undefined,
    readShipping: () => [],
    writeShipping: () => undefined,
  },
};
