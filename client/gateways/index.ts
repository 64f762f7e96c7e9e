import type { Gateways } from '../stores';
import { cartGateway } from './cart';
import { catalogGateway } from './catalog';
import { checkoutGateway } from './checkout';
import { leadsGateway } from './leads';
import { ordersGateway } from './orders';
import { favoritesGateway, sessionGateway } from './session';
import { shippingGateway } from './shipping';

/** The browser's gateways, every one on `client/api.ts` (the only `fetch` to /api). */
export const httpGateways: Gateways = {
  session: sessionGateway,
  favorites: favoritesGateway,
  cart: cartGateway,
  checkout: checkoutGateway,
  catalog: catalogGateway,
  shipping: shippingGateway,
  orders: ordersGateway,
  leads: leadsGateway,
};
