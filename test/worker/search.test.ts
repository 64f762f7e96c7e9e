import { beforeAll, describe, expect, it } from 'vitest';
import { SearchResultSchema, SuggestionsSchema } from '../../src/contracts/catalog';
import { makeApp, seed } from './app-harness';

const { request } = makeApp();

async function search(q: string, extra = '') {
  const res = await request(`/api/search?q=${encodeURIComponent(q)}${extra}`);
  expect(res.status).toBe(200);
  return SearchResultSchema.parse(await res.json());
}

describe('search', () => {
  beforeAll(() => seed());

  it('folds accents and case: biquini ≡ BIQUÍNI ≡ Biquíni, non-empty', async () => {
    const plain = await search('biquini');
    const upper = await search('BIQUÍNI');
    const mixed = await search('Biquíni');
    expect(plain.total).toBeGreaterThan(0);
    expect(upper.products.map((p) => p.id)).toEqual(plain.products.map((p) => p.id));
    expect(mixed.total).toBe(plain.total);
    for (const p of plain.products) expect(p.name).toMatch(/Biquíni/);
  });

  it('tolerates one typo in words of five or more letters (leguing → legging)', async () => {
    const typo = await search('leguing');
    expect(typo.total).toBeGreaterThan(0);
    expect(typo.products.every((p) => p.name.startsWith('Legging'))).toBe(true);
    expect(typo.corrected).toEqual([{ from: 'leguing', to: ['legging'] }]);
  });

  it('searches the catalog spelling of a word shoppers spell otherwise, two edits away (bikini, legins)', async () => {
    for (const [typed, catalog, name] of [
      ['bikini', 'biquini', /^Biquíni/],
      ['legins preto', 'legging', /^Legging/],
    ] as const) {
      const result = await search(typed);
      expect(result.total, typed).toBeGreaterThan(0);
      expect(
        result.products.every((p) => name.test(p.name)),
        typed,
      ).toBe(true);
      expect(result.corrected).toEqual([{ from: typed.split(' ')[0], to: [catalog] }]);
    }
  });

  it("searches a colour word in another form as the catalog's, without calling it a correction (sunga preta, biquínis brancos)", async () => {
    const preta = await search('legging preta');
    const preto = await search('legging preto');
    expect(preta.total).toBe(preto.total);
    expect(preta.total).toBeGreaterThan(0);
    expect(preta.corrected).toEqual([]);
    expect((await search('biquinis brancos')).total).toBeGreaterThan(0);
  });

  it('does not guess for short words or words two edits away', async () => {
    expect((await search('lxgguing')).total).toBe(0);
    expect((await search('topx shorts')).total).toBe(0);
  });

  it('matches the last word as a prefix (autocomplete)', async () => {
    const result = await search('legg');
    expect(result.total).toBeGreaterThan(0);
    expect(result.products[0]!.name).toMatch(/^Legging/);
  });

  it('ranks name matches above matches only in the description', async () => {
    // "praia" names the Saída de Praia products and only describes others (department "Moda Praia").
    const result = await search('saida praia');
    expect(result.products[0]!.name).toMatch(/^Saída de Praia/);
  });

  it('combines words with AND and answers an empty result for nonsense', async () => {
    const both = await search('legging preto');
    for (const p of both.products) expect(p.name).toMatch(/Legging/);
    expect(both.products.some((p) => p.swatches.some((s) => s.slug === 'preto'))).toBe(true);
    expect((await search('zzzzqqq')).total).toBe(0);
    expect((await search('   ')).total).toBe(0);
  });

  it('never leaks FTS syntax errors as 500s', async () => {
    for (const q of ['"', 'a AND', 'NEAR(', '*', 'biquini OR', "l'água", '-(x)']) {
      const res = await request(`/api/search?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
  });

  it('searches words that name Object.prototype members like any other word (constructor crashed all three)', async () => {
    const names = [...Object.getOwnPropertyNames(Object.prototype), 'prototype'];
    for (const word of [
      ...names,
      'Constructor',
      'CONSTRUCTOR',
      'biquini constructor',
      'constructor preta',
      'sunga __proto__ tostring',
    ]) {
      // No alternate spelling or inflection is found for them (a dictionary lookup that inherits would find one).
      expect(
        (await search(word)).corrected.filter((c) => c.from === 'constructor'),
        word,
      ).toEqual([]);
      expect((await request(`/api/search/suggest?q=${encodeURIComponent(word)}`)).status, word).toBe(200);
      const page = await request(`/search?q=${encodeURIComponent(word)}`);
      expect(page.status, word).toBe(200);
      await page.text();
    }
  });

  it('answers one long word of many different letters (a pasted code) like any other: no 5xx, nothing found', async () => {
    // Each letter of a word that may be a typo is a deletion looked up with a bound value: 50+ of them used to
    // pass D1's 100 bound values a statement ("too many SQL variables", a 503).
    const long = 'abcdefghijklmnopqrstuvwxyz'.repeat(4).slice(0, 99);
    for (const word of [long.slice(0, 41), long.slice(0, 60), long, `${'ab'.repeat(30)}x`, 'biquini'.repeat(14)]) {
      expect((await search(word)).total, word).toBe(0);
      expect((await request(`/api/search/suggest?q=${word}`)).status, word).toBe(200);
      const page = await request(`/search?q=${word}`);
      expect(page.status, word).toBe(200);
      expect(await page.text()).toContain('Não encontramos');
    }
    // A typo in a word of the longest length still corrected is still corrected.
    expect((await search('leguing')).total).toBeGreaterThan(0);
  });

  it('suggests products and categories for a prefix', async () => {
    const res = await request('/api/search/suggest?q=biq');
    const body = SuggestionsSchema.parse(await res.json());
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.categories).toContainEqual({ name: 'Biquínis', href: '/moda-praia/biquinis' });
  });

  it('rejects an over-long term with a 400', async () => {
    const res = await request(`/api/search?q=${'a'.repeat(200)}`);
    expect(res.status).toBe(400);
  });
});
