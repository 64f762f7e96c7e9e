import type { CouponRow, SellerRow } from './repo';

/** Why a coupon does not apply to a cart right now. */
export type CouponRefusal = { reason: 'invalid' } | { reason: 'login' } | { reason: 'restricted'; products: string[] };

export interface CouponEffect {
  discount: number;
  freeNormalShipping: boolean;
  freeExpressShipping: boolean;
  modalGift: { title: string; message: string } | null;
}

export interface CouponContext {
  /** Goods in the cart (cents, gifts excluded). */
  subtotal: number;
  /** Products a restricted coupon does not cover. */
  blocking: string[];
  now: string;
  signedIn: boolean;
}

/**
 * The coupon's effect on a cart, or why it cannot apply. Percentages round down to the cent (the
 * shopper never pays less than the advertised rate gives); a fixed discount never exceeds the goods.
 * A per-customer limit needs to know the customer, so it asks for login like `requires_login`.
 */
export function evaluateCoupon(coupon: CouponRow, ctx: CouponContext): CouponEffect | CouponRefusal {
  if ((coupon.requires_login === 1 || coupon.per_customer_limit !== null) && !ctx.signedIn) return { reason: 'login' };
  if (coupon.starts_at && ctx.now < coupon.starts_at) return { reason: 'invalid' };
  if (coupon.ends_at && ctx.now >= coupon.ends_at) return { reason: 'invalid' };
  if (ctx.subtotal <= 0 || ctx.subtotal < coupon.min_subtotal_cents) return { reason: 'invalid' };
  if (ctx.blocking.length > 0) return { reason: 'restricted', products: ctx.blocking };
  const effect: CouponEffect = { discount: 0, freeNormalShipping: false, freeExpressShipping: false, modalGift: null };
  switch (coupon.kind) {
    case 'percentage':
      effect.discount = Math.floor((ctx.subtotal * coupon.value) / 100);
      break;
    case 'fixed':
      effect.discount = Math.min(coupon.value, ctx.subtotal);
      break;
    case 'free_normal_shipping':
      effect.freeNormalShipping = true;
      break;
    case 'free_express_shipping':
      effect.freeExpressShipping = true;
      break;
    case 'gift':
      if (coupon.gift_product_item_id === null) return { reason: 'invalid' };
      if (coupon.modal_gift_title && coupon.modal_gift_message) {
        effect.modalGift = { title: coupon.modal_gift_title, message: coupon.modal_gift_message };
      }
      break;
  }
  return effect;
}

export const isRefusal = (r: CouponEffect | CouponRefusal): r is CouponRefusal => 'reason' in r;

/** A seller code takes its rate off what is left after the coupon (rounded down to the cent). */
export function sellerDiscount(seller: SellerRow, base: number): number {
  return Math.max(0, Math.floor((Math.max(0, base) * seller.discount_pct) / 100));
}

/** A seller cannot attribute their own purchase. */
export const sellerUsable = (seller: SellerRow, customerId: number | null): boolean =>
  seller.customer_id === null || seller.customer_id !== customerId;
