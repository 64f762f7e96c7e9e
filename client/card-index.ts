/**
 * The place of a listing card (the card holding `el`) in the page's grid, which is the card's index in the page's
 * GA4 items; -1 outside a card. Read from the DOM rather than carried on each card (to save the HTML's bytes).
 */
export function cardIndex(el: Element): number {
  const card = el.closest('.product-grid > li');
  return card?.parentElement ? Array.prototype.indexOf.call(card.parentElement.children, card) : -1;
}
