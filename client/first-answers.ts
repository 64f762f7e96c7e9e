/**
 * What a tap held while the islands load (client/main.ts holdClicks) shows at once, in plain DOM: on a slow phone the
 * islands take seconds to arrive, and the shopper must see the tap answered now. Only attributes change (the size's
 * `aria-pressed`, the add button's `disabled`, the drawer's `hidden`): hydration leaves them as they are, and the held
 * click, replayed once the islands are interactive, puts the island's state where the page already is.
 */

/** The add button's label while no size is chosen (client/islands/product-buy.tsx). */
const NO_SIZE_LABEL = 'Selecione um tamanho';

function chooseSize(size: HTMLButtonElement): void {
  for (const other of Array.from(size.parentElement?.querySelectorAll('.pdp-size') ?? [])) {
    other.setAttribute('aria-pressed', String(other === size));
  }
  // With a size the add button works: a tap on it now is held too, and replayed after this one.
  const add = document.querySelector<HTMLButtonElement>('button.pdp-buy__add');
  if (add?.disabled && add.textContent?.trim() === NO_SIZE_LABEL) add.disabled = false;
}

function toggleDrawer(burger: Element): void {
  const open = burger.getAttribute('aria-expanded') !== 'true';
  burger.setAttribute('aria-expanded', String(open));
  const drawer = document.getElementById(burger.getAttribute('aria-controls') ?? '');
  if (drawer) drawer.hidden = !open;
  const backdrop = burger.parentElement?.querySelector<HTMLElement>('.menu-backdrop');
  if (backdrop) backdrop.hidden = !open;
}

/** Shows the answer to a held click on a product page's size or the phone menu's button; other clicks just wait. */
export function answerHeldClick(target: Element): void {
  const size = target.closest<HTMLButtonElement>('button.pdp-size');
  if (size && !size.disabled) return chooseSize(size);
  const burger = target.closest('.menu-mobile__burger');
  if (burger) toggleDrawer(burger);
}
