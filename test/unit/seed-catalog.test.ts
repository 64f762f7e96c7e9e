import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../../src/db/seed/catalog';

describe('the seed catalog', () => {
  it('never gives two products the same name (a shopper saw two "Biquíni Top Faixa Ilhabela" in one listing)', () => {
    const names = generateCatalog().products.map((p) => p.name);
    const repeated = names.filter((name, i) => names.indexOf(name) !== i);
    expect(repeated).toEqual([]);
  });

  it('keeps every slug unique, also in a catalog too large for a name per product', () => {
    const slugs = generateCatalog(5000).products.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
  });
});
