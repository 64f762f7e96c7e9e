/**
 * Server-rendered controls an island drives by delegation (a document listener), outside the island's own element:
 * the listing cards' quick-add links (QuickAdd) and hearts (CardFavorites). client/main.ts holds a click on one
 * before the islands hydrated, as it does a click inside an island.
 */
export const QUICK_ADD = '[data-quick-add]';
export const CARD_HEARTS = 'button[data-card-favorite]';
export const DELEGATED_CONTROLS = `${QUICK_ADD}, ${CARD_HEARTS}`;
