import { useSignals } from '@preact/signals-react/runtime';
import { useState, type FormEvent } from 'react';
import { ga4Item } from '../../../src/lib/analytics/ga4';
import { selectionHref } from '../../../src/lib/catalog/product-selection';
import { useStores } from '../../stores';
import { FavoriteButton } from './favorite-button';
import { dropAddedStandIn } from './added-stand-in';
import { addSku, AddedTooltip, CART_ADD_ACTION, useTooltip } from '../cart/cart-add';
import type { ProductStore } from '../../stores/product';
import type { ProductSummary } from './product-purchase';

/**
 * Add to cart (enabled once an available size is chosen) and the favourites heart. Without JavaScript
 * the button posts the selected SKU to the cart page's form route; with it, the cart store adds it
 * optimistically and the cart popover and tooltip confirm it (spec §2).
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
  // This page as the shopper has it (colour and size): where a no-JS add and a login come back to.
  const here = selectionHref(product.slug, { color: store.color.value, size: store.size.value });
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
    // The popover shown in plain DOM while the islands loaded goes with the failed add; the error's toast shows.
    else dropAddedStandIn();
  }

  return (
    <div className="pdp-buy">
      <form className="pdp-buy__row" method="post" action={CART_ADD_ACTION} onSubmit={(e) => void add(e)}>
        <input type="hidden" name="productItemId" value={sku?.productItemId ?? ''} />
        <input type="hidden" name="back" value={here} />
        <span className="cart-tooltip-anchor">
          <button
            type="submit"
            className="pdp-buy__add"
            // Not disabled while adding: a disabled button drops the keyboard focus to <body> (add() ignores repeats).
            disabled={!sku || product.gift}
            aria-disabled={busy || undefined}
            aria-busy={busy}
            data-testid="add-to-cart"
          >
            {label}
          </button>
          <AddedTooltip visible={tooltip.visible} />
        </span>
        <FavoriteButton
          className="pdp-fav"
          name={product.name}
          itemIds={product.skus.map((s) => s.productItemId)}
          chosen={(sku ?? store.quoteSku.value ?? store.sizes.value[0]?.sku ?? null)?.productItemId ?? null}
          sizeChosen={sku !== null}
          analyticsItem={{
            ...ga4Item(product, { colorName, sku, priceCents: sku?.priceCents ?? product.skus[0]!.priceCents }),
          }}
        />
      </form>
      {stores.session.loggedIn.value ? null : (
        <p id="pdp-fav-hint" className="pdp-buy__hint">
          <a href={`/login?redirect=${encodeURIComponent(here)}`}>Entre na sua conta</a> para salvar favoritos
        </p>
      )}
    </div>
  );
}
