import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CategoryOption } from '../../src/contracts/catalog-admin';
import { parseCsv, writeCsv } from '../../src/commerce/catalog-import/csv';
import {
  exportCsv,
  planImport,
  planSummary,
  errorsCsv,
  type ExistingProduct,
} from '../../src/commerce/catalog-import/plan';
import { reaisToCents } from '../../src/lib/format/money';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
const CATEGORIES: CategoryOption[] = [
  { category: 'moda/vestidos', categoryName: 'Vestidos', department: 'moda', departmentName: 'Moda' },
  { category: 'moda/blusas', categoryName: 'Blusas', department: 'moda', departmentName: 'Moda' },
  { category: 'moda-praia/cangas', categoryName: 'Cangas', department: 'moda-praia', departmentName: 'Moda Praia' },
  { category: 'fitness/leggings', categoryName: 'Leggings', department: 'fitness', departmentName: 'Fitness' },
];

describe('RFC 4180 parsing', () => {
  it('quoted fields, doubled quotes, embedded CRLF/LF, BOM, CRLF line ends, no final break', () => {
    const text = '\ufeffa,b,c\r\n"x, y","he said ""oi""","line1\r\nline2"\r\n1,,3';
    expect(parseCsv(text)).toEqual([
      { fields: ['a', 'b', 'c'], line: 1 },
      { fields: ['x, y', 'he said "oi"', 'line1\r\nline2'], line: 2 },
      { fields: ['1', '', '3'], line: 4 },
    ]);
  });
  it('an unclosed quote or text after a closing quote is a pt-BR error with the line', () => {
    expect(() => parseCsv('a,b\n"x,y\n')).toThrow(/Linha 2: aspas abertas e nunca fechadas/);
    expect(() => parseCsv('a,b\n"x"y,z\n')).toThrow(/Linha 2: texto depois de aspas/);
  });
  it('write → parse is the identity for any fields', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 2, maxLength: 5 }), {
          minLength: 1,
          maxLength: 8,
        }),
        (rows) => {
          const back = parseCsv(writeCsv(rows)).map((r) => r.fields);
          // A record of one empty field reads as a blank line (no record).
          expect(back).toEqual(rows.filter((r) => !(r.length === 1 && r[0] === '')));
        },
      ),
    );
  });
});

describe('prices in BRL', () => {
  it('comma or dot, with or without R$ and thousands → cents', () => {
    expect(['199', '199,90', '199.90', '1.299,90', 'R$ 89,9', '0,99', 'abc', '12,345'].map(reaisToCents)).toEqual([
      19900,
      19990,
      19990,
      129990,
      8990,
      99,
      null,
      null,
    ]);
  });
});

