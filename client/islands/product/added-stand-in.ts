/**
 * The cart popover's stand-in and the islands that take it over. A product page's add tapped before the islands
 * hydrated shows the popover at once, in plain DOM (client/first-answers.ts), outside every island; it stays until the
 * island's own popover is on the page (client/islands/cart/cart-popover.tsx takes it over: what the shopper did with
 * it meanwhile, Escape or "VER SACOLA", is done then) or the add failed (client/islands/product/product-buy.tsx drops it).
 * Shared by the entry and the islands: constants and one small function only.
 */
export const ADDED_STAND_IN = '[data-added-stand-in]';
/** The product page's add button: what a keyboard user added with, and reaches "VER SACOLA" from with Tab. */
export const PDP_ADD = 'button.pdp-buy__add';

/** The add did not happen: the stand-in goes (keyboard focus in it back to the add button, not to the page). */
export function dropAddedStandIn(): void {
  const standIn = document.querySelector(ADDED_STAND_IN);
  if (standIn?.contains(document.activeElement)) document.querySelector<HTMLElement>(PDP_ADD)?.focus();
  standIn?.remove();
}
