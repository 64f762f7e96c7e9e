import { effect } from '@preact/signals-core';
import { useEffect } from 'react';
import { favoriteLabel } from '../../../src/lib/customer/favorites';
import { parseIdRanges } from '../../../src/lib/catalog/id-ranges';
import type { Ga4Item } from '../../../src/lib/analytics/ga4';
import { ga4ItemsOf, type Ga4ListItems } from '../../../src/lib/analytics/ga4-list';
import { cardIndex } from '../../card-index';
import { useStores } from '../../stores';
import { toggleFavorite } from '../product/favorite-toggle';
import { CARD_HEARTS } from '../common/delegated';

export interface CardFavoritesProps {
  /** This page's products as GA4 items, in card order (the grid's). */
  items: Ga4ListItems;
}

const HEARTS = CARD_HEARTS;

function itemIdsOf(button: HTMLElement): number[] {
  return parseIdRanges(button.dataset.cardFavorite ?? '');
}

/** The server rendered the heart; this keeps its state, name and fill (drawn by CSS from the class) in step with the store. */
function paint(button: HTMLButtonElement, pressed: boolean, name: string): void {
  button.setAttribute('aria-pressed', String(pressed));
  button.setAttribute('aria-label', favoriteLabel(name, pressed));
  button.classList.toggle('is-favorite', pressed);
}

/**
 * Renders nothing. Every listing card's heart through one delegated handler (no island per card): the
 * same favourites store as the product page's heart, so both stay in step. Buttons click on Enter and Space.
 */
export function CardFavorites({ items }: CardFavoritesProps) {
  const stores = useStores();
  // The card's product (its name too: the heart's label names it) by the heart's place on the page.
  const all = ga4ItemsOf(items);
  const itemOf = (button: HTMLElement): Ga4Item | undefined => all[cardIndex(button)];
  useEffect(() => {
    const { favorites, session } = stores;
    const stop = effect(() => {
      const ids = new Set(favorites.ids.value);
      const signedIn = session.loggedIn.value;
      for (const button of document.querySelectorAll<HTMLButtonElement>(HEARTS))
        paint(button, signedIn && itemIdsOf(button).some((id) => ids.has(id)), itemOf(button)?.item_name ?? '');
    });
    const onClick = (event: MouseEvent) => {
      const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>(HEARTS);
      if (!button) return;
      event.preventDefault();
      if (button.getAttribute('aria-busy') === 'true') return;
      const mine = itemIdsOf(button);
      const ids = favorites.ids.value;
      button.setAttribute('aria-busy', 'true');
      void toggleFavorite(stores, {
        saved: mine.find((id) => ids.includes(id)) ?? null,
        // A card has no size: the favourite names the product's first item and says no size was chosen.
        chosen: mine[0] ?? null,
        sizeChosen: false,
        analyticsItem: itemOf(button),
      }).finally(() => button.removeAttribute('aria-busy'));
    };
    document.addEventListener('click', onClick);
    return () => {
      stop();
      document.removeEventListener('click', onClick);
    };
    // Props are fixed for the island's life: a new page mounts a new island.
  }, [stores]);
  return null;
}
