import type { DeliveryOption } from '../contracts/shipping';
import type { ShippingChoice } from './bag';

/** The no-JS bag's form routes (src/pages/bag-routes.tsx); with JavaScript the bag island handles the same forms. */
export const BAG_ACTIONS = {
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
export type BagAction = (typeof BAG_ACTIONS)[keyof typeof BAG_ACTIONS];

/** Pages the bag forms may send the shopper back to. */
export const BAG_PAGES = ['/sacola', '/cart/ecommerce-app'] as const;

/** The radio value naming one option of one store (the bag ships one way: one choice for the whole bag). */
export const optionValue = (store: string, o: { type: string; carrierId: number }): string => `${store}|${o.type}|${o.carrierId}`;

/** The chosen option in a quote, from its radio value; null when the quote has no such option. */
export function pickOption(quote: Record<string, DeliveryOption[]>, value: string): ShippingChoice | null {
  const store = value.split('|')[0] ?? '';
  const option = quote[store]?.find((o) => optionValue(store, o) === value);
  if (!option) return null;
  const { type, carrier, carrierId, price, deadline } = option;
  return { store, selectedOption: { type, carrier, carrierId, price, deadline } };
}
