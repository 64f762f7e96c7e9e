import { Header } from './header';
import { ListingSort } from './listing-sort';
import { ListingTracker } from './listing-tracker';
import { Overlays } from './overlays';
import { ProductPurchase } from './product-purchase';
import { CopyButton } from './copy-button';
import { OrderTracker } from './order-tracker';

/** Every island the server may render and the client may hydrate, by name. */
export const islands = { Header, Overlays, ProductPurchase, ListingSort, ListingTracker, CopyButton, OrderTracker };
export type IslandName = keyof typeof islands;
