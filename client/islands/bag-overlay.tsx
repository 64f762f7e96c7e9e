import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useEffect } from 'react';
import { useStores } from '../stores';

/** Spec §9: the popover hides 4 s after the last add. */
export const POPOVER_MS = 4000;

// The drawer (and the whole bag UI) is its own chunk: first-load JS stays small.
const BagDrawer = lazy(() => import('./bag/bag-drawer'));
const BagPopover = lazy(() => import('./bag/bag-popover'));

/** Bag popover after an add (spec §2) and, once opened, the side bag drawer. */
export function BagOverlay({ imageHost }: { imageHost: string }) {
  useSignals();
  const { cart, ui } = useStores();
  const added = cart.added.value;

  useEffect(() => {
    if (!added.length) return;
    const timer = setTimeout(() => cart.dismissAdded(), POPOVER_MS);
    return () => clearTimeout(timer);
  }, [added]);

  return (
    <>
      {added.length ? (
        <Suspense fallback={null}>
          <BagPopover
            added={added}
            imageHost={imageHost}
            onOpenBag={() => {
              cart.dismissAdded();
              ui.openBag();
            }}
          />
        </Suspense>
      ) : null}
      {ui.bagOpen.value ? (
        <Suspense fallback={<div className="bag-drawer bag-drawer--loading" role="status">Carregando sua sacola…</div>}>
          <BagDrawer imageHost={imageHost} />
        </Suspense>
      ) : null}
    </>
  );
}
