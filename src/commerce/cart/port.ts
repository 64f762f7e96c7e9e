import type { CommercePort } from '../port';

/** The cart's calls of the CommercePort, served by the embedded cart (embedded.ts) or the upstream API (upstream.ts). */
export type CartPort = Pick<
  CommercePort,
  | 'cart'
  | 'addToCart'
  | 'updateCartItem'
  | 'removeCartItem'
  | 'patchCart'
  | 'applyCoupon'
  | 'applySellerCode'
  | 'removeCoupons'
  | 'reprocessCoupons'
  | 'applyCashback'
  | 'removeCashback'
  | 'cashbackToEvaluate'
  | 'attachCartToCustomer'
  | 'progressiveCart'
  | 'cartRequestToken'
>;
