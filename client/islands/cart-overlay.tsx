import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useEffect } from 'react';
import { useStores } from '../stores';
import { QUICK_ADD } from './delegated';

// The drawer (and the whole cart UI) is its own chunk: first-load JS stays small.
const CartDrawer = lazy(() => import('./cart/cart-drawer'));
let popover: ReturnType<typeof importPopover> | undefined;
const importPopover = () => import('./cart/cart-popover');
const loadPopover = () => (popover ??= importPopover());
const CartPopover = lazy(loadPopover);

/** What adds to the bag on a page: a product page's button, a listing's quick adds. */
const ADDS = `button.pdp-buy__add, ${QUICK_ADD}`;

/** Cart popover after an add (spec §2) and, once opened, the side cart drawer. */
export function CartOverlay({ imageHost }: { imageHost: string }) {
  useSignals();
  const { cart, ui } = useStores();
  const added = cart.added.value;
  // Where the page can add, the popover's chunk loads with the islands: the popover after an add (on a slow phone the
  // add is often the tap that loaded them) waits for the add's answer only, not for one more round trip after it.
  useEffect(() => {
    if (document.querySelector(ADDS)) void loadPopover();
  }, []);

  return (
    <>
      {added.length ? (
        <Suspense fallback={null}>
          <CartPopover
            added={added}
            imageHost={imageHost}
            onDismiss={() => cart.dismissAdded()}
            onOpenCart={() => {
              cart.dismissAdded();
              ui.openCart();
            }}
          />
        </Suspense>
      ) : null}
      {ui.cartOpen.value ? (
        <Suspense fallback={<div className="cart-drawer cart-drawer--loading" role="status">Carregando sua sacola…</div>}>
          <CartDrawer imageHost={imageHost} />
        </Suspense>
      ) : null}
    </>
  );
}
