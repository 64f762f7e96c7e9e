import { api } from '../api';
import type { CartGateway } from '../stores/cart';

/** The cart store's /api calls (spec §7 payload names). A null cart id lets the server use the `cart` cookie. */
export const cartGateway: CartGateway = {
  get: (cartId, { reprocess, shipping }) =>
    api('/api/cart', { query: { installment: 1, shipping, reprocess, cartId } }),
  add: ({ productItemId, amount, cartId, insertedLink }) =>
    api('/api/cart', {
      method: 'POST',
      body: { productItemId, amount, gift: false, cartId, giftCoupon: null, insertedLink },
    }),
  update: (body) => api('/api/cart', { method: 'PUT', body }),
  remove: (body) => api('/api/cart', { method: 'DELETE', body }),
  progressive: (cartId) => api('/api/cart/progressive', { method: 'POST', body: { cartId } }),
  // After a login: the anonymous cart joins the customer's (spec §4).
  handOver: ({ user, shoppingCart }) => api('/api/cart/user', { method: 'POST', body: { user, shoppingCart } }),
  // Spec §7: a Rakuten landing; the server attributes the `cart` cookie's cart (or a later one).
  rakuten: (siteID) => api('/api/rakuten', { method: 'POST', query: { siteID }, body: {} }),
};
