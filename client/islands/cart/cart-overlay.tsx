import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useStores } from '../../stores';
import { QUICK_ADD } from '../common/delegated';

// The drawer (and the whole cart UI) is its own chunk: first-load JS stays small.
const CartDrawer = lazy(() => import('./cart-drawer'));
type PopoverModule = typeof import('./cart-popover');
let popover: Promise<PopoverModule> | undefined;
/** The popover's module once loaded: rendered directly, not through `lazy`, which suspends on its first render even
 * when the module is already here, and React then holds a revealed boundary back for up to 300 ms (its fallback
 * throttle) — the shopper saw the popover about 300 ms after the add's answer. */
let loadedPopover: PopoverModule['default'] | undefined;
const loadPopover = () =>
  (popover ??= import('./cart-popover').then((module) => {
    loadedPopover = module.default;
    return module;
  }));
const LazyPopover = lazy(loadPopover);

/** What adds to the bag on a page: a product page's button, a listing's quick adds. */
const ADDS = `button.pdp-buy__add, ${QUICK_ADD}`;

/** Cart popover after an add (spec §2) and, once opened, the side cart drawer. */
export function CartOverlay({ imageHost }: { imageHost: string }) {
  useSignals();
  const { cart, ui } = useStores();
  const added = cart.added.value;
  // Chosen as a popover opens and kept while it shows: a type changing under it would remount it (its 4 s, its focus).
  const popoverType = useRef<typeof LazyPopover | PopoverModule['default'] | null>(null);
  if (!added.length) popoverType.current = null;
  else popoverType.current ??= loadedPopover ?? LazyPopover;
  const CartPopover = popoverType.current;
  // Where the page can add, the popover's chunk loads with the islands: the popover after an add (on a slow phone the
  // add is often the tap that loaded them) waits for the add's answer only, not for one more round trip after it.
  useEffect(() => {
    if (document.querySelector(ADDS)) void loadPopover();
  }, []);

  return (
    <>
      {CartPopover ? (
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
        <Suspense
          fallback={
            <div className="cart-drawer cart-drawer--loading" role="status">
              Carregando sua sacola…
            </div>
          }
        >
          <CartDrawer imageHost={imageHost} />
        </Suspense>
      ) : null}
    </>
  );
}
