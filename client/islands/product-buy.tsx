import { useSignals } from '@preact/signals-react/runtime';
import { useState, type FormEvent } from 'react';
import { useStores } from '../stores';
import { addSku, AddedTooltip, BAG_ADD_ACTION, useTooltip } from './bag-add';
import type { ProductStore } from '../stores/product';
import type { ProductSummary } from './product-purchase';

/**
 * Add to bag (enabled once an available size is chosen) and the favourites heart. Without JavaScript
 * the button posts the selected SKU to the bag page's form route; with it, the cart store adds it
 * optimistically and the bag popover and tooltip confirm it (spec §2).
 */
export function BuyActions({
  product,
  store,
  colorName,
  photo,
}: {
  product: ProductSummary;
  store: ProductStore;
  colorName: string;
  photo: string | null;
}) {
  useSignals();
  const stores = useStores();
  const [busy, setBusy] = useState(false);
  const tooltip = useTooltip();
  const sku = store.sku.value;
  const label = product.gift
    ? 'Brinde: não vendido separadamente'
    : !store.inStock.value
      ? 'Esgotado'
      : !sku
        ? 'Selecione um tamanho'
        : busy
          ? 'Adicionando…'
          : product.preSale
            ? 'Comprar na pré-venda'
            : 'Adicionar à sacola';

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!sku || busy) return;
    setBusy(true);
    const ok = await addSku(stores, product, { name: colorName, photo }, sku);
    setBusy(false);
    if (ok) tooltip.show();
  }

  return (
    <div className="pdp-buy">
      <form className="pdp-buy__row" method="post" action={BAG_ADD_ACTION} onSubmit={(e) => void add(e)}>
        <input type="hidden" name="productItemId" value={sku?.productItemId ?? ''} />
        <input type="hidden" name="back" value={`/${product.slug}/p`} />
        <span className="bag-tooltip-anchor">
          <button
            type="submit"
            className="pdp-buy__add"
            disabled={!sku || busy || product.gift}
            aria-busy={busy}
            data-testid="add-to-bag"
          >
            {label}
          </button>
          <AddedTooltip visible={tooltip.visible} />
        </span>
        <button
          type="button"
          className="pdp-fav"
          aria-pressed={false}
          disabled
          aria-describedby="pdp-fav-hint"
          aria-label="Salvar nos favoritos"
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path
              d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 8 3.4 4.5 6.9 4.5c2.1 0 3.7 1.2 5.1 3 1.4-1.8 3-3 5.1-3 3.5 0 5.5 3.5 4.2 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      </form>
      <p id="pdp-fav-hint" className="pdp-buy__hint">
        <a href="/minha-conta">Entre na sua conta</a> para salvar favoritos
      </p>
    </div>
  );
}
