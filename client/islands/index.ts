import { LoginModal } from './account/login-modal';
import { CartOverlay } from './cart/cart-overlay';
import { Header } from './header';
import { Overlays } from './common/overlays';
import { dict } from '../../src/lib/security/dict';

/**
 * Islands every page renders, hydrated from the entry chunk. Islands only some pages render are lazy
 * (client/islands/lazy.ts, rendered by the server through `LazyIsland`).
 */
export const islands = dict({
  Header,
  Overlays,
  CartOverlay,
  LoginModal,
});
export type IslandName = keyof typeof islands;