describe('dialects', () => {
  it("Shopify's current CSV: options by name, product fields inherited, image rows skipped, HTML stripped, draft unpublished", () => {
    const plan = planImport(fixture('shopify-current-products.csv'), new Map(), CATEGORIES);
    expect(plan.errors).toEqual([]);
    expect(plan.dialect).toBe('shopify');
    expect(planSummary(plan)).toBe('2 novos, 0 alterados, 0 com erro');
    const aurora = plan.products.find((p) => p.save.slug === 'vestido-midi-aurora')!;
    expect(aurora.save).toMatchObject({ name: 'Vestido Midi Aurora', category: 'moda/vestidos', published: true });
    expect(aurora.save.description).toBe('Vestido midi em viscose, com fenda lateral. Forro "leve", alças reguláveis.');
    expect(aurora.save.variants.map((v) => `${v.sku}:${v.color}:${v.size}:${v.price}:${v.compareAt}`)).toEqual([
      'AUR-PRE-P:Preto:P:19990:25990',
      'AUR-PRE-M:Preto:M:19990:25990',
      'AUR-TER-P:Terracota:P:19990:25990',
      'AUR-TER-M:Terracota:M:19990:25990',
    ]);
    expect(aurora.save.variants[0]!.gtin).toBe('7891234567895');
    expect(aurora.stock).toEqual({ 'AUR-PRE-P': 5, 'AUR-PRE-M': 3, 'AUR-TER-M': 2 });
    const canga = plan.products.find((p) => p.save.slug === 'canga-listrada')!;
    expect(canga.save).toMatchObject({
      published: false,
      category: 'moda-praia/cangas',
      variants: [{ color: 'Única', size: 'Único', price: 7900, compareAt: null }],
    });
  });

  it("Shopify's legacy CSV: Size/Color options in any order, compare-at equal to the price means no sale", () => {
    const plan = planImport(fixture('shopify-legacy-products.csv'), new Map(), CATEGORIES);
    expect(plan.errors).toEqual([]);
    expect(plan.dialect).toBe('shopify-legacy');
    const legging = plan.products[0]!;
    expect(legging.save.description).toBe('Legging de compressão, toque gelado & cós alto.');
    expect(legging.save.variants.map((v) => [v.color, v.size, v.compareAt])).toEqual([
      ['Preto', 'P', 19900],
      ['Preto', 'M', 19900],
      ['Preto', 'G', null],
    ]);
  });

  it("Vitrine's template", () => {
    const plan = planImport(fixture('vitrine-products.csv'), new Map(), CATEGORIES);
    expect(plan.errors).toEqual([]);
    expect(plan.products[0]!.save).toMatchObject({
      slug: 'blusa-linho-clara',
      description: 'Blusa de linho, leve',
      variants: [
        { price: 12990, compareAt: null },
        { price: 12990, compareAt: 15990 },
      ],
    });
  });

  it('a malformed file gives row errors (line + pt-BR reason) and plans nothing for those products', () => {
    const text = [
      'handle,nome,descricao,detalhes,categoria,publicado,sku,cor,tamanho,gtin,preco,preco_de,estoque_fabrica',
      'a-ok,Produto A,,,moda/blusas,TRUE,A-1,Azul,P,,10,,1',
      'b-bad,Produto B,,,moda/blusas,TRUE,B-1,Azul,P,1234567890123,10,,1',
      'c-bad,Produto C,,,moda/blusas,TALVEZ,C-1,Azul,P,,10,,1',
      'd-bad,Produto D,,,moda/blusas,TRUE,D-1,Azul,P,,dez,,1',
      'e-bad,Produto E,,,nao/existe,TRUE,E-1,Azul,P,,10,,1',
      'f-bad,Produto F,,,moda/blusas,TRUE,F-1,Azul,P,,10,5,x',
      'g-bad,Produto G\u0000,,,moda/blusas,TRUE,G-1,Azul,P,,10,,1',
    ].join('\n');
    const plan = planImport(text, new Map(), CATEGORIES);
    expect(plan.errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(plan.errors.map((e) => e.reason).join(' | ')).toMatch(
      /GTIN inválido.*Publicado inválido.*Preço inválido.*Categoria não encontrada.*Estoque inválido.*caracteres inválidos/,
    );
    expect(planSummary(plan)).toBe('1 novo, 0 alterados, 6 com erro');
    expect(errorsCsv(plan.errors).split('\r\n')[0]).toBe('linha,motivo');
    expect(planImport('"a,b\n', new Map(), CATEGORIES).errors[0]!.reason).toMatch(/aspas/);
    expect(planImport('x,y\n1,2\n', new Map(), CATEGORIES).errors[0]!.reason).toMatch(/Cabeçalho não reconhecido/);
  });
});

describe('export → import', () => {
  const text = fc
    .tuple(
      fc.constantFrom('', '', '=', '+', '-', '@', "'", "'=", "''+"),
      fc.string({ unit: 'grapheme', maxLength: 30 }),
    )
    .map(([lead, s]) => `${lead}${s}`.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '').trim());
  const product = (i: number) =>
    fc
      .record({
        name: text.filter((s) => [...s].length >= 2),
        description: text,
        details: text,
        published: fc.boolean(),
        category: fc.constantFrom(...CATEGORIES.map((c) => c.category)),
        colors: fc.uniqueArray(fc.constantFrom('Preto', 'Azul, Marinho', 'Off "white"', 'Verde'), {
          minLength: 1,
          maxLength: 3,
        }),
        sizes: fc.uniqueArray(fc.constantFrom('P', 'M', 'G', '38'), { minLength: 1, maxLength: 3 }),
        price: fc.integer({ min: 1, max: 1_000_000 }),
        sale: fc.option(fc.integer({ min: 1, max: 500_000 })),
        stock: fc.integer({ min: 0, max: 99 }),
      })
      .map((r): ExistingProduct => {
        const variants = r.colors.flatMap((color, c) =>
          r.sizes.map((size, s) => ({
            sku: `P${i}-${c}-${s}`,
            color,
            size,
            gtin: null,
            price: r.price,
            compareAt: r.sale ? r.price + r.sale : null,
          })),
        );
        return {
          id: i + 1,
          version: 3,
          slug: `produto-${i}`,
          name: r.name,
          description: r.description,
          details: r.details,
          category: r.category,
          published: r.published,
          variants,
          stock: Object.fromEntries(variants.map((v) => [v.sku, r.stock])),
        };
      });
  it('formula cells go out neutralized (a leading apostrophe) and come back as they were', () => {
    const variants = [{ sku: '-SKU1', color: '@Preto', size: '+G', gtin: null, price: 9990, compareAt: null }];
    const risky: ExistingProduct = {
      id: 1,
      version: 1,
      slug: 'vestido-formula',
      name: '=HYPERLINK("http://x.example","clique")',
      description: "'=2+3",
      details: '-1 peça',
      category: CATEGORIES[0]!.category,
      published: true,
      variants,
      stock: { '-SKU1': 2 },
    };
    const csv = exportCsv([risky]);
    const record = parseCsv(csv)[1]!.fields;
    expect(record.slice(0, 4)).toEqual([
      'vestido-formula',
      `'=HYPERLINK("http://x.example","clique")`,
      "''=2+3",
      "'-1 peça",
    ]);
    expect(record.slice(6, 9)).toEqual(["'-SKU1", "'@Preto", "'+G"]);
    expect(record.every((cell) => !/^[=+\-@\t\r]/.test(cell))).toBe(true);
    const plan = planImport(csv, new Map([[risky.slug, risky]]), CATEGORIES);
    expect([plan.errors, plan.counts]).toEqual([[], { new: 0, changed: 0, unchanged: 1, errors: 0 }]);
  });
  it('importing an export of the catalog changes nothing (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => product(i)))),
        (products) => {
          const plan = planImport(exportCsv(products), new Map(products.map((p) => [p.slug, p])), CATEGORIES);
          expect(plan.errors).toEqual([]);
          expect(plan.counts).toEqual({ new: 0, changed: 0, unchanged: products.length, errors: 0 });
        },
      ),
      { numRuns: 200 },
    );
  });
});
