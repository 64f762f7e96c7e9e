import type { Cart } from '../../contracts/cart';
import { cashbackRepo } from '../cashback/repo';
import { identityOf } from '../customers/identity';
import { promotionsRepo } from '../promotions/repo';
import { applyCashback, cashbackToEvaluate, removeCashback } from './cashback';
import { applyCoupon, applySellerCode, removeCoupons, reprocessCoupons } from './coupons';
import { attachCartToCustomer, progressiveCart } from './merge';
import { mergeRepo } from './merge-repo';
import type { CartPort } from './port';
import { cartRepo } from './repo';
import { cartRequestToken } from './request-token';
import { addToCart, getCart, patchCartEmail, removeCartItem, updateCartItem, type CartDeps } from './service';

/** The cart's dependencies for one request: its repo, the item limit, and what prices it (promotions, cashback, the shopper). */
export function cartDeps(db: D1Database, options: { maxItemAmount: number; token?: string | null }): CartDeps {
  const pricing = {
    promotions: promotionsRepo(db),
    cashback: cashbackRepo(db),
    identity: identityOf(db, options.token ?? null),
    now: () => new Date(),
  };
  return { repo: cartRepo(db), config: { maxItemAmount: options.maxItemAmount }, pricing };
}

/**
 * The embedded cart calls. `refreshShipping` (the shipping slice's) re-quotes the cart's shipping choice and
 * says whether it changed: reprocess (spec §4) re-validates coupons, seller code and cashback, then it.
 */
export function embeddedCart(
  db: D1Database,
  carts: CartDeps,
  refreshShipping: (cart: Cart) => Promise<boolean>,
): CartPort {
  const merges = { ...carts, merges: mergeRepo(db) };
  const withCashback = { ...carts, cashback: carts.pricing.cashback };
  const reprocess = async (cartId: string, opts: { shipping?: number } = {}) => {
    const cart = await reprocessCoupons(carts, cartId, opts);
    return (await refreshShipping(cart)) ? getCart(carts, cartId, opts) : cart;
  };
  return {
    cart: (cartId, opts) => (opts.reprocess ? reprocess(cartId, opts) : getCart(carts, cartId, opts)),
    addToCart: (input) => addToCart(carts, input),
    updateCartItem: (input) => updateCartItem(carts, input),
    removeCartItem: (input) => removeCartItem(carts, input),
    patchCart: (input) => patchCartEmail(carts, input),
    applyCoupon: (input) => applyCoupon(carts, input),
    applySellerCode: (input) => applySellerCode(carts, input),
    removeCoupons: (input) => removeCoupons(carts, input),
    reprocessCoupons: (cartId) => reprocess(cartId),
    applyCashback: (input) => applyCashback(withCashback, input),
    removeCashback: (cartId) => removeCashback(withCashback, cartId),
    cashbackToEvaluate: (cartId) => cashbackToEvaluate(withCashback, cartId),
    attachCartToCustomer: (input) => attachCartToCustomer(merges, input),
    progressiveCart: (cartId) => progressiveCart(merges, cartId),
    cartRequestToken: async (cartId) =>
      cartRequestToken(carts.repo, cartId, (await carts.pricing.identity())?.id ?? null),
  };
}
