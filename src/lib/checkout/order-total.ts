import type { Cart } from '../../contracts/cart';

/**
 * The order's total (spec §4): the goods after discounts and cashback, plus each package's shipping, free
 * when the cart's coupon or seller code makes its type free. Installment interest is not in it (that is
 * what is charged, `installments.ts`). The checkout's Revisão, the no-JS form, the cart's pricing and
 * finish-order all price an order with these functions, so the total the shopper reviewed is the one
 * finish-order compares (it refuses a 1-cent difference).
 */

export type Goods = Pick<Cart, 'subtotal' | 'discount' | 'cashback_value'>;
export type FreeShipping = Pick<Cart, 'freeNormalShipping' | 'freeExpressShipping'>;
/** A chosen delivery option as priced by its quote. */
export interface PricedOption {
  type: string;
  price: number;
}

/** Whether the cart's coupon or seller code makes an option of this type free (normal and expressa only). */
export const shipsFree = (type: string, free: FreeShipping): boolean =>
  (type === 'normal' && free.freeNormalShipping) || (type === 'expressa' && free.freeExpressShipping);

/** What the shopper pays for one package's option. */
export const shippingCharge = (option: PricedOption, free: FreeShipping): number =>
  shipsFree(option.type, free) ? 0 : option.price;

/** What the shopper pays for every package's option. */
export const shippingTotal = (options: readonly PricedOption[], free: FreeShipping): number =>
  options.reduce((sum, o) => sum + shippingCharge(o, free), 0);

/** The goods after discounts and cashback; never below zero. */
export const goodsTotal = (goods: Goods): number => Math.max(0, goods.subtotal - goods.discount - goods.cashback_value);

/** `goods` (cents, as `goodsTotal` gave them) plus the options' shipping. */
export const withShipping = (goods: number, options: readonly PricedOption[], free: FreeShipping): number =>
  goods + shippingTotal(options, free);

/** The order's total for this cart and these chosen options. */
export const orderTotal = (cart: Goods & FreeShipping, options: readonly PricedOption[]): number =>
  withShipping(goodsTotal(cart), options, cart);
