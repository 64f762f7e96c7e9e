import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { favoriteLabel } from '../../../src/lib/customer/favorites';
import { HeartIcon } from '../../../src/ui/heart-icon';
import { useStores } from '../../stores';
import { toggleFavorite } from './favorite-toggle';

export interface FavoriteButtonProps {
  /** Every product item of the product: the heart is on when any of them is a favorite. */
  itemIds: number[];
  /** The item a new favorite saves (the chosen size, else one of the colour's items: see `sizeChosen`). */
  chosen: number | null;
  /** A size was chosen: false saves the favourite without a size (the favourites page asks for one). */
  sizeChosen: boolean;
  name: string;
  className: string;
  /** GA4 item for add_to_wishlist. */
  analyticsItem?: Record<string, unknown>;
}

/** The heart: toggles a favorite with a session; without one it opens the login modal (spec §6). */
export function FavoriteButton({ itemIds, chosen, sizeChosen, name, className, analyticsItem }: FavoriteButtonProps) {
  useSignals();
  const stores = useStores();
  const { favorites, session } = stores;
  const [busy, setBusy] = useState(false);
  // Hydration renders what the server rendered (React keeps server attributes it finds different, so a list
  // loaded before this chunk would never show); the live list from the first effect on.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const ids = hydrated ? favorites.ids.value : favorites.initial;
  const saved = itemIds.find((id) => ids.includes(id)) ?? null;
  const pressed = session.loggedIn.value && saved !== null;

  async function toggle() {
    if (busy) return;
    setBusy(true);
    await toggleFavorite(stores, { saved, chosen, sizeChosen, analyticsItem });
    setBusy(false);
  }

  return (
    <button
      type="button"
      className={`${className}${pressed ? ' is-favorite' : ''}`}
      aria-pressed={pressed}
      aria-busy={busy}
      aria-label={favoriteLabel(name, pressed)}
      onClick={() => void toggle()}
      data-testid="favorite-toggle"
    >
      <HeartIcon filled={pressed} />
    </button>
  );
}
