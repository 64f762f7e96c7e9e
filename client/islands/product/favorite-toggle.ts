import { track } from '../../analytics';
import type { Stores } from '../../stores';

/** The login redirect's query keys: the favourite a heart asked for without a session, and whether a size was chosen. */
const ASKED = 'favorito';
const ASKED_SIZE = 'favorito-tamanho';

function withAsked(item: number, sizeChosen: boolean): string {
  const asked = `${ASKED}=${item}${sizeChosen ? `&${ASKED_SIZE}=1` : ''}`;
  return location.pathname + (location.search ? `${location.search}&${asked}` : `?${asked}`);
}

/**
 * After a login a heart opened: the favourite it asked for (`?favorito=` on the login's target, taken off it) is
 * saved, once, unless it already is one (the list is loaded by then).
 */
export async function saveAskedFavorite({ favorites }: Stores, target: URL): Promise<void> {
  if (!target.searchParams.has(ASKED)) return;
  const item = Number(target.searchParams.get(ASKED));
  const sizeChosen = target.searchParams.get(ASKED_SIZE) === '1';
  target.searchParams.delete(ASKED);
  target.searchParams.delete(ASKED_SIZE);
  if (!Number.isSafeInteger(item) || item <= 0 || favorites.ids.value.includes(item)) return;
  if (!(await favorites.toggle(item, sizeChosen)))
    track({ event: 'add_to_wishlist', ecommerce: { currency: 'BRL', items: [] } });
}

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
    // The favourite asked for rides along: once signed in it is saved (client/islands/account/after-login.ts).
    ui.openLogin(chosen !== null ? withAsked(chosen, sizeChosen) : location.pathname + location.search);
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
