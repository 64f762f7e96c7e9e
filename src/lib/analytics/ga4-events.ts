import type { Cart, CartItem } from '../../contracts/cart';
import type { ProductDetail } from '../../contracts/product';
import { cartGa4Items, ga4CartItem, ga4Item, type Ga4Item } from './ga4';
import { centsToReais } from '../format/money';
import { displayPrice, selectedSku, type Selection } from '../catalog/product-selection';

/** A GA4 ecommerce event as the page pushes it to the data layer. */
export interface Ga4Event {
  event: string;
  ecommerce: { currency: 'BRL'; value: number; items: Ga4Item[] };
}

/** `view_item` for the product page: the selection the shopper was shown first. */
export function viewItemEvent(
  product: Pick<ProductDetail, 'id' | 'name' | 'breadcrumb' | 'colors' | 'skus'>,
  selection: Selection,
): Ga4Event {
  const color = product.colors.find((c) => c.slug === selection.color) ?? product.colors[0]!;
  const price = displayPrice(product, selection);
  const item = ga4Item(product, {
    colorName: color.name,
    sku: selectedSku(product, selection),
    priceCents: price.priceCents,
  });
  return { event: 'view_item', ecommerce: { currency: 'BRL', value: centsToReais(price.priceCents), items: [item] } };
}

/** `view_cart`: the shopper looked at the cart (drawer opened, cart page or app screen shown). */
export function viewCartEvent(cart: { total: number; items: CartItem[] }): Ga4Event {
  return {
    event: 'view_cart',
    ecommerce: {
      currency: 'BRL',
      value: centsToReais(cart.total),
      items: cart.items.map((i) => ga4CartItem(i, i.amount)),
    },
  };
}

/** `begin_checkout`: the checkout page was shown with the cart's lines. */
export function beginCheckoutEvent(cart: Cart): Ga4Event {
  return {
    event: 'begin_checkout',
    ecommerce: { currency: 'BRL', value: centsToReais(cart.total), items: cartGa4Items(cart) },
  };
}
