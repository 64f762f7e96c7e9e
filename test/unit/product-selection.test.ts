import { describe, expect, it } from 'vitest';
import {
  displayPrice,
  resolveSelection,
  selectedSku,
  selectionHref,
  sizesFor,
  validSize,
} from '../../src/lib/catalog/product-selection';
import { product, sku } from './product-fixture';

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
