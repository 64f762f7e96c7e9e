import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { productPageJsonLd } from '../../src/pages/product-json-ld';
import { breadcrumbJsonLd, faqJsonLd } from '../../src/lib/seo/structured-data';
import { JsonLd } from '../../src/ui/json-ld';
import { product } from './product-fixture';

const urls = { siteUrl: 'https://www.vitrine.com.br', imageHost: '/images' };

describe('structured data', () => {
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
      mainEntity: [
        {
          '@type': 'Question',
          name: 'Qual o prazo?',
          acceptedAnswer: { '@type': 'Answer', text: 'Até 5 dias úteis.' },
        },
      ],
    });
  });

  it('JsonLd keeps a name containing </script> inside its block, with the nonce (the group and each variant)', () => {
    const hostile = { ...product, name: 'Biquíni </script><script>alert(1)</script> & <!--' };
    const html = renderToString(
      createElement(JsonLd, { data: productPageJsonLd(hostile, { ...urls, color: 'preto' }), nonce: 'abc123' }),
    );
    expect(html.match(/<\/script>/gi)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    const m = /^<script type="application\/ld\+json" nonce="abc123">(.*)<\/script>$/s.exec(html);
    expect(m).not.toBeNull();
    const ld = JSON.parse(m![1]!) as { name: string; hasVariant: { name: string }[] };
    expect(ld.name).toBe(hostile.name);
    expect(ld.hasVariant[0]!.name).toBe(`${hostile.name} - Coral - M`);
  });
});
