import type { CartItem } from '../src/contracts/cart';
import { ga4CartItem } from '../src/lib/analytics/ga4';
import { centsToReais } from '../src/lib/format/money';
import { viewCartEvent } from '../src/lib/analytics/ga4-events';
import { track } from './analytics';

/** A quantity change in the cart as GA4 sees it: `add_to_cart` for more, `remove_from_cart` for fewer. */
export function trackCartChange(line: CartItem, delta: number): void {
  if (delta === 0) return;
  const quantity = Math.abs(delta);
  track({
    event: delta > 0 ? 'add_to_cart' : 'remove_from_cart',
    ecommerce: { currency: 'BRL', value: centsToReais(line.price * quantity), items: [ga4CartItem(line, quantity)] },
  });
}

/** The shopper looked at the cart (drawer opened, cart page or app screen shown). */
export function trackViewCart(cart: { total: number; items: CartItem[] } | null): void {
  if (cart) track({ ...viewCartEvent(cart) });
}
