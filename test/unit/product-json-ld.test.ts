import { describe, expect, it } from 'vitest';
import type { ProductDetail, ProductSku } from '../../src/contracts/product';
import { productPageJsonLd } from '../../src/pages/product-json-ld';

function sku(size: string, available: boolean, priceCents = 15990): ProductSku {
  return {
    productItemId: size.length,
    sku: `VT00042-PRETO-${size}`,
    color: 'preto',
    size,
    sizeOrder: size.length,
    priceCents,
    listPriceCents: 19990,
    discountPct: 20,
    available,
    lastUnits: false,
  };
}

const product: ProductDetail = {
  id: 42,
  slug: 'biquini-x',
  name: 'Biquíni X',
  description: 'Biquíni de lycra.',
  details: '',
  department: { slug: 'moda-praia', name: 'Moda Praia' },
  category: { slug: 'moda-praia/biquinis', name: 'Biquínis' },
  breadcrumb: [
    { slug: 'moda-praia', name: 'Moda Praia' },
    { slug: 'moda-praia/biquinis', name: 'Biquínis' },
  ],
  priceCents: 15990,
  listPriceCents: 19990,
  discountPct: 20,
  preSale: false,
  gift: false,
  colors: [
    { slug: 'coral', name: 'Coral', hex: '#ef6f5e', photos: ['coral-1.webp'] },
    { slug: 'preto', name: 'Preto', hex: '#1d1d1d', photos: ['preto-1.webp', 'preto-2.webp'] },
  ],
  skus: [sku('P', false), sku('M', true), sku('GG', true)],
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
    const ld = productPageJsonLd({ ...product, skus: [sku('P', false, 99990), sku('M', true)] }, opts);
    expect(ld.offers).toMatchObject({ '@type': 'Offer', price: '159.90' });
    const range = productPageJsonLd({ ...product, skus: [sku('P', true, 14990), sku('M', true)] }, opts);
    expect(range.offers).toMatchObject({
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
