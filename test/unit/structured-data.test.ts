import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { availabilityOf, breadcrumbJsonLd, faqJsonLd, productJsonLd, type ProductInput } from '../../src/lib/structured-data';
import { JsonLd } from '../../src/ui/json-ld';

const urls = { siteUrl: 'https://www.vitrine.com.br', imageHost: '/images' };
const product: ProductInput = {
  name: 'Legging Cintura Alta Ipanema',
  description: 'Legging em poliamida com elastano.',
  slug: 'legging-cintura-alta-ipanema',
  photos: ['leggings-preto-1.webp', 'leggings-preto-2.webp', 'leggings-preto-1.webp'],
  priceCents: 15990,
  listPriceCents: 19990,
  preSale: false,
  skus: [
    { sku: 'VT00001-PRETO-P', inStock: false },
    { sku: 'VT00001-PRETO-M', inStock: true },
  ],
};

describe('structured data', () => {
  it('productJsonLd: a schema.org Product with brand, absolute images and URL, and a BRL Offer', () => {
    const ld = productJsonLd(product, urls);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description: product.description,
      sku: 'VT00001-PRETO-P',
      brand: { '@type': 'Brand', name: 'Vitrine' },
      url: 'https://www.vitrine.com.br/legging-cintura-alta-ipanema/p',
      image: ['https://www.vitrine.com.br/images/product/leggings-preto-1.webp', 'https://www.vitrine.com.br/images/product/leggings-preto-2.webp'],
      offers: {
        '@type': 'Offer',
        price: '159.90',
        priceCurrency: 'BRL',
        availability: 'https://schema.org/InStock',
        url: 'https://www.vitrine.com.br/legging-cintura-alta-ipanema/p',
        priceSpecification: { priceType: 'https://schema.org/ListPrice', price: '199.90', priceCurrency: 'BRL' },
      },
    });
  });

  it('uses an absolute IMAGE_HOST as it is', () => {
    const ld = productJsonLd(product, { ...urls, imageHost: 'https://img.vitrine.com.br' });
    expect(ld.image[0]).toBe('https://img.vitrine.com.br/product/leggings-preto-1.webp');
  });

  it('availability: PreOrder for pre-sale, OutOfStock when no SKU has stock', () => {
    expect(availabilityOf(true, [{ inStock: false }])).toBe('PreOrder');
    expect(availabilityOf(false, [{ inStock: false }])).toBe('OutOfStock');
    const soldOut = productJsonLd({ ...product, listPriceCents: 15990, skus: [{ sku: 'A', inStock: false }] }, urls);
    expect(soldOut.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock', price: '159.90' });
    expect(soldOut.offers).not.toHaveProperty('priceSpecification');
  });

  it('SKUs at different prices make an AggregateOffer with low/high price and one Offer each', () => {
    const ld = productJsonLd({ ...product, skus: [{ sku: 'A', inStock: true, priceCents: 10000 }, { sku: 'B', inStock: false, priceCents: 50000 }] }, urls);
    expect(ld.offers).toMatchObject({ '@type': 'AggregateOffer', lowPrice: '100.00', highPrice: '500.00', offerCount: 2, priceCurrency: 'BRL' });
    const offers = (ld.offers as { offers: { availability: string }[] }).offers;
    expect(offers.map((o) => o.availability)).toEqual(['https://schema.org/InStock', 'https://schema.org/OutOfStock']);
  });

  it('breadcrumbJsonLd: ListItems with 1-based positions and absolute item URLs', () => {
    const ld = breadcrumbJsonLd(
      [
        { name: 'Moda Praia', path: '/moda-praia' },
        { name: 'Biquínis', path: '/moda-praia/biquinis' },
      ],
      urls.siteUrl,
    );
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Moda Praia', item: 'https://www.vitrine.com.br/moda-praia' },
        { '@type': 'ListItem', position: 2, name: 'Biquínis', item: 'https://www.vitrine.com.br/moda-praia/biquinis' },
      ],
    });
  });

  it('faqJsonLd: an FAQPage of Questions with accepted Answers', () => {
    const ld = faqJsonLd([{ question: 'Qual o prazo?', answer: 'Até 5 dias úteis.' }]);
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [{ '@type': 'Question', name: 'Qual o prazo?', acceptedAnswer: { '@type': 'Answer', text: 'Até 5 dias úteis.' } }],
    });
  });

  it('JsonLd keeps a name containing </script> inside its block, with the nonce', () => {
    const hostile = { ...product, name: 'Biquíni </script><script>alert(1)</script> & <!--' };
    const html = renderToString(createElement(JsonLd, { data: productJsonLd(hostile, urls), nonce: 'abc123' }));
    expect(html.match(/<\/script>/gi)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    const m = /^<script type="application\/ld\+json" nonce="abc123">(.*)<\/script>$/s.exec(html);
    expect(m).not.toBeNull();
    expect(JSON.parse(m![1]!).name).toBe(hostile.name);
  });
});
