import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import type { ProductDetail } from '../../../src/contracts/product';
import {
  COLOR_COOKIE,
  COLOR_COOKIE_MAX_AGE,
  colorAvailable,
  displayPrice,
  selectionHref,
  type Selection,
} from '../../../src/lib/catalog/product-selection';
import { Gallery } from '../../../src/ui/product/gallery';
import { ColorPicker, SizePicker } from '../../../src/ui/product/options';
import { Price } from '../../../src/ui/product/price';
import { createProductStore } from '../../stores/product';
import { BuyActions } from './product-buy';
import { ShippingSimulator, type InitialShipping } from './product-shipping';

/** What the island needs of a product: description and details stay server-rendered. */
export type ProductSummary = Omit<ProductDetail, 'description' | 'details'>;

export interface ProductPurchaseProps {
  product: ProductSummary;
  selection: Selection;
  imageHost: string;
  shipping: InitialShipping | null;
}

/**
 * The product page's interactive part: gallery of the selected colour, name and price, colour and
 * size pickers (selection mirrored in the URL), add to cart and favourites, shipping by CEP.
 */
export function ProductPurchase({ product, selection, imageHost, shipping }: ProductPurchaseProps) {
  useSignals();
  const [store] = useState(() => createProductStore(product, selection));
  const current = { color: store.color.value, size: store.size.value };
  const color = product.colors.find((c) => c.slug === current.color) ?? product.colors[0]!;
  const sku = store.sku.value;
  const price = displayPrice(product, current);
  const action = `/${product.slug}/p`;

  const syncUrl = () => {
    const href = selectionHref(product.slug, { color: store.color.value, size: store.size.value });
    history.replaceState(history.state, '', href);
  };

  return (
    <div className="pdp-main">
      <Gallery
        key={color.slug}
        imageHost={imageHost}
        productName={product.name}
        colorName={color.name}
        photos={color.photos}
      />
      <div className="pdp-buybox">
        <div className="pdp-heading">
          {product.preSale ? <p className="pdp-badge pdp-badge--presale">Pré-venda</p> : null}
          <h1 className="pdp-title">{product.name}</h1>
          <p className="pdp-ref">Ref. {String(product.id).padStart(5, '0')}</p>
        </div>
        <Price {...price} />
        {product.preSale ? (
          <p className="pdp-note">Produto em pré-venda: o envio acontece quando a peça chega ao nosso estoque.</p>
        ) : null}
        <ColorPicker
          action={action}
          colors={product.colors.map((c) => ({ ...c, available: colorAvailable(product, c.slug) }))}
          selected={current.color}
          size={current.size}
          onPick={(slug) => {
            store.selectColor(slug);
            syncUrl();
            document.cookie = `${COLOR_COOKIE}=${encodeURIComponent(slug)}; path=/; max-age=${COLOR_COOKIE_MAX_AGE}; samesite=strict`;
          }}
        />
        <SizePicker
          action={action}
          sizes={store.sizes.value}
          selected={current.size}
          color={current.color}
          onPick={(size) => {
            store.selectSize(size);
            syncUrl();
          }}
        />
        {sku?.lastUnits ? <p className="pdp-note pdp-note--stock">Últimas unidades neste tamanho!</p> : null}
        <BuyActions product={product} store={store} colorName={color.name} photo={color.photos[0] ?? null} />
        <ShippingSimulator
          action={action}
          selection={current}
          sku={store.quoteSku.value?.sku ?? null}
          sizeChosen={sku !== null}
          initial={shipping}
        />
      </div>
    </div>
  );
}
