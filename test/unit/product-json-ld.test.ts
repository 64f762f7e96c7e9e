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
  skus: [
    sku('preto', 'P', 0, false),
    sku('preto', 'M', 1, true),
    { ...sku('preto', 'G', 2, true, 19990), gtin: '7891000100103' },
  ],
};
const opts = { siteUrl: 'https://www.vitrine.com.br', imageHost: '/images', color: 'preto' };
const variants = (p: ProductDetail) => productPageJsonLd(p, opts).hasVariant;

describe('productPageJsonLd', () => {
  it('is a ProductGroup: the chosen colour’s page-size photos, category path, the padded id as productGroupID', () => {
    expect(productPageJsonLd(product, opts)).toMatchObject({
      '@type': 'ProductGroup',
      '@id': 'https://www.vitrine.com.br/biquini-x/p#product',
      productGroupID: '00042',
      variesBy: ['https://schema.org/size'],
      category: 'Moda Praia > Biquínis',
      image: [
        'https://www.vitrine.com.br/images/product/1000x1500/preto-1.webp',
        'https://www.vitrine.com.br/images/product/1000x1500/preto-2.webp',
      ],
    });
    expect(productPageJsonLd(bikini, opts).variesBy).toEqual(['https://schema.org/size', 'https://schema.org/color']);
    expect(productPageJsonLd({ ...product, skus: [product.skus[1]!] }, opts)).not.toHaveProperty('variesBy');
  });

  it('has one Product + Offer per variant, with its own URL, price, availability and struck-through list price', () => {
    const [soldOut, onSale, full] = variants(product);
    expect(soldOut).toMatchObject({
      '@type': 'Product',
      sku: 'X-preto-P',
      name: 'Biquíni X - Preto - P',
      color: 'Preto',
      size: 'P',
      url: 'https://www.vitrine.com.br/biquini-x/p?cor=preto&tamanho=P',
      offers: {
        '@type': 'Offer',
        price: '159.90',
        priceCurrency: 'BRL',
        availability: 'https://schema.org/OutOfStock',
      },
    });
    expect(onSale!.offers).toMatchObject({
      availability: 'https://schema.org/InStock',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        priceType: 'https://schema.org/StrikethroughPrice',
        price: '199.90',
      },
    });
    expect(full!.offers).not.toHaveProperty('priceSpecification');
    expect(full).toMatchObject({ gtin: '7891000100103' });
    expect(onSale).not.toHaveProperty('gtin');
  });

  it('publishes a GTIN only with a valid check digit', () => {
    const bad = { ...product, skus: [{ ...product.skus[1]!, gtin: '7891000100104' }] };
    expect(variants(bad)[0]).not.toHaveProperty('gtin');
  });

  it('a gift is out of stock; a pre-sale variant in stock is in stock (sold from stock, as the feed says)', () => {
    expect(variants({ ...product, gift: true }).map((v) => v.offers.availability)).toEqual(
      Array(3).fill('https://schema.org/OutOfStock'),
    );
    expect(variants({ ...product, preSale: true })[1]!.offers.availability).toBe('https://schema.org/InStock');
  });
});
