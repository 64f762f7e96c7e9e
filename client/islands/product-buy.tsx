import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { ga4Item } from '../../src/lib/ga4';
import { centsToReais } from '../../src/lib/money';
import { track } from '../analytics';
import { useStores } from '../stores';
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
  const { ui, cart } = useStores();
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
      </div>
      <p id="pdp-fav-hint" className="pdp-buy__hint">
        <a href="/minha-conta">Entre na sua conta</a> para salvar favoritos
      </p>
    </div>
  );
}
