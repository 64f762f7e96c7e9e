import { computed, signal, type ReadonlySignal } from '@preact/signals-core';
import type { ProductSku } from '../../src/contracts/product';
import {
  colorAvailable,
  selectedSku,
  sizesFor,
  validSize,
  type ProductOptions,
  type Selection,
  type SizeChoice,
} from '../../src/lib/catalog/product-selection';

/** The product page's selection model: one per product island, created from the server's selection. */
export interface ProductStore {
  readonly color: ReadonlySignal<string>;
  readonly size: ReadonlySignal<string | null>;
  readonly sizes: ReadonlySignal<SizeChoice[]>;
  readonly sku: ReadonlySignal<ProductSku | null>;
  /** The selected colour has some size in stock. */
  readonly inStock: ReadonlySignal<boolean>;
  /** The SKU a shipping quote uses: the selected one, else the colour's first in stock. */
  readonly quoteSku: ReadonlySignal<ProductSku | null>;
  selectColor(color: string): void;
  /** Ignored for a size the colour lacks or has sold out. */
  selectSize(size: string): void;
}

export function createProductStore(product: ProductOptions, initial: Selection): ProductStore {
  const color = signal(initial.color);
  const size = signal(initial.size);
  const sizes = computed(() => sizesFor(product, color.value));
  const sku = computed(() => selectedSku(product, { color: color.value, size: size.value }));
  return {
    color,
    size,
    sizes,
    sku,
    inStock: computed(() => colorAvailable(product, color.value)),
    quoteSku: computed(() => sku.value ?? sizes.value.find((s) => s.available)?.sku ?? null),
    selectColor(next) {
      if (!product.colors.some((c) => c.slug === next)) return;
      const keep = validSize(product, next, size.value);
      color.value = next;
      size.value = keep;
    },
    selectSize(next) {
      if (sizes.value.some((s) => s.size === next && s.available)) size.value = next;
    },
  };
}
