import type { DeliveryOption } from '../../contracts/shipping';
import type { ShippingChoice } from './cart';

/** The no-JS cart's form routes (src/pages/cart-routes.tsx); with JavaScript the cart island handles the same forms. */
export const CART_ACTIONS = {
  add: '/sacola/adicionar',
  quantity: '/sacola/quantidade',
  remove: '/sacola/remover',
  coupon: '/sacola/cupom',
  couponRemove: '/sacola/cupom/remover',
  seller: '/sacola/vendedor',
  sellerRemove: '/sacola/vendedor/remover',
  cashback: '/sacola/cashback',
  cashbackRemove: '/sacola/cashback/remover',
  shipping: '/sacola/frete',
} as const;
export type CartAction = (typeof CART_ACTIONS)[keyof typeof CART_ACTIONS];

/** Pages the cart forms may send the shopper back to. */
export const CART_PAGES = ['/sacola', '/cart/ecommerce-app'] as const;

/** The radio value naming one option of one store. */
export const optionValue = (store: string, o: { type: string; carrierId: number }): string =>
  `${store}|${o.type}|${o.carrierId}`;

/** The chosen option in a quote, from its radio value; null when the quote has no such option. */
export function pickOption(quote: Record<string, DeliveryOption[]>, value: string): ShippingChoice | null {
  const store = value.split('|')[0] ?? '';
  const option = quote[store]?.find((o) => optionValue(store, o) === value);
  if (!option) return null;
  const { type, carrier, carrierId, price, deadline } = option;
  return { store, selectedOption: { type, carrier, carrierId, price, deadline } };
}

/** Stores of a quote that deliver home: the cart ships in one package per store (spec §3: per store key). */
export const homePackages = (quote: Record<string, DeliveryOption[]>): string[] =>
  Object.keys(quote).filter((k) => quote[k]!.some((o) => o.type !== 'pickup'));

/** The radio group of an option: pickups and a single package share `option`; several packages get one each. */
export const optionField = (quote: Record<string, DeliveryOption[]>, store: string, o: { type: string }): string =>
  o.type === 'pickup' || homePackages(quote).length < 2 ? 'option' : `option-${store}`;

/**
 * The shipping information list a cart form names (its `option*` fields): a pickup alone, or one home
 * option per package. `complete` is false while a package has no option yet; null when a value is not
 * in the quote.
 */
export function pickChoices(
  quote: Record<string, DeliveryOption[]>,
  fields: [string, unknown][],
): { list: ShippingChoice[]; complete: boolean } | null {
  const picked = fields
    .filter(([name]) => name === 'option' || name.startsWith('option-'))
    .map(([, value]) => pickOption(quote, String(value)));
  if (!picked.every((c): c is ShippingChoice => c !== null)) return null;
  const pickup = picked.find((c) => c.selectedOption.type === 'pickup');
  if (pickup) return { list: [pickup], complete: true };
  return { list: picked, complete: picked.length > 0 && picked.length === homePackages(quote).length };
}
