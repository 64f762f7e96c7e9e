import { BagOverlay } from './bag-overlay';
import { Checkout } from './checkout';
import { Header } from './header';
import { ListingSort } from './listing-sort';
import { ListingTracker } from './listing-tracker';
import { Overlays } from './overlays';
import { ProductPurchase } from './product-purchase';

/** Every island the server may render and the client may hydrate, by name. */
export const islands = { Header, Overlays, ProductPurchase, ListingSort, ListingTracker, BagOverlay, Checkout };
export type IslandName = keyof typeof islands;
