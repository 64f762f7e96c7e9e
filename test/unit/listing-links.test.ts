import { describe, expect, it } from 'vitest';
import { ListingQuerySchema, type ListingQuery } from '../../src/contracts/catalog';
import {
  activeFilters,
  clearFilters,
  hasFilters,
  listingHref,
  pageHref,
  queryRecord,
  togglePrice,
} from '../../src/lib/catalog/listing-links';
import { toggleValue } from '../../src/lib/catalog/listing-url';
import { pageRange, pageWindow } from '../../src/lib/catalog/pagination';

const q = (raw: Record<string, unknown> = {}): ListingQuery => ListingQuerySchema.parse(raw);
const listing = { path: '/moda-praia' };
const search = { path: '/search', extra: { q: 'biquíni preto' } };

describe('queryRecord', () => {
  it('turns repeated keys into lists and keeps single ones as strings', () => {
    const rec = queryRecord(new URLSearchParams('tamanho=P&tamanho=M&preco=0-100&pagina=2'));
    expect(rec).toEqual({ tamanho: ['P', 'M'], preco: '0-100', pagina: '2' });
    expect(q(rec)).toMatchObject({ tamanho: ['P', 'M'], preco: '0-100', pagina: 2 });
  });
});

describe('listingHref', () => {
  it('is the bare path for the default state', () => {
    expect(listingHref(listing, q())).toBe('/moda-praia');
    expect(listingHref(listing, q({ pagina: '1' }))).toBe('/moda-praia');
  });
  it('keeps search terms first and encodes them', () => {
    expect(listingHref(search, q({ cor: 'preto', ordem: 'newest' }))).toBe(
      '/search?q=biqu%C3%ADni+preto&cor=preto&ordem=newest',
    );
  });
  it('builds page links that keep the whole state', () => {
    expect(pageHref(listing, q({ tamanho: 'P,M', ordem: 'price-asc' }), 3)).toBe(
      '/moda-praia?tamanho=P%2CM&ordem=price-asc&pagina=3',
    );
    expect(pageHref(listing, q({ pagina: '3' }), 1)).toBe('/moda-praia');
  });
});

describe('facet toggles', () => {
  it('a facet change goes back to page 1 and keeps the sort', () => {
    const state = q({ tamanho: 'P', ordem: 'discount', pagina: '4' });
    expect(listingHref(listing, toggleValue(state, 'tamanho', 'M'))).toBe('/moda-praia?tamanho=P%2CM&ordem=discount');
    expect(listingHref(listing, toggleValue(state, 'tamanho', 'P'))).toBe('/moda-praia?ordem=discount');
  });
  it('price is single-choice: picking another replaces it, picking it again removes it', () => {
    const state = q({ preco: '0-100', pagina: '2' });
    expect(togglePrice(state, '100-200')).toMatchObject({ preco: '100-200', pagina: 1 });
    expect(togglePrice(state, '0-100').preco).toBeUndefined();
  });
});

describe('active filters', () => {
  const state = q({ tamanho: 'P', cor: 'azul-marinho', departamento: 'fitness', preco: '500-', ordem: 'newest' });
  const names = (facet: string, value: string) => `${facet}:${value}`;

  it('gives one chip per value, each removing only itself', () => {
    const chips = activeFilters(listing, state, names);
    expect(chips.map((c) => `${c.facet} ${c.label}`)).toEqual([
      'Tamanho P',
      'Cor cor:azul-marinho',
      'Departamento departamento:fitness',
      'Preço Acima de R$ 500',
    ]);
    expect(chips[0]!.removeHref).toBe('/moda-praia?cor=azul-marinho&departamento=fitness&preco=500-&ordem=newest');
    expect(chips[3]!.removeHref).toBe('/moda-praia?tamanho=P&cor=azul-marinho&departamento=fitness&ordem=newest');
  });
  it('clearing keeps the sort (and the search term)', () => {
    expect(hasFilters(state)).toBe(true);
    expect(hasFilters(clearFilters(state))).toBe(false);
    expect(listingHref(search, clearFilters(state))).toBe('/search?q=biqu%C3%ADni+preto&ordem=newest');
    expect(activeFilters(listing, q({ ordem: 'newest' }), names)).toEqual([]);
  });
});

describe('pageWindow', () => {
  it('shows first, last and the neighbours, with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(1, 10)).toEqual([1, 2, null, 10]);
    expect(pageWindow(10, 10)).toEqual([1, null, 9, 10]);
  });
  it('fills a one-page gap with the page instead of an ellipsis', () => {
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, null, 10]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it('counts positions for "você viu N de M"', () => {
    expect(pageRange(1, 24, 100)).toEqual({ from: 1, to: 24 });
    expect(pageRange(5, 24, 100)).toEqual({ from: 97, to: 100 });
    expect(pageRange(1, 24, 0)).toEqual({ from: 0, to: 0 });
  });
});
