import { Header } from './header';
import { Overlays } from './overlays';
import { ProductPurchase } from './product-purchase';

/** Every island the server may render and the client may hydrate, by name. */
export const islands = { Header, Overlays, ProductPurchase };
export type IslandName = keyof typeof islands;
