import type { z } from 'zod';
import { CartRequestTokenSchema } from '../../contracts/affiliate';
import { CartSchema } from '../../contracts/cart';
import { CouponResultSchema } from '../../contracts/promotions';
import type { UpstreamSend } from '../upstream-http';
import type { CartPort } from './port';
import { dict } from '../../lib/security/dict';

/** The cart calls against the upstream API (same paths as our /api), answers parsed with the contract. */
export function upstreamCart(send: UpstreamSend): CartPort {
  const get = <T>(path: string, schema: z.ZodType<T>) => send('GET', path, schema);
  return {
    cart: (cartId, opts) =>
      get(
        `/cart?${new URLSearchParams({ cartId, shipping: String(opts.shipping ?? 0), reprocess: String(opts.reprocess ?? false) })}`,
        CartSchema,
      ),
    addToCart: (input) => send('POST', '/cart', CartSchema, input),
    updateCartItem: (input) => send('PUT', '/cart', CartSchema, input),
    removeCartItem: (input) => send('DELETE', '/cart', CartSchema, input),
    patchCart: (input) => send('PATCH', '/cart', CartSchema, input),
    applyCoupon: (input) =>
      send('POST', '/coupon/discount', CouponResultSchema, {
        coupon: input.coupon,
        shoppingCart: input.cartId,
        agent: input.agent ?? null,
        applicationId: input.applicationId ?? null,
      }),
    applySellerCode: (input) =>
      send('POST', '/coupon/seller-coupon', CartSchema, { coupon: input.coupon, shoppingCart: input.cartId }),
    removeCoupons: (input) => send('POST', REMOVAL_PATHS[input.which], CartSchema, { shoppingCart: input.cartId }),
    reprocessCoupons: (cartId) => send('POST', '/coupon/reprocess', CartSchema, { shoppingCart: cartId }),
    applyCashback: (input) =>
      send('POST', '/cashback', CartSchema, { cashback: input.cashback, shoppingCart: input.cartId }),
    removeCashback: (cartId) => send('POST', '/cashback/remove', CartSchema, { hash: cartId }),
    cashbackToEvaluate: (cartId) => send('POST', '/cashback/toEvaluate', CartSchema, { cartId }),
    attachCartToCustomer: (input) => send('POST', '/cart/user', CartSchema, { shoppingCart: input.cartId }),
    progressiveCart: (cartId) => send('POST', '/cart/progressive', CartSchema, { cartId }),
    cartRequestToken: (cartId) => get(`/cart/request-token?${new URLSearchParams({ cartId })}`, CartRequestTokenSchema),
  };
}

const REMOVAL_PATHS = dict({
  all: '/coupon/remove-coupons',
  discount: '/coupon/remove-coupon-discount',
  seller: '/coupon/remove-coupon-seller',
} as const);
