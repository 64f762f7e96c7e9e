import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../src/contracts/menus';
import { BANNER_MENU_IDS, toNavItems, type NavItem } from '../../src/lib/menu/nav';
import { menuGroups } from '../../src/ui/menu/menu-groups';

function raw(over: Partial<MenuItem> & Pick<MenuItem, 'id' | 'name' | 'id_slug'>): MenuItem {
  return {
    url: null,
    type_link: null,
    destiny_link: null,
    display_type: 'other',
    color_item: null,
    css_class: null,
    image: null,
    icon: null,
    content_button: null,
    items: [],
    ...over,
  };
}

describe('toNavItems', () => {
  const [entry] = toNavItems(
    [
      raw({
        id: 958,
        name: 'Moda Praia',
        id_slug: 'moda-praia',
        color_item: '#b3261e',
        items: [
          raw({
            id: 2,
            name: 'Verão',
            id_slug: 'moda-praia/verao',
            display_type: 'banner',
            image: '/verao.svg',
            content_button: 'Conhecer',
          }),
          raw({ id: 3, name: 'Lookbook', id_slug: 'lookbook', url: 'live-app', destiny_link: '_blank' }),
        ],
      }),
    ],
    'https://img.vitrine.com.br',
  );

  it('resolves the click rules recursively', () => {
    expect(entry).toMatchObject({ id: 958, href: '/moda-praia', newTab: false, color: '#b3261e', image: null });
    expect(entry!.items[1]).toMatchObject({ href: '/live-app', newTab: true });
  });

  it('puts images under <imageHost>/menu/ and keeps the banner fields', () => {
    expect(entry!.items[0]).toMatchObject({
      displayType: 'banner',
      image: 'https://img.vitrine.com.br/menu/verao.svg',
      buttonText: 'Conhecer',
    });
  });
});

function nav(id: number, name: string, over: Partial<NavItem> = {}): NavItem {
  return {
    id,
    name,
    href: `/${id}`,
    newTab: false,
    displayType: 'other',
    image: null,
    buttonText: null,
    color: null,
    cssClass: null,
    items: [],
    ...over,
  };
}

describe('menuGroups', () => {
  const highlights = nav(40, 'Destaques', { items: [nav(41, 'Mais vendidos')] });
  const banner = nav(50, 'Verão', { displayType: 'banner', image: '/x.svg' });

  it('shows banner entries (958, 1280) as plain buttons plus banner cards', () => {
    expect(BANNER_MENU_IDS.has(958) && BANNER_MENU_IDS.has(1280)).toBe(true);
    const column = nav(10, 'Roupas', { displayType: 'column', items: [nav(11, 'Vestidos')] });
    const g = menuGroups(nav(958, 'Moda Praia', { items: [nav(1, 'Biquínis'), column, banner] }));
    expect(g.plain).toBe(true);
    expect(g.links.map((i) => i.name)).toEqual(['Biquínis', 'Roupas']);
    expect(g.banners).toEqual([banner]);
    expect(g.columns).toEqual([]);
  });

  it('groups other entries into columns, modalities and links, never a Destaques button', () => {
    const column = nav(10, 'Roupas', { displayType: 'column', items: [nav(11, 'Vestidos')] });
    const modality = nav(20, 'Modalidades', { displayType: 'modality', items: [nav(21, 'Praia')] });
    const g = menuGroups(nav(1001, 'Moda', { items: [column, modality, highlights, nav(30, 'Lookbook'), banner] }));
    expect(g.plain).toBe(false);
    expect(g.columns).toEqual([column]);
    expect(g.modalities).toEqual([modality]);
    expect(g.links.map((i) => i.name)).toEqual(['Mais vendidos', 'Lookbook']);
    expect(g.banners).toEqual([banner]);
  });

  it('drops Destaques in banner entries too', () => {
    const g = menuGroups(nav(1280, 'Fitness', { items: [highlights, nav(2, 'Tops')] }));
    expect(g.links.map((i) => i.name)).toEqual(['Mais vendidos', 'Tops']);
  });
});
