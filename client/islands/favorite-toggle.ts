import { track } from '../analytics';
import type { Stores } from '../stores';

export interface FavoriteTarget {
  /** The product's item that is already a favourite (its heart is on), or null. */
  saved: number | null;
  /** The item a new favourite saves. */
  chosen: number | null;
  /** Whether `chosen` is a size the shopper picked; false when it only names the colour (no size chosen yet). */
  sizeChosen: boolean;
  /** GA4 item for `add_to_wishlist`. */
  analyticsItem?: object;
}

/**
 * One click on a heart, on the product page or a listing card: without a session the login modal (spec §6);
 * with one an optimistic toggle through the favourites store (rolled back on failure), then a toast, and
 * `add_to_wishlist` when one was added.
 */
export async function toggleFavorite(
  { favorites, session, ui }: Stores,
  { saved, chosen, sizeChosen, analyticsItem }: FavoriteTarget,
): Promise<void> {
  if (!session.loggedIn.value) {
    ui.openLogin(location.pathname + location.search);
    return;
  }
  const target = saved ?? chosen;
  if (target === null) return;
  const error = await favorites.toggle(target, saved === null && sizeChosen);
  if (error) ui.toast(error, 'error');
  else if (saved === null) {
    track({ event: 'add_to_wishlist', ecommerce: { currency: 'BRL', items: analyticsItem ? [analyticsItem] : [] } });
    ui.toast('Salvo nos favoritos!', 'success');
  } else ui.toast('Removido dos favoritos.', 'info');
}
