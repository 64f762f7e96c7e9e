import { describe, expect, it } from 'vitest';
import { createProductStore } from '../../client/stores/product';
import type { ProductDetail, ProductSku } from '../../src/contracts/product';

function sku(color: string, size: string, order: number, available: boolean): ProductSku {
  return {
    productItemId: order,
    sku: `X-${color}-${size}`,
    color,
    size,
    sizeOrder: order,
    priceCents: 100,
    listPriceCents: 100,
    discountPct: 0,
    available,
    lastUnits: false,
  };
}
const product = {
  colors: [
    { slug: 'preto', name: 'Preto', hex: '#000', photos: [] },
    { slug: 'coral', name: 'Coral', hex: '#f00', photos: [] },
  ],
  skus: [
    sku('preto', 'P', 0, true),
    sku('preto', 'M', 1, true),
    sku('coral', 'P', 0, false),
    sku('coral', 'M', 1, true),
  ],
} as unknown as ProductDetail;

describe('product store', () => {
  it('selects an available size and exposes its SKU', () => {
    const store = createProductStore(product, { color: 'preto', size: null });
    expect(store.sku.value).toBeNull();
    expect(store.quoteSku.value?.sku).toBe('X-preto-P');
    store.selectSize('M');
    expect(store.sku.value?.sku).toBe('X-preto-M');
  });
  it('ignores a sold-out or unknown size', () => {
    const store = createProductStore(product, { color: 'coral', size: null });
    store.selectSize('P');
    store.selectSize('XGG');
    expect(store.size.value).toBeNull();
    expect(store.quoteSku.value?.sku).toBe('X-coral-M');
  });
  it('keeps the size across a colour change only when the new colour has it in stock', () => {
    const store = createProductStore(product, { color: 'preto', size: 'M' });
    store.selectColor('coral');
    expect(store.size.value).toBe('M');
    store.selectColor('preto');
    store.selectSize('P');
    store.selectColor('coral');
    expect([store.color.value, store.size.value]).toEqual(['coral', null]);
    store.selectColor('roxo');
    expect(store.color.value).toBe('coral');
  });
});
