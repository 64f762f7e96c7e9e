import type { Cart, CartItem, ShippingSelection } from '../../contracts/cart';
import { goodsTotal } from '../checkout/order-total';

/** One entry of the shipping information list (spec §3): the option chosen for one store's package. */
export type ShippingChoice = ShippingSelection;

const NUMBERS = ['subtotal', 'discount', 'shipping', 'total', 'totalAmount', 'cashback_value', 'count'] as const;
const BOOLEANS = ['cashback_evaluate', 'freeNormalShipping', 'freeExpressShipping', 'hasPreSale'] as const;
const ITEM_NUMBERS = ['id_item_cart', 'cartItemId', 'id_item_product', 'amount', 'original_price', 'price'] as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function completeItem(item: unknown): boolean {
  if (!isObject(item) || !ITEM_NUMBERS.every((k) => Number.isInteger(item[k])) || typeof item.preSale !== 'boolean')
    return false;
  const p = item.product;
  return (
    isObject(p) &&
    typeof p.name === 'string' &&
    typeof p.size === 'string' &&
    typeof p.gift === 'boolean' &&
    Array.isArray(p.items)
  );
}

/**
 * Spec §4: a cart answer missing any expected field is treated as empty (null). Extra fields are kept.
 * Checked by hand, not with the zod contract: the browser bundle carries no zod.
 */
export function completeCart(value: unknown): Cart | null {
  if (!isObject(value) || typeof value.hash !== 'string' || typeof value.cartId !== 'string') return null;
  if (!NUMBERS.every((k) => Number.isInteger(value[k])) || !BOOLEANS.every((k) => typeof value[k] === 'boolean'))
    return null;
  if (!('modal_gift' in value) || !('coupon' in value) || !('seller' in value) || !('cashback_balance' in value))
    return null;
  if (!Array.isArray(value.shippingSelection) || !Array.isArray(value.items) || !value.items.every(completeItem))
    return null;
  return value as unknown as Cart;
}

/** Spec §4/§5: no items means empty. */
export function isEmptyCart(cart: Pick<Cart, 'items'> | null | undefined): boolean {
  return !cart || cart.items.length === 0;
}

export function unitsIn(items: Pick<CartItem, 'amount'>[]): number {
  return items.reduce((sum, i) => sum + i.amount, 0);
}

/** Totals after a local (optimistic) change, by the contract's rule; the server's answer replaces them. */
export function withItems<C extends Cart>(cart: C, items: CartItem[]): C {
  const subtotal = items.reduce((sum, i) => sum + i.price * i.amount, 0);
  const cashback = Math.min(cart.cashback_value, Math.max(0, subtotal - cart.discount));
  const total = goodsTotal({ subtotal, discount: cart.discount, cashback_value: cashback }) + cart.shipping;
  return {
    ...cart,
    items,
    subtotal,
    cashback_value: cashback,
    total,
    totalAmount: total,
    count: unitsIn(items),
    hasPreSale: items.some((i) => i.preSale),
  };
}

/** Sum of the chosen options' prices: the `shipping` sent with GET /api/cart. */
export function shippingPrice(choices: ShippingChoice[]): number {
  return choices.reduce((sum, c) => sum + c.selectedOption.price, 0);
}

/** Cashback counts only as a number above 0 (spec §4). */
export function hasCashback(cart: Pick<Cart, 'cashback_value'> | null): boolean {
  return typeof cart?.cashback_value === 'number' && cart.cashback_value > 0;
}

/** The bootstrap copy of a cart: long texts dropped (the cart shows neither description nor details). */
export function slimCart<C extends Cart>(cart: C): C {
  return { ...cart, items: cart.items.map((i) => ({ ...i, product: { ...i.product, description: '', details: '' } })) };
}
