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

/** Spec §4 free shipping: a normal option is free under a free-normal flag, an expressa one under a free-express flag. */
export function withFreeShipping<Q extends Record<string, { type: string; price: number }[]>>(
  quote: Q,
  flags: { freeNormalShipping: boolean; freeExpressShipping: boolean },
): Q {
  const free = (type: string) => (type === 'normal' && flags.freeNormalShipping) || (type === 'expressa' && flags.freeExpressShipping);
  return Object.fromEntries(
    Object.entries(quote).map(([store, options]) => [store, options.map((o) => (free(o.type) ? { ...o, price: 0 } : o))]),
  ) as Q;
}

/** A radio value naming one option of one store's package. */
export const optionValue = (o: { type: string; carrierId: number }): string => `${o.type}:${o.carrierId}`;

/** The chosen option of `store` in a quote, from its radio value; null when the quote has no such option. */
export function pickOption(
  quote: Record<string, DeliveryOption[]>,
  store: string,
  value: string,
): ShippingChoice | null {
  const option = quote[store]?.find((o) => optionValue(o) === value);
  if (!option) return null;
  const { type, carrier, carrierId, price, deadline } = option;
  return { store, selectedOption: { type, carrier, carrierId, price, deadline } };
}
