import { ga4ItemsOf, type Ga4ListItems } from '../../src/lib/analytics/ga4-list';
import { track } from '../analytics';
import { cardIndex } from '../card-index';

export interface ListingTrackerProps {
  /** The list and this page's products, in card order (the grid's). */
  items: Ga4ListItems;
  /** Set on search results: also reports the GA4 `search` event. */
  searchTerm: string | null;
}

const KEEP_FILTERS_OPEN = 'vitrine:filters-open';
const MOBILE = '(max-width: 767px)';

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * A page script (no React): reports `search`/`view_item_list` on load and `select_item` on a card click, and on
 * mobile keeps the filter panel open from one facet click to the next page. Returns its cleanup.
 */
export function startListingTracker({ items: carried, searchTerm }: ListingTrackerProps): () => void {
  const { list } = carried;
  const items = ga4ItemsOf(carried);
  if (searchTerm !== null) track({ event: 'search', search_term: searchTerm });
  if (items.length > 0) track({ event: 'view_item_list', ecommerce: { ...list, items } });

  const panel = document.querySelector<HTMLDetailsElement>('details.filters');
  if (panel && session()?.getItem(KEEP_FILTERS_OPEN)) {
    session()?.removeItem(KEEP_FILTERS_OPEN);
    if (window.matchMedia(MOBILE).matches) panel.open = true;
  }

  // Capture phase: runs before the navigator's click handler swaps the page.
  const onClick = (event: MouseEvent) => {
    const target = event.target as Element | null;
    const card = target?.closest?.<HTMLElement>('[data-listing] a.product-card__link');
    const item = card ? items[cardIndex(card)] : undefined;
    if (item) track({ event: 'select_item', ecommerce: { ...list, items: [item] } });
    if (panel?.open && target?.closest?.('[data-facet-link]') && window.matchMedia(MOBILE).matches) {
      session()?.setItem(KEEP_FILTERS_OPEN, '1');
    }
    // "Ver N produtos" closes the panel first, so its #produtos jump lands on the grid.
    if (panel && target?.closest?.('.filters__done')) panel.open = false;
  };
  document.addEventListener('click', onClick, true);
  return () => document.removeEventListener('click', onClick, true);
}
