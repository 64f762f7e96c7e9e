import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useEffect } from 'react';
import { productImage } from '../../src/lib/images';
import { formatBRL } from '../../src/lib/money';
import { useStores } from '../stores';

/** Spec §9: the popover hides 4 s after the last add. */
export const POPOVER_MS = 4000;

// The drawer (and the whole bag UI) is its own chunk: first-load JS stays small.
const BagDrawer = lazy(() => import('./bag/bag-drawer'));

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
        <section className="bag-popover" aria-live="polite" aria-labelledby="bag-popover-title" data-testid="bag-popover">
          <p id="bag-popover-title" className="bag-popover__title">
            {added.length > 1 ? 'PRODUTOS ADICIONADOS À SACOLA' : 'PRODUTO ADICIONADO À SACOLA'}
          </p>
          <ul className="bag-popover__items">
            {added.map((a, i) => (
              <li key={`${a.productItemId}-${i}`} className="bag-popover__item">
                {a.photo ? (
                  <img src={productImage(imageHost, a.photo, 'thumbnail')} width={48} height={72} alt="" />
                ) : (
                  <span className="bag-popover__thumb" />
                )}
                <div>
                  <p className="bag-popover__name">{a.name}</p>
                  <p>Tamanho: {a.size}</p>
                  <p>Quantidade: {a.amount}</p>
                  <p className="bag-popover__price">{a.gift ? 'Grátis' : formatBRL(a.price * a.amount)}</p>
                </div>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="bag-button bag-button--primary"
            onClick={() => {
              cart.dismissAdded();
              ui.openBag();
            }}
          >
            VER SACOLA
          </button>
        </section>
      ) : null}
      {ui.bagOpen.value ? (
        <Suspense fallback={<div className="bag-drawer bag-drawer--loading" role="status">Carregando sua sacola…</div>}>
          <BagDrawer imageHost={imageHost} />
        </Suspense>
      ) : null}
    </>
  );
}
