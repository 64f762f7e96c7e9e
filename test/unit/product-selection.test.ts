import { describe, expect, it } from 'vitest';
import type { ProductDetail, ProductSku } from '../../src/contracts/product';
import {
  displayPrice,
  resolveSelection,
  selectedSku,
  selectionHref,
  sizesFor,
  validSize,
} from '../../src/lib/product-selection';

function sku(color: string, size: string, order: number, available: boolean, price = 15990): ProductSku {
  return {
    productItemId: order + (color === 'preto' ? 0 : 100),
    sku: `X-${color}-${size}`,
    color,
    size,
    sizeOrder: order,
    priceCents: price,
    listPriceCents: 19990,
    discountPct: 20,
    available,
    lastUnits: false,
  };
}

const product: ProductDetail = {
  id: 1,
  slug: 'biquini-x',
  name: 'Biquíni X',
  description: '',
  details: '',
  department: { slug: 'moda-praia', name: 'Moda Praia' },
  category: { slug: 'moda-praia/biquinis', name: 'Biquínis' },
  breadcrumb: [],
  priceCents: 15990,
  listPriceCents: 19990,
  discountPct: 20,
  preSale: false,
  gift: false,
  colors: [
    { slug: 'coral', name: 'Coral', hex: '#ef6f5e', photos: ['a.webp'] },
    { slug: 'preto', name: 'Preto', hex: '#1d1d1d', photos: ['b.webp'] },
  ],
  skus: [
    sku('coral', 'M', 1, false),
    sku('coral', 'P', 0, false),
    sku('preto', 'G', 2, false),
    sku('preto', 'P', 0, true, 14990),
    sku('preto', 'M', 1, true),
  ],
};

describe('product selection', () => {
  it('lists a colour’s sizes in size order with availability', () => {
    expect(sizesFor(product, 'preto').map((s) => [s.size, s.available])).toEqual([
      ['P', true],
      ['M', true],
      ['G', false],
    ]);
  });
  it('falls back to the first colour in stock and keeps only a size in stock', () => {
    expect(resolveSelection(product, {})).toEqual({ color: 'preto', size: null });
    expect(resolveSelection(product, { cor: 'roxo', tamanho: 'M' })).toEqual({ color: 'preto', size: 'M' });
    expect(resolveSelection(product, { cor: 'preto', tamanho: 'G' })).toEqual({ color: 'preto', size: null });
    expect(resolveSelection(product, { cor: 'coral', tamanho: 'P' })).toEqual({ color: 'coral', size: null });
  });
  it('preselects a single available size', () => {
    const one = { ...product, skus: [sku('preto', 'Único', 0, true)], colors: [product.colors[1]!] };
    expect(validSize(one, 'preto', null)).toBe('Único');
  });
  it('finds the SKU, the price shown and the URL of a selection', () => {
    expect(selectedSku(product, { color: 'preto', size: 'M' })?.sku).toBe('X-preto-M');
    expect(selectedSku(product, { color: 'preto', size: null })).toBeNull();
    expect(displayPrice(product, { color: 'preto', size: null }).priceCents).toBe(14990);
    expect(displayPrice(product, { color: 'preto', size: 'M' }).priceCents).toBe(15990);
    expect(selectionHref('biquini-x', { color: 'preto', size: 'M' })).toBe('/biquini-x/p?cor=preto&tamanho=M');
    expect(selectionHref('biquini-x', {})).toBe('/biquini-x/p');
  });
});
