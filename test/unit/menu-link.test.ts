import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../src/contracts/menus';
import { menuLink } from '../../src/lib/menu/menu-link';
import { MenuAnchor } from '../../src/ui/menu/menu-anchor';

type LinkFields = Pick<MenuItem, 'url' | 'id_slug' | 'type_link' | 'destiny_link'>;
const item = (over: Partial<LinkFields>): LinkFields => ({
  url: null,
  id_slug: 'moda-praia/biquinis',
  type_link: null,
  destiny_link: null,
  ...over,
});

describe('menuLink', () => {
  it('opens the url in a new tab when a link type and a url are both set', () => {
    expect(menuLink(item({ url: 'live-app', type_link: 'blank' }))).toEqual({ href: '/live-app', newTab: true });
    expect(menuLink(item({ url: 'https://international.vitrine.com.br', type_link: 'external' }))).toEqual({
      href: 'https://international.vitrine.com.br',
      newTab: true,
    });
  });

  it('counts destiny_link as the flag', () => {
    expect(menuLink(item({ url: 'live-app', destiny_link: '_blank' }))).toEqual({ href: '/live-app', newTab: true });
    expect(menuLink(item({ destiny_link: '_blank' }))).toEqual({ href: '/moda-praia/biquinis', newTab: true });
  });

  it('navigates in the same tab under a leading slash for a url alone', () => {
    expect(menuLink(item({ url: 'novidades' }))).toEqual({ href: '/novidades', newTab: false });
    expect(menuLink(item({ url: '/outlet/' }))).toEqual({ href: '/outlet/', newTab: false });
  });

  it('leaves absolute urls untouched', () => {
    expect(menuLink(item({ url: 'https://example.com/a' })).href).toBe('https://example.com/a');
    expect(menuLink(item({ url: '//cdn.vitrine.com.br/lookbook' })).href).toBe('//cdn.vitrine.com.br/lookbook');
  });

  it('navigates to the slug in the same tab without a url', () => {
    expect(menuLink(item({}))).toEqual({ href: '/moda-praia/biquinis', newTab: false });
    expect(menuLink(item({ url: '   ' }))).toEqual({ href: '/moda-praia/biquinis', newTab: false });
  });

  it('opens the slug in a new tab for a link type without url', () => {
    expect(menuLink(item({ id_slug: 'guia-de-medidas', type_link: 'blank' }))).toEqual({
      href: '/guia-de-medidas',
      newTab: true,
    });
  });

  it('ignores blank flags', () => {
    expect(menuLink(item({ url: 'novidades', type_link: ' ', destiny_link: '' }))).toEqual({
      href: '/novidades',
      newTab: false,
    });
  });
});

describe('MenuAnchor', () => {
  const html = (newTab: boolean, fullLoad: boolean) =>
    renderToStaticMarkup(createElement(MenuAnchor, { item: { href: '/novidades', newTab }, fullLoad }, 'Novidades'));

  it('renders new-tab links with target _blank and rel noopener', () => {
    expect(html(true, false)).toBe('<a href="/novidades" target="_blank" rel="noopener">Novidades</a>');
    expect(html(false, false)).toBe('<a href="/novidades">Novidades</a>');
  });

  it('marks links as full page loads in the app', () => {
    expect(html(false, true)).toBe('<a href="/novidades" data-full-load="">Novidades</a>');
  });
});

describe('menuLink scheme safety', () => {
  const base = { id_slug: 'moda', type_link: null, destiny_link: null };
  it('never passes a non-http scheme through; falls back to the slug', () => {
    for (const url of [
      'javascript://x%0aalert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:msgbox',
    ]) {
      expect(menuLink({ ...base, url }).href, url).toBe('/moda');
    }
  });
  it('keeps http(s) and protocol-relative absolute urls', () => {
    expect(menuLink({ ...base, url: 'https://x.com/a' }).href).toBe('https://x.com/a');
    expect(menuLink({ ...base, url: '//cdn.x.com/a' }).href).toBe('//cdn.x.com/a');
  });
});
