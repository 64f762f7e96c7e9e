import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { trackViewCart } from '../../cart-analytics';
import { useStores } from '../../stores';
import { CartPanel } from './cart-panel';
import { trapTab } from '../../focus-trap';

/** The side cart: a modal drawer (focus trapped, Esc and the backdrop close it, focus returns to the opener). */
export default function CartDrawer({ imageHost }: { imageHost: string }) {
  useSignals();
  const { ui, cart } = useStores();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    document.body.classList.add('cart-open');
    trackViewCart(cart.cart.value);
    // The cart may have changed elsewhere (another tab, the app): refresh it quietly.
    if (cart.cartId()) void cart.load().catch(() => undefined);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') ui.closeCart();
      else if (event.key === 'Tab' && panel.current) trapTab(event, panel.current);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('cart-open');
      opener?.focus?.();
    };
  }, []);

  return (
    <div className="cart-drawer" data-testid="cart-drawer">
      <div className="cart-drawer__backdrop" onClick={() => ui.closeCart()} aria-hidden="true" />
      <div
        className="cart-drawer__panel"
        ref={panel}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-labelledby="cart-drawer-title"
      >
        <div className="cart-drawer__head">
          <h2 id="cart-drawer-title" className="cart-drawer__title">
            Sacola{cart.count.value ? ` (${cart.count.value})` : ''}
          </h2>
          <button
            type="button"
            className="cart-drawer__close"
            onClick={() => ui.closeCart()}
            aria-label="Fechar sacola"
          >
            ×
          </button>
        </div>
        {cart.loading.value && !cart.cart.value ? <p className="cart-loading">Carregando sua sacola…</p> : null}
        <CartPanel imageHost={imageHost} back="/sacola" idPrefix="cart-drawer" />
      </div>
    </div>
  );
}
