import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense } from 'react';
import { useStores } from '../stores';

// The drawer (and the whole cart UI) is its own chunk: first-load JS stays small.
const CartDrawer = lazy(() => import('./cart/cart-drawer'));
const CartPopover = lazy(() => import('./cart/cart-popover'));

/** Cart popover after an add (spec §2) and, once opened, the side cart drawer. */
export function CartOverlay({ imageHost }: { imageHost: string }) {
  useSignals();
  const { cart, ui } = useStores();
  const added = cart.added.value;

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
