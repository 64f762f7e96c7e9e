import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Price } from '../../src/ui/product/price';

const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('the product price (spec §3)', () => {
  it('reads the discount as "Desconto de 30%" (one sign: the visible minus is drawn by CSS, not read)', () => {
    const html = renderToStaticMarkup(
      createElement(Price, { priceCents: 7000, listPriceCents: 10_000, discountPct: 30 }),
    );
    const off = html.match(/<span class="pdp-price__off">(.*?)<\/span><\/p>/)?.[1] ?? '';
    expect(text(off)).toBe('Desconto de 30%');
    const css = readFileSync(new URL('../../client/styles/60-product.css', import.meta.url), 'utf8');
    expect(css).toMatch(/\.pdp-price__off::before \{[^}]*content: '-' \/ '';/);
  });

  it('shows no discount when the item is not on sale', () => {
    expect(
      renderToStaticMarkup(createElement(Price, { priceCents: 10_000, listPriceCents: 10_000, discountPct: 0 })),
    ).not.toContain('Desconto');
  });
});
