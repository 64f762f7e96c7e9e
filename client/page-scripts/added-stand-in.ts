import { addAnswer, type TakeBack } from '../first-answers';
import type { PageScriptCleanup } from '.';

export interface AddedStandInProps {
  name: string;
  /** The cart popover's photo of the page's colour (its first), as the island's popover has it. */
  thumbnail: string | null;
  /** Each size of the page's colour at its price, formatted as the popover shows it. */
  prices: Record<string, string>;
}

const MARKUP =
  '<section class="cart-popover" aria-live="polite" aria-labelledby="cart-popover-title" data-testid="cart-popover"><p id="cart-popover-title" class="cart-popover__title">PRODUTO ADICIONADO À SACOLA</p><ul class="cart-popover__items"><li class="cart-popover__item"><span class="cart-popover__thumb"></span><div><p class="cart-popover__name"></p><p></p><p>Quantidade: 1</p><p class="cart-popover__price"></p></div></li></ul><button type="button" class="cart-button cart-button--primary">VER SACOLA</button></section>';

/**
 * A product page's "Adicionar à sacola" held while the islands load (client/held-clicks.ts) shows at once, in plain
 * DOM, the popover the island shows once the add is answered (client/islands/cart/cart-popover.tsx, same markup): on a
 * slow phone the island's comes seconds after the tap. A page script, not the entry: only product pages carry its code.
 * It sits next to the island's (the end of the page's tab order) and, like it, takes no focus: Tab from the add button
 * reaches "VER SACOLA", Tab or Shift+Tab there goes back to the button, Escape dismisses it. "VER SACOLA" shows the
 * cart's loading state at once. The island's popover, as it mounts, removes it and does what the shopper did with it
 * (opens the cart, or stays dismissed); a failed add removes it (client/islands/product/product-buy.tsx).
 */
function showAdded(
  add: HTMLButtonElement,
  uncount: TakeBack,
  { name, thumbnail, prices }: AddedStandInProps,
): TakeBack {
  // Only with a size chosen (the badge's answer, client/first-answers.ts, also takes "no size to choose", which the
  // island cannot add): without a size there is no SKU.
  const size = document.querySelector<HTMLElement>('.pdp-size[aria-pressed="true"]')?.dataset.size;
  const price = size && prices[size];
  if (!price || document.querySelector('[data-added-stand-in]')) return uncount;
  const trigger = add === document.activeElement && add.matches(':focus-visible') ? add : null;
  const standIn = document.createElement('div');
  // What the islands find it by (ADDED_STAND_IN, client/islands/product/added-stand-in.ts: not imported, which would make the
  // few bytes they share one more file for the page to fetch).
  standIn.dataset.addedStandIn = '';
  standIn.innerHTML = MARKUP;
  const [nameLine, sizeLine, , priceLine] = standIn.querySelectorAll('li p');
  nameLine!.textContent = name;
  sizeLine!.textContent = `Tamanho: ${size}`;
  priceLine!.textContent = price;
  if (thumbnail) {
    const img = new Image(48, 72);
    img.src = thumbnail;
    img.alt = '';
    standIn.querySelector('.cart-popover__thumb')!.replaceWith(img);
  }
  const openCart = standIn.querySelector('button')!;
  const inside = () => standIn.contains(document.activeElement);
  // The island's popover's keys (client/islands/cart/cart-popover.tsx), until it takes over or the shopper answered.
  const onKey = (event: KeyboardEvent) => {
    if (!standIn.isConnected || standIn.hidden || standIn.dataset.openCart !== undefined) {
      document.removeEventListener('keydown', onKey);
      return;
    }
    if (event.key === 'Escape') {
      if (inside()) trigger?.focus();
      standIn.hidden = true;
    } else if (event.key === 'Tab' && !event.shiftKey && trigger && document.activeElement === trigger) {
      event.preventDefault();
      openCart.focus();
    } else if (event.key === 'Tab' && inside() && trigger?.isConnected) {
      // Back to the control that added; on Tab (not prevented) the browser then moves on from there.
      if (event.shiftKey) event.preventDefault();
      trigger.focus();
    }
  };
  document.addEventListener('keydown', onKey);
  openCart.addEventListener('click', () => {
    standIn.dataset.openCart = '';
    // What the island shows while the cart's code loads (client/islands/cart/cart-overlay.tsx).
    standIn.innerHTML = '<div class="cart-drawer cart-drawer--loading" role="status">Carregando sua sacola…</div>';
  });
  const overlay = document.querySelector('[data-island="CartOverlay"]');
  (overlay?.parentNode ?? document.body).insertBefore(standIn, overlay?.nextSibling ?? null);
  return () => {
    uncount();
    // Right before the click's replay: once it ran, the island's add is under way (the button is `aria-busy`). If it
    // is not (the replay found no size, the islands failed to load), no popover of the island takes this one over.
    setTimeout(() => {
      if (add.getAttribute('aria-busy') === 'true') return;
      if (inside()) add.focus();
      standIn.remove();
    });
  };
}

/** Product pages: a held add also shows the cart popover's stand-in; no longer once the page is left. */
export function startAddedStandIn(props: AddedStandInProps): PageScriptCleanup {
  addAnswer.also = (add, uncount) => showAdded(add, uncount, props);
  return () => delete addAnswer.also;
}
