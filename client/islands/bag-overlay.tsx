import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense } from 'react';
import { useStores } from '../stores';

// The drawer (and the whole bag UI) is its own chunk: first-load JS stays small.
const BagDrawer = lazy(() => import('./bag/bag-drawer'));
const BagPopover = lazy(() => import('./bag/bag-popover'));

/** Bag popover after an add (spec §2) and, once opened, the side bag drawer. */
export function BagOverlay({ imageHost }: { imageHost: string }) {
  useSignals();
  const { cart, ui } = useStores();
  const added = cart.added.value;

  return (
    <>
      {added.length ? (
        <Suspense fallback={null}>
          <BagPopover
            added={added}
            imageHost={imageHost}
            onDismiss={() => cart.dismissAdded()}
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
