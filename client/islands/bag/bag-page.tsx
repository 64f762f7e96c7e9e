import { useEffect } from 'react';
import { trackViewCart } from '../../cart-analytics';
import { useStores } from '../../stores';
import { BagPanel, type BagPanelProps } from './bag-panel';

/** The bag as a page (`/sacola`, the app's `/cart/ecommerce-app`): the drawer's content, full-screen. */
export function BagPage(props: BagPanelProps) {
  const { cart } = useStores();
  useEffect(() => trackViewCart(cart.cart.value), []);
  return <BagPanel {...props} />;
}
