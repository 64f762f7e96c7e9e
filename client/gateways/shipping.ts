import type { OmnichannelResponse } from '../../src/contracts/shipping';
import { api } from '../api';

/** The product page's CEP quote (spec §7 /api/omnichannel): the SKU and, when there is one, the cart's id. */
export interface ShippingGateway {
  productQuote(q: { zipCode: string; sku: string; cartId: string | null }): Promise<OmnichannelResponse>;
}

export const shippingGateway: ShippingGateway = {
  productQuote: ({ zipCode, sku, cartId }) =>
    api<OmnichannelResponse>('/api/omnichannel', { query: { zip_code: zipCode, sku, shopping_cart_hash: cartId } }),
};
