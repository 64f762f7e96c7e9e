import { describe, expect, it } from 'vitest';
import { productInput, skuPrefixOf } from '../../src/pages/backoffice/product-input';

describe("a new product's SKUs, derived from its slug", () => {
  it('use the whole slug up to 40 characters', () => {
    expect(skuPrefixOf('vestido-longo-estampado-azul')).toBe('VESTIDO-LONGO-ESTAMPADO-AZUL');
  });

  it('differ for two long slugs that start alike (they shared their first 20 characters and clashed)', () => {
    const a = skuPrefixOf('vestido-longo-estampado-floral-com-alcas-azul-marinho');
    const b = skuPrefixOf('vestido-longo-estampado-floral-com-alcas-verde-oliva');
    expect(a).not.toBe(b);
    expect(a.length).toBeLessThanOrEqual(40);
    expect(skuPrefixOf('vestido-longo-estampado-floral-com-alcas-azul-marinho')).toBe(a);
  });

  it('stay within 64 characters with a long colour and size', () => {
    const input = productInput(
      {
        slug: 'x'.repeat(120),
        newColors: 'Azul Petróleo Profundo Escuro',
        newSizes: 'Tamanho Único Grande',
        newPrice: '10',
      },
      undefined,
    ) as { variants: { sku: string }[] };
    expect(input.variants).toHaveLength(1);
    for (const v of input.variants) expect(v.sku.length).toBeLessThanOrEqual(64);
  });
});
