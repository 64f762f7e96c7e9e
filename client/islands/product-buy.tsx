import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { ga4Item } from '../../src/lib/ga4';
import { centsToReais } from '../../src/lib/money';
import { track } from '../analytics';
import { useStores } from '../stores';
import { FavoriteButton } from './favorite-button';
import type { ProductStore } from '../stores/product';
import type { ProductSummary } from './product-purchase';

const ADD_FAILED = 'Não foi possível adicionar à sacola. Tente novamente.';

interface CartAnswer {
  error?: string;
  items?: { amount?: number }[];
}

/**
 * Add to bag (enabled once an available size is chosen) and the favourites heart. The bag API
 * arrives with the cart issue: until then a failed call says so in a toast, never a fake success.
 */
export function BuyActions({
  product,
  store,
  colorName,
}: {
  product: ProductSummary;
  store: ProductStore;
  colorName: string;
}) {
  useSignals();
  const { ui, cart, session } = useStores();
  const [busy, setBusy] = useState(false);
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

  async function add() {
    if (!sku || busy) return;
    setBusy(true);
    try {
      const response = await fetch('/api/cart', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({
          productItemId: sku.productItemId,
          amount: 1,
          gift: false,
          cartId: null,
          giftCoupon: null,
          insertedLink: location.pathname,
        }),
      });
      const body = (await response.json().catch(() => ({}))) as CartAnswer;
      if (!response.ok || body.error) {
        ui.toast(body.error || ADD_FAILED, 'error');
        return;
      }
      if (Array.isArray(body.items)) cart.replace({ count: body.items.reduce((n, i) => n + (i.amount ?? 0), 0) });
      ui.toast('Produto adicionado à sacola', 'success', 2000);
      const item = ga4Item(product, { colorName, sku, priceCents: sku.priceCents });
      track({
        event: 'add_to_cart',
        ecommerce: { currency: 'BRL', value: centsToReais(sku.priceCents), items: [item] },
      });
    } catch {
      ui.toast(ADD_FAILED, 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="pdp-buy">
      <div className="pdp-buy__row">
        <button
          type="button"
          className="pdp-buy__add"
          disabled={!sku || busy || product.gift}
          aria-busy={busy}
          onClick={() => void add()}
          data-testid="add-to-bag"
        >
          {label}
        </button>
        <FavoriteButton
          className="pdp-fav"
          name={product.name}
          itemIds={product.skus.map((s) => s.productItemId)}
          chosen={(sku ?? store.quoteSku.value ?? store.sizes.value[0]?.sku ?? null)?.productItemId ?? null}
          analyticsItem={{ ...ga4Item(product, { colorName, sku, priceCents: sku?.priceCents ?? product.skus[0]!.priceCents }) }}
        />
      </div>
      {session.loggedIn.value ? null : (
        <p id="pdp-fav-hint" className="pdp-buy__hint">
          <a href={`/login?redirect=/${product.slug}/p`}>Entre na sua conta</a> para salvar favoritos
        </p>
      )}
    </div>
  );
}
