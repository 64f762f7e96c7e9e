import type { Cart } from '../../contracts/cart';
import type { CartDeps } from '../cart/service';
import type { CommercePort } from '../port';
import { refreshSelection, shopperOmnichannel, validateShipping, verifyStock } from './cart';
import { SHIPPING_CONFIG } from './quote';
import { cartShippingRepo, shippingRepo } from './repo';

export type ShippingPort = Pick<CommercePort, 'omnichannel' | 'validateShipping' | 'verifyStock'> & {
  /** Re-quotes the bag's shipping choice (reprocess); true when it changed. */
  refreshShipping: (cart: Cart) => Promise<boolean>;
};

/** The embedded delivery calls: quotes for a CEP (product page, side cart, bag) and the bag's choice. */
export function embeddedShipping(db: D1Database, carts: CartDeps): ShippingPort {
  const shipping = { repo: shippingRepo(db), now: () => new Date(), config: SHIPPING_CONFIG };
  const bagShipping = { carts, shipping, repo: cartShippingRepo(db) };
  return {
    omnichannel: (query) => shopperOmnichannel(bagShipping, query),
    validateShipping: (input) => validateShipping(bagShipping, input),
    verifyStock: (cartId) => verifyStock(carts, cartId),
    refreshShipping: (cart) => refreshSelection(bagShipping, cart),
  };
}
