import { CartPanel, type CartPanelProps } from './cart-panel';

/**
 * The cart as a page (`/sacola`, the app's `/cart/ecommerce-app`): the drawer's content, full-screen. Its
 * `view_cart` is the page's page view (src/pages/cart.tsx).
 */
export function CartPage(props: CartPanelProps) {
  return <CartPanel {...props} restoreCep />;
}
