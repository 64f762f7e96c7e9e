import { useEffect, useRef, useState } from 'react';
import type { ProductDetail, ProductSku } from '../../../src/contracts/product';
import { ga4Item } from '../../../src/lib/analytics/ga4';
import { centsToReais } from '../../../src/lib/format/money';
import { track } from '../../analytics';
import { ApiRequestError } from '../../api';
import type { Stores } from '../../stores';
import type { AddedItem } from '../../stores/cart';
import { CART_MESSAGES } from '../../../src/lib/messages/cart';

/** The no-JS add form's target (src/pages/cart-routes.ts; CART_ACTIONS.add, kept out of the first-load bundle). */
export const CART_ADD_ACTION = '/sacola/adicionar';
export const TOOLTIP_MS = 2000;
const LIMIT = CART_MESSAGES.limit;

/**
 * Adds through the cart store; a refusal becomes a toast with the server's title and text (spec §8:
 * server text, else the item-limit message). In the app, the home screen also gets 'Adicionado à sacola!'.
 */
export async function addToCartOrToast(stores: Stores, item: AddedItem): Promise<boolean> {
  try {
    await stores.cart.add(item, location.pathname);
  } catch (error) {
    const known = error instanceof ApiRequestError;
    stores.ui.toast(known ? error.message : LIMIT, 'error', 5000, known ? error.title : undefined);
    return false;
  }
  if (stores.inApp && location.pathname === '/') stores.ui.toast(CART_MESSAGES.addedToast, 'success');
  return true;
}

/** One unit of a product page's SKU into the cart, reported as GA4 `add_to_cart` once the cart has it. */
export async function addSku(
  stores: Stores,
  product: Pick<ProductDetail, 'id' | 'name' | 'breadcrumb'>,
  color: { name: string; photo: string | null },
  sku: ProductSku,
): Promise<boolean> {
  const item = {
    productItemId: sku.productItemId,
    name: product.name,
    size: sku.size,
    amount: 1,
    price: sku.priceCents,
    photo: color.photo,
    gift: false,
  };
  if (!(await addToCartOrToast(stores, item))) return false;
  const ga4 = ga4Item(product, { colorName: color.name, sku, priceCents: sku.priceCents });
  track({ event: 'add_to_cart', ecommerce: { currency: 'BRL', value: centsToReais(sku.priceCents), items: [ga4] } });
  return true;
}

/** The 'Produto adicionado à sacola' tooltip's state: shown for 2 s after each add (spec §9). */
export function useTooltip() {
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  // Escape hides it at once, as it does the popover (it covers the controls above the button for its 2 s).
  useEffect(() => {
    if (!visible) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setVisible(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [visible]);
  return {
    visible,
    show() {
      if (timer.current) clearTimeout(timer.current);
      setVisible(true);
      timer.current = setTimeout(() => setVisible(false), TOOLTIP_MS);
    },
  };
}

export function AddedTooltip({ visible }: { visible: boolean }) {
  return (
    <span className={`cart-tooltip${visible ? ' cart-tooltip--visible' : ''}`} role="status" aria-live="polite">
      {visible ? CART_MESSAGES.added : ''}
    </span>
  );
}
