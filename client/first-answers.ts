/**
 * What a tap held while the islands load (client/main.ts holdClicks) shows at once, in plain DOM: on a slow phone the
 * islands take seconds to arrive, and the shopper must see the tap answered now. Inside islands only attributes change
 * (the size's `aria-pressed`, the add button's `disabled`, the drawer's `hidden`, the badge's `data-pending`):
 * hydration leaves them as they are, and the held click, replayed once the islands are interactive, puts the island's
 * state where the page already is. What stands in for an island's answer until then (the badge's pending count, the
 * size chooser's loading panel) is taken back right before its click is replayed (the function `answerHeldClick`
 * returns): the replayed click's own answer (the cart's optimistic count, the chooser's) renders in the same task, so
 * nothing flickers between them.
 */

import { QUICK_ADD } from './islands/common/delegated';

/** The add button's label while no size is chosen (client/islands/product/product-buy.tsx). */
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

export type TakeBack = () => void;

/** "Adicionar à sacola" with a size chosen (or none to choose): the header's badge shows the count the add makes. */
function countAdd(add: HTMLButtonElement): TakeBack | undefined {
  const sizes = Array.from(document.querySelectorAll('.pdp-size'));
  if (add.disabled || (sizes.length > 0 && !sizes.some((s) => s.getAttribute('aria-pressed') === 'true'))) return;
  const badge = document.querySelector<HTMLElement>('.site-header__badge');
  const shown = Number(badge?.dataset.pending ?? badge?.textContent);
  if (!badge || !Number.isFinite(shown)) return;
  badge.dataset.pending = String(shown + 1);
  return () => {
    // A second add held after this one counts from here: the badge's own count takes over with the last.
    if (badge.dataset.pending === String(shown + 1)) delete badge.dataset.pending;
  };
}

/**
 * What else answers a held add: a product page's cart popover (client/page-scripts/added-stand-in.ts sets it, so its
 * code is on product pages only), given the badge's take-back; returns what takes back both.
 */
export const addAnswer: { also?: (add: HTMLButtonElement, uncount: TakeBack) => TakeBack } = {};

/** A listing card's quick add: the size chooser opens at once, loading its sizes (as the island's does). */
function openChooser(): TakeBack | undefined {
  if (document.querySelector('.quick-add')) return;
  const chooser = document.createElement('div');
  chooser.className = 'quick-add';
  chooser.innerHTML =
    '<div class="cart-drawer__backdrop"></div><div class="quick-add__panel" role="dialog" aria-modal="true" aria-label="Escolha o tamanho"><p role="status">Carregando tamanhos…</p></div>';
  document.body.appendChild(chooser);
  return () => chooser.remove();
}

/**
 * Shows the answer to a held click on a product page's size or add button, the phone menu's button or a listing
 * card's quick add; other clicks just wait. Returns what takes back a stand-in, to run right before the click's replay.
 */
export function answerHeldClick(target: Element): TakeBack | undefined {
  const size = target.closest<HTMLButtonElement>('button.pdp-size');
  if (size && !size.disabled) return void chooseSize(size);
  const add = target.closest<HTMLButtonElement>('button.pdp-buy__add');
  if (add) {
    const uncount = countAdd(add);
    return uncount && (addAnswer.also?.(add, uncount) ?? uncount);
  }
  if (target.closest(QUICK_ADD)) return openChooser();
  const burger = target.closest('.menu-mobile__burger');
  if (burger) toggleDrawer(burger);
  return undefined;
}
