import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { track } from '../analytics';
import { useStores } from '../stores';

export interface FavoriteButtonProps {
  /** Every product item of the product: the heart is on when any of them is a favorite. */
  itemIds: number[];
  /** The item a new favorite saves (the chosen size, else the colour's first). */
  chosen: number | null;
  name: string;
  className: string;
  /** GA4 item for add_to_wishlist. */
  analyticsItem?: Record<string, unknown>;
}

/** The heart: toggles a favorite with a session; without one it opens the login modal (spec §6). */
export function FavoriteButton({ itemIds, chosen, name, className, analyticsItem }: FavoriteButtonProps) {
  useSignals();
  const { favorites, session, ui } = useStores();
  const [busy, setBusy] = useState(false);
  const saved = itemIds.find((id) => favorites.ids.value.includes(id)) ?? null;
  const pressed = session.loggedIn.value && saved !== null;

  async function toggle() {
    if (!session.loggedIn.value) {
      ui.openLogin(location.pathname + location.search);
      return;
    }
    const target = saved ?? chosen;
    if (target === null || busy) return;
    setBusy(true);
    const error = await favorites.toggle(target);
    setBusy(false);
    if (error) ui.toast(error, 'error');
    else if (saved === null) {
      track({ event: 'add_to_wishlist', ecommerce: { currency: 'BRL', items: analyticsItem ? [analyticsItem] : [] } });
      ui.toast('Salvo nos favoritos!', 'success');
    } else ui.toast('Removido dos favoritos.', 'info');
  }

  return (
    <button
      type="button"
      className={`${className}${pressed ? ' is-favorite' : ''}`}
      aria-pressed={pressed}
      aria-busy={busy}
      aria-label={pressed ? `Remover ${name} dos favoritos` : `Salvar ${name} nos favoritos`}
      onClick={() => void toggle()}
      data-testid="favorite-toggle"
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 8 3.4 4.5 6.9 4.5c2.1 0 3.7 1.2 5.1 3 1.4-1.8 3-3 5.1-3 3.5 0 5.5 3.5 4.2 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
          fill={pressed ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
