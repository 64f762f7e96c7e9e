import { describe, expect, it } from 'vitest';
import type { FeedItem } from '../../src/contracts/feed';
import { gtinCheckDigit, validGtin } from '../../src/lib/catalog/gtin';
import { feedAttributes, genderOf, saleWindow } from '../../src/lib/seo/merchant-feed';
import { tsvRow, xmlItem, xmlText } from '../../src/lib/seo/merchant-feed-format';

const item: FeedItem = {
  productItemId: 7,
  sku: 'VT00001-PRETO-P',
  productId: 1,
  slug: 'biquini-x',
  name: 'Biquíni "X" & <Y>',
  description: 'Linha 1\tcom tab\nLinha 2\u0007',
  departmentSlug: 'moda-praia',
  category: 'Moda Praia > Biquínis',
  colorSlug: 'azul-marinho',
  colorName: 'Azul-marinho',
  size: 'Único',
  priceCents: 15990,
  listPriceCents: 19990,
  available: true,
  gtin: '7891000100103',
  photo: 'b.webp',
  shipping: [{ service: 'Loggi', priceCents: 1490 }],
};
const urls = { siteUrl: 'https://www.vitrine.com.br', imageHost: '/images' };
const now = new Date('2026-11-29T02:30:00Z'); // still the 28th in São Paulo

describe('GTIN check digit', () => {
  it('accepts GS1 identifiers whose last digit checks, refuses the rest', () => {
    expect(gtinCheckDigit('789100010010')).toBe(3);
    expect(validGtin('7891000100103')).toBe('7891000100103');
    expect(validGtin('036000291452')).toBe('036000291452'); // UPC-A
    expect(validGtin('96385074')).toBe('96385074'); // GTIN-8
    for (const bad of ['7891000100104', '789100010010', '78910001001O3', '0000000000000', '', null, undefined])
      expect(validGtin(bad)).toBeNull();
  });
});

describe('feedAttributes', () => {
  it('states a sale as price = list, sale_price = paid, for a week from today in São Paulo (-03:00)', () => {
    expect(feedAttributes(item, urls, now)).toMatchObject({
      price: '199.90 BRL',
      sale_price: '159.90 BRL',
      sale_price_effective_date: '2026-11-28T00:00-03:00/2026-12-05T00:00-03:00',
      gtin: '7891000100103',
      link: 'https://www.vitrine.com.br/biquini-x/p?cor=azul-marinho&tamanho=%C3%9Anico',
      image_link: 'https://www.vitrine.com.br/images/product/750x1125/b.webp',
    });
    const full = feedAttributes({ ...item, priceCents: 19990, gtin: '7891000100104' }, urls, now);
    expect(full).not.toHaveProperty('sale_price');
    expect(full).not.toHaveProperty('sale_price_effective_date');
    expect(full).not.toHaveProperty('gtin');
    expect(full.identifier_exists).toBe('no');
    expect(saleWindow(new Date('2026-11-29T03:00:00Z'))).toBe('2026-11-29T00:00-03:00/2026-12-06T00:00-03:00');
  });

  it('reads gender from the department', () => {
    expect([genderOf('masculino'), genderOf('acessorios'), genderOf('fitness')]).toEqual(['male', 'unisex', 'female']);
  });
});

describe('XML and TSV', () => {
  it('escapes markup and drops what XML cannot carry; TSV cells hold no tab or line break', () => {
    expect(xmlText('a & <b> "c" \'d\'\u0001\uFFFE')).toBe('a &amp; &lt;b&gt; &quot;c&quot; &apos;d&apos;');
    const xml = xmlItem(feedAttributes(item, urls, now));
    expect(xml).toContain('<g:title>Biquíni &quot;X&quot; &amp; &lt;Y&gt; - Azul-marinho - Único</g:title>');
    expect(xml).toContain(
      '<g:shipping><g:country>BR</g:country><g:service>Loggi</g:service><g:price>14.90 BRL</g:price></g:shipping>',
    );
    const row = tsvRow(feedAttributes(item, urls, now));
    expect(row.endsWith('\n')).toBe(true);
    expect(row.slice(0, -1).split('\t')).toHaveLength(21);
    expect(row).toContain('Linha 1 com tab Linha 2\t');
    expect(row).toContain('\tBR::Loggi:14.90 BRL\n');
  });
});
