import { Header } from './header';
import { Overlays } from './overlays';

/** Every island the server may render and the client may hydrate, by name. */
export const islands = { Header, Overlays };
export type IslandName = keyof typeof islands;
