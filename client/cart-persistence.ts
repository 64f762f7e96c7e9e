import type { ShippingChoice } from '../src/lib/cart/cart';
import type { CartPersistence } from './stores/cart';

/** The spec's `hash` (cart id); the login merge reads the same key (client/islands/account/after-login.ts). */
const ID_KEY = 'hash';
const SHIPPING_KEY = 'shippingInformation';
const SELLER_FLAGS = ['free_normal_shipping_seller', 'free_express_shipping_seller'];

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage blocked (private mode, policy): the cookie still carries the cart.
    return null;
  }
}

/** Cart id in localStorage (the server keeps its own copy in the HttpOnly `cart` cookie). */
export const browserPersistence: CartPersistence = {
  readId: () => storage()?.getItem(ID_KEY) ?? null,
  writeId: (id) => storage()?.setItem(ID_KEY, id),
  removeId: () => {
    storage()?.removeItem(ID_KEY);
    storage()?.removeItem(SHIPPING_KEY);
  },
  resetSellerFlags: () => {
    for (const name of SELLER_FLAGS) document.cookie = `${name}=false; path=/; samesite=strict`;
  },
  readShipping: () => {
    try {
      const list = JSON.parse(storage()?.getItem(SHIPPING_KEY) ?? '[]') as unknown;
      return Array.isArray(list) ? (list as ShippingChoice[]) : [];
    } catch {
      return [];
    }
  },
  writeShipping: (list) => storage()?.setItem(SHIPPING_KEY, JSON.stringify(list)),
};
