import type { Cart } from '../../contracts/cart';
import type { CartDeps } from '../cart/service';
import type { CommercePort } from '../port';
import { refreshSelection, shopperOmnichannel, validateShipping, verifyStock } from './cart';
import { SHIPPING_CONFIG } from './quote';
import { cartShippingRepo, shippingRepo } from './repo';

export type ShippingPort = Pick<CommercePort, 'omnichannel' | 'validateShipping' | 'verifyStock'> & {
  /** Re-quotes the cart's shipping choice (reprocess); true when it changed. */
  refreshShipping: (cart: Cart) => Promise<boolean>;
};

/** The embedded delivery calls: quotes for a CEP (product page, side cart, cart) and the cart's choice. */
export function embeddedShipping(db: D1Database, carts: CartDeps): ShippingPort {
  const shipping = { repo: shippingRepo(db), now: () => new Date(), config: SHIPPING_CONFIG };
  const cartShipping = { carts, shipping, repo: cartShippingRepo(db) };
  return {
    omnichannel: (query) => shopperOmnichannel(cartShipping, query),
    validateShipping: (input) => validateShipping(cartShipping, input),
    verifyStock: (cartId) => verifyStock(carts, cartId),
    refreshShipping: (cart) => refreshSelection(cartShipping, cart),
  };
}
