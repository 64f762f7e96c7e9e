import { useEffect } from 'react';
import { trackViewCart } from '../../cart-analytics';
import { useStores } from '../../stores';
import { CartPanel, type CartPanelProps } from './cart-panel';

/** The cart as a page (`/sacola`, the app's `/cart/ecommerce-app`): the drawer's content, full-screen. */
export function CartPage(props: CartPanelProps) {
  const { cart } = useStores();
  useEffect(() => trackViewCart(cart.cart.value), []);
  return <CartPanel {...props} restoreCep />;
}
