import { BagPanel, type BagPanelProps } from './bag-panel';

/** The bag as a page (`/sacola`, the app's `/cart/ecommerce-app`): the drawer's content, full-screen. Its `view_cart` is the page's page view (src/pages/bag.tsx). */
export function BagPage(props: BagPanelProps) {
  return <BagPanel {...props} />;
}
