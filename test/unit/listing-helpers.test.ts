import { describe, expect, it } from 'vitest';
import type { ProductCard } from '../../src/contracts/catalog';
import { ga4Items, ga4ListItems } from '../../src/lib/analytics/ga4';
import { ga4ItemsOf } from '../../src/lib/analytics/ga4-list';
import { departmentLinks, menuTrail, popularCategories } from '../../src/lib/menu/menu-tree';
import type { NavItem } from '../../src/lib/menu/nav';
import { correctedPhrase } from '../../src/lib/catalog/search-note';
import { compareSizes } from '../../src/lib/catalog/sizes';

let id = 1;
const nav = (name: string, href: string, items: NavItem[] = [], extra: Partial<NavItem> = {}): NavItem => ({
  id: id++,
  name,
  href,
  newTab: false,
  displayType: 'other',
  image: null,
  buttonText: null,
  color: null,
  cssClass: null,
  items,
  ...extra,
});

const menu = [
  nav('Moda Praia', '/moda-praia', [
    nav('Biquínis', '/moda-praia/biquinis'),
    nav('Maiôs', '/moda-praia/maios'),
    nav('Verão', '/moda-praia/verao', [], { displayType: 'banner' }),
  ]),
  nav('Moda', '/moda', [
    nav('Roupas', '/moda/roupas', [nav('Vestidos', '/moda/vestidos')], { displayType: 'column' }),
    nav('Modalidades', '/moda/modalidades', [nav('Praia', '/moda-praia')], { displayType: 'modality' }),
    nav('Guia', '/guia', [], { newTab: true }),
  ]),
  nav('Loja internacional', 'https://international.example', [], { newTab: true }),
];

describe('menuTrail', () => {
  it('returns department → entry for a same-tab link', () => {
    expect(menuTrail(menu, '/moda/vestidos')?.map((i) => i.name)).toEqual(['Moda', 'Roupas', 'Vestidos']);
    expect(menuTrail(menu, '/moda-praia/biquinis')?.map((i) => i.name)).toEqual(['Moda Praia', 'Biquínis']);
  });
  it('prefers the shallowest entry when two link the same address', () => {
    expect(menuTrail(menu, '/moda-praia')?.map((i) => i.name)).toEqual(['Moda Praia']);
  });
  it('resolves internal new-tab entries (the tab must land on a page) but not external links or unknown paths', () => {
    expect(
      menuTrail(menu, '/guia')
        ?.map((i) => i.name)
        .at(-1),
    ).toBe('Guia');
    expect(menuTrail(menu, 'https://international.example')).toBeNull();
    expect(menuTrail(menu, '/nada')).toBeNull();
  });
});

describe('menu shortcuts', () => {
  it('departments are the same-tab top-level entries', () => {
    expect(departmentLinks(menu).map((d) => d.name)).toEqual(['Moda Praia', 'Moda']);
  });
  it('popular categories take leaves in turns from each department, no banners or duplicates', () => {
    expect(popularCategories(menu, 3).map((c) => c.name)).toEqual(['Biquínis', 'Vestidos', 'Maiôs']);
    expect(popularCategories(menu).map((c) => c.href)).toEqual([
      '/moda-praia/biquinis',
      '/moda/vestidos',
      '/moda-praia/maios',
    ]);
  });
});

describe('ga4Items', () => {
  const card = (over: Partial<ProductCard>): ProductCard => ({
    id: 7,
    slug: 'biquini-x',
    name: 'Biquíni X',
    categoryName: 'Biquínis',
    departmentSlug: 'moda-praia',
    priceCents: 14990,
    listPriceCents: 19990,
    discountPct: 25,
    preSale: false,
    image: null,
    swatches: [{ slug: 'coral', name: 'Coral', hex: '#f00' }],
    itemIds: [71, 72],
    ...over,
  });
  it('maps cards to GA4 items with prices in reais and list-wide indexes', () => {
    const list = { item_list_id: 'moda-praia', item_list_name: 'Moda Praia' };
    const [a, b] = ga4Items(
      [card({}), card({ id: 8, priceCents: 5000, listPriceCents: 5000, swatches: [] })],
      list,
      24,
    );
    expect(a).toEqual({
      item_id: '7',
      item_name: 'Biquíni X',
      item_brand: 'Vitrine',
      item_category: 'Biquínis',
      item_variant: 'Coral',
      item_list_id: 'moda-praia',
      item_list_name: 'Moda Praia',
      price: 149.9,
      discount: 50,
      index: 24,
    });
    expect(b).toMatchObject({ item_id: '8', price: 50, index: 25 });
    expect(b).not.toHaveProperty('discount');
    expect(b).not.toHaveProperty('item_variant');
  });

  it('the rows a page carries give back exactly the same items', () => {
    const list = { item_list_id: 'busca', item_list_name: 'Busca' };
    const cards = [
      card({}),
      card({ id: 8, priceCents: 5000, listPriceCents: 5000, swatches: [] }),
      card({ id: 9, categoryName: '' }),
    ];
    const carried = ga4ListItems(cards, list, 48);
    expect(carried.rows[1]).toEqual(['8', 'Biquíni X', 'Biquínis', 50, null, null]);
    expect(ga4ItemsOf(JSON.parse(JSON.stringify(carried)) as typeof carried)).toEqual(ga4Items(cards, list, 48));
  });
});

describe('correctedPhrase', () => {
  it('rewrites only the corrected words of the folded query', () => {
    expect(correctedPhrase('Leguing PRETA', [{ from: 'leguing', to: ['legging'] }])).toBe('legging preta');
    expect(correctedPhrase('bikini', [{ from: 'bikini', to: ['biquini', 'bikinis'] }])).toBe('biquini ou bikinis');
    expect(correctedPhrase('legging', [])).toBe('');
  });
});

describe('compareSizes', () => {
  it('orders letters, then numbers and ranges, then the rest, Único last', () => {
    const sizes = ['Único', 'GG', '40', 'P', 'R$ 100', 'XGG', '38', 'PP', '34-38', 'M', 'G', '39-43', 'R$ 500'];
    expect([...sizes].sort(compareSizes)).toEqual([
      'PP',
      'P',
      'M',
      'G',
      'GG',
      'XGG',
      '34-38',
      '38',
      '39-43',
      '40',
      'R$ 100',
      'R$ 500',
      'Único',
    ]);
  });
});
