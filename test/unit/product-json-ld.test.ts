import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../src/contracts/product';
import { productPageJsonLd } from '../../src/pages/product-json-ld';
import { product as bikini, sku } from './product-fixture';

const product: ProductDetail = {
  ...bikini,
  id: 42,
  description: 'Biquíni de lycra.',
  breadcrumb: [
    { slug: 'moda-praia', name: 'Moda Praia' },
    { slug: 'moda-praia/biquinis', name: 'Biquínis' },
  ],
  colors: [bikini.colors[0]!, { ...bikini.colors[1]!, photos: ['preto-1.webp', 'preto-2.webp'] }],
  skus: [sku('preto', 'P', 0, false), sku('preto', 'M', 1, true), sku('preto', 'G', 2, true)],
};
const opts = { siteUrl: 'https://www.vitrine.com.br', imageHost: '/images', color: 'preto' };
const availability = (p: ProductDetail) => (productPageJsonLd(p, opts).offers as { availability: string }).availability;

describe('productPageJsonLd', () => {
  it('describes the chosen colour: its page-size photos, name, category path, a padded id as sku', () => {
    expect(productPageJsonLd(product, opts)).toMatchObject({
      '@type': 'Product',
      '@id': 'https://www.vitrine.com.br/biquini-x/p#product',
      sku: '00042',
      color: 'Preto',
      category: 'Moda Praia > Biquínis',
      image: [
        'https://www.vitrine.com.br/images/product/1000x1500/preto-1.webp',
        'https://www.vitrine.com.br/images/product/1000x1500/preto-2.webp',
      ],
      offers: { '@type': 'Offer', price: '159.90', availability: 'https://schema.org/InStock' },
    });
  });

  it('prices only the SKUs in stock: a dearer sold-out size makes no price range', () => {
    const ld = productPageJsonLd(
      { ...product, skus: [sku('preto', 'P', 0, false, 99990), sku('preto', 'M', 1, true)] },
      opts,
    );
    expect(ld.offers).toMatchObject({ '@type': 'Offer', price: '159.90' });
    expect(productPageJsonLd(bikini, opts).offers).toMatchObject({
      '@type': 'AggregateOffer',
      lowPrice: '149.90',
      highPrice: '159.90',
      offerCount: 2,
    });
  });

  it('a gift, or a pre-sale product without stock, is out of stock; a pre-sale one in stock is a pre-order', () => {
    expect(availability({ ...product, gift: true })).toBe('https://schema.org/OutOfStock');
    const soldOut = product.skus.map((s) => ({ ...s, available: false }));
    expect(availability({ ...product, preSale: true, skus: soldOut })).toBe('https://schema.org/OutOfStock');
    expect(availability({ ...product, preSale: true })).toBe('https://schema.org/PreOrder');
  });
});
