import { useEffect, useLayoutEffect, useRef } from 'react';
import { productImage } from '../../../src/lib/site/images';
import { formatBRL } from '../../../src/lib/format/money';
import type { AddedItem } from '../../stores/cart';
import { ADDED_STAND_IN, PDP_ADD } from '../product/added-stand-in';

/** Spec §9: the popover hides 4 s after the last add. */
export const POPOVER_MS = 4000;

interface CartPopoverProps {
  added: readonly AddedItem[];
  imageHost: string;
  onDismiss: () => void;
  onOpenCart: () => void;
}

/** The control a keyboard user added with: focused and showing its keyboard focus ring. */
function keyboardFocus(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body && active.matches(':focus-visible') ? active : null;
}

/**
 * The popover after an add to cart (spec §2): its own chunk, loaded with the first add. Its 4 s start once it
 * is on screen (the chunk may take a moment the first time).
 * A keyboard user reaches "VER SACOLA" with Tab from the control that added (the popover sits at the end of the
 * page, far from it in the tab order) and Shift+Tab goes back; while keyboard focus is on that control or in the
 * popover, the 4 s wait (content that vanishes under a keyboard user's focus cannot be read or used, WCAG 2.2.1),
 * and they start again once focus moves on. A pointer's add keeps the spec's 4 s.
 */
export default function CartPopover({ added, imageHost, onDismiss, onOpenCart }: CartPopoverProps) {
  const root = useRef<HTMLElement>(null);
  const openCart = useRef<HTMLButtonElement>(null);
  const dismiss = useRef(onDismiss);
  const open = useRef(onOpenCart);
  const restart = useRef(() => {});
  /** The control that added, when keyboard focus was in the stand-in this popover took over. */
  const handedTrigger = useRef<HTMLElement | null>(null);
  useEffect(() => {
    dismiss.current = onDismiss;
    open.current = onOpenCart;
  });

  // The stand-in shown while the islands loaded (client/first-answers.ts) goes as this popover is on the page, before
  // a frame could show both or neither; what the shopper did with it meanwhile is done now. Keyboard focus in it moves
  // to this "VER SACOLA", and the product page's add button is the control that added (the stand-in's Tab order).
  useLayoutEffect(() => {
    const standIn = document.querySelector<HTMLElement>(ADDED_STAND_IN);
    if (!standIn) return;
    if (standIn.contains(document.activeElement)) {
      handedTrigger.current = document.querySelector<HTMLElement>(PDP_ADD);
      openCart.current?.focus();
    }
    standIn.remove();
    if (standIn.dataset.openCart !== undefined) open.current();
    else if (standIn.hidden) dismiss.current();
  }, []);

  useEffect(() => {
    let trigger = handedTrigger.current ?? keyboardFocus();
    const inside = (el: Element | null) => !!el && root.current?.contains(el) === true;
    // The popover can be on the page before the control that added has handed focus on: a listing's size chooser
    // closes after its add and gives focus back to the card, which is then the control that added.
    const active = document.activeElement;
    const handing = !!trigger || active === null || active === document.body;
    const adopt = () => {
      const now = keyboardFocus();
      if (handing && !trigger?.isConnected && now && !inside(now)) trigger = now;
    };
    // Read from the page each time: a control removed while focused (a closing dialog's) sends no focus event.
    const holds = () => {
      const active = document.activeElement;
      return inside(active) || (!!trigger && active === trigger && trigger.matches(':focus-visible'));
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => (holds() ? arm() : dismiss.current()), POPOVER_MS);
    };
    let held = holds();
    // Focus leaving the popover and the control that added starts the 4 s again.
    const onFocus = () => {
      adopt();
      const now = holds();
      if (held && !now) arm();
      held = now;
    };
    const onKey = (event: KeyboardEvent) => {
      const active = document.activeElement;
      if (event.key === 'Escape') {
        // Escape dismisses it at once (it covers part of the page for its 4 s); focus inside goes back where it came from.
        if (inside(active)) trigger?.focus();
        dismiss.current();
      } else if (event.key === 'Tab' && !event.shiftKey && trigger && active === trigger) {
        event.preventDefault();
        openCart.current?.focus();
      } else if (event.key === 'Tab' && inside(active) && trigger?.isConnected) {
        // Back to the control that added; on Tab (not prevented) the browser then moves on from there.
        if (event.shiftKey) event.preventDefault();
        trigger.focus();
      }
    };
    restart.current = arm;
    arm();
    document.addEventListener('focusin', onFocus);
    document.addEventListener('focusout', onFocus);
    document.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('focusin', onFocus);
      document.removeEventListener('focusout', onFocus);
      document.removeEventListener('keydown', onKey);
    };
  }, []);
  // Each add starts the 4 s again.
  useEffect(() => restart.current(), [added]);

  return (
    <section
      ref={root}
      className="cart-popover"
      aria-live="polite"
      aria-labelledby="cart-popover-title"
      data-testid="cart-popover"
    >
      <p id="cart-popover-title" className="cart-popover__title">
        {added.length > 1 ? 'PRODUTOS ADICIONADOS À SACOLA' : 'PRODUTO ADICIONADO À SACOLA'}
      </p>
      <ul className="cart-popover__items">
        {added.map((a, i) => (
          <li key={`${a.productItemId}-${i}`} className="cart-popover__item">
            {a.photo ? (
              <img src={productImage(imageHost, a.photo, 'thumbnail')} width={48} height={72} alt="" />
            ) : (
              <span className="cart-popover__thumb" />
            )}
            <div>
              <p className="cart-popover__name">{a.name}</p>
              <p>Tamanho: {a.size}</p>
              <p>Quantidade: {a.amount}</p>
              <p className="cart-popover__price">{a.gift ? 'Grátis' : formatBRL(a.price * a.amount)}</p>
            </div>
          </li>
        ))}
      </ul>
      <button ref={openCart} type="button" className="cart-button cart-button--primary" onClick={onOpenCart}>
        VER SACOLA
      </button>
    </section>
  );
}
