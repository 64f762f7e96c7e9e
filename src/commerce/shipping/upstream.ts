import type { z } from 'zod';
import { ShippingValidationSchema, StockCheckSchema } from '../../contracts/promotions';
import { OmnichannelResponseSchema, type OmnichannelQuery } from '../../contracts/shipping';
import type { CommercePort } from '../port';
import type { UpstreamSend } from '../upstream-http';

/** Delivery quotes and the cart's choice against the upstream API (same paths as our /api), answers parsed with the contract. */
export function upstreamShipping(
  send: UpstreamSend,
): Pick<CommercePort, 'omnichannel' | 'validateShipping' | 'verifyStock'> {
  const get = <T>(path: string, schema: z.ZodType<T>) => send('GET', path, schema);
  return {
    omnichannel: (query) => get(`/omnichannel?${omnichannelParams(query)}`, OmnichannelResponseSchema),
    validateShipping: (input) => send('POST', '/cart/validate-shipping', ShippingValidationSchema, input),
    verifyStock: (cartId) => send('POST', '/verify-stock', StockCheckSchema, { cartId }),
  };
}

/** The spec's query names; a side-cart total travels in cents. */
function omnichannelParams(query: OmnichannelQuery): URLSearchParams {
  const params = new URLSearchParams({ zip_code: query.zip_code });
  if (query.sku !== undefined) params.set('sku', query.sku);
  if (query.total_sale !== undefined) params.set('total_sale', String(query.total_sale));
  if (query.shopping_cart_hash) params.set('shopping_cart_hash', query.shopping_cart_hash);
  if (query.cart) params.set('cart', query.cart);
  return params;
}
