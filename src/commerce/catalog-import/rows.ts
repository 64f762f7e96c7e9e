import { reaisToCents } from '../../lib/format/money';
import { hasControlChar } from '../../contracts/text-input';
import { unneutralizeFormula } from './csv-write';
import { DIALECTS, norm, type Dialect } from './dialect-columns';

export interface VariantRow {
  line: number;
  handle: string;
  title: string;
  description: string;
  details: string;
  category: string;
  published: boolean;
  sku: string;
  color: string;
  size: string;
  gtin: string | null;
  price: number;
  compareAt: number | null;
  /** On hand at `fabrica` after the import; null: the file does not say (stock unchanged). */
  stock: number | null;
}

export interface RowError {
  line: number;
  reason: string;
}

const COLOR_OPTION = /^(cor|cores|color|colour)$/i;
const SIZE_OPTION = /^(tamanho|tam|size)$/i;
const TRUE = /^(true|sim|s|1|yes|verdadeiro)$/i;
const FALSE = /^(false|nao|não|n|0|no|falso)?$/i;
const strip = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The file's records as variant rows. Shopify writes product fields on a product's first row only: later rows of
 * the same handle inherit them. Image-only rows (no SKU, no option, no price) are skipped.
 */
export function readRows(
  dialect: Dialect,
  header: string[],
  records: { fields: string[]; line: number }[],
): { rows: VariantRow[]; errors: RowError[] } {
  const cols = DIALECTS[dialect];
  const index = new Map(header.map((h, i) => [norm(h), i] as const));
  const options = [1, 2, 3].map((n) => ({ name: index.get(`option${n} name`), value: index.get(`option${n} value`) }));
  const rows: VariantRow[] = [];
  const errors: RowError[] = [];
  const first = new Map<
    string,
    { title: string; description: string; details: string; category: string; published: boolean; options: string[] }
  >();
  for (const { fields, line } of records) {
    // A cell the export neutralized against formula injection (`'=…`) reads back as the value it was.
    const get = (name: string | undefined) =>
      name === undefined ? '' : unneutralizeFormula((fields[index.get(name) ?? -1] ?? '').trim());
    const fail = (reason: string) => errors.push({ line, reason });
    if (fields.some((f) => hasControlChar(f) || f.includes('\u0000'))) {
      fail('Há caracteres inválidos (de controle) nesta linha.');
      continue;
    }
    if (fields.length > header.length) {
      fail(`A linha tem ${fields.length} colunas, mas o cabeçalho tem ${header.length}.`);
      continue;
    }
    const handle = get(cols.handle).toLowerCase();
    if (!handle) {
      fail('Informe o handle (endereço) do produto.');
      continue;
    }
    const optionNames = options.map((o) =>
      o.name === undefined ? '' : unneutralizeFormula((fields[o.name] ?? '').trim()),
    );
    const optionValues = options.map((o) =>
      o.value === undefined ? '' : unneutralizeFormula((fields[o.value] ?? '').trim()),
    );
    const sku = get(cols.sku);
    if (dialect !== 'vitrine' && !sku && optionValues.every((v) => !v) && !get(cols.price)) continue; // an image row
    const known = first.get(handle);
    const status = cols.status ? get(cols.status).toLowerCase() : '';
    const publishedText = get(cols.published);
    const own = {
      title: get(cols.title),
      description: dialect === 'vitrine' ? get(cols.description) : strip(get(cols.description)),
      details: get(cols.details),
      category: cols.category.map(get).find(Boolean) ?? '',
      published: TRUE.test(publishedText) && (status === '' || status === 'active' || status === 'ativo'),
      options: optionNames,
    };
    const product = known && !own.title ? known : own;
    if (!known) first.set(handle, own);
    let color = get(cols.color);
    let size = get(cols.size);
    if (dialect !== 'vitrine') {
      const names = product.options;
      names.forEach((name, i) => {
        if (COLOR_OPTION.test(name)) color = optionValues[i]!;
        else if (SIZE_OPTION.test(name)) size = optionValues[i]!;
      });
      if (names.every((n) => !n || n === 'Title') || optionValues.every((v) => !v || v === 'Default Title')) {
        color ||= 'Única';
        size ||= 'Único';
      }
    }
    if (publishedText && !TRUE.test(publishedText) && !FALSE.test(publishedText))
      fail(`Publicado inválido ("${publishedText}"): use TRUE ou FALSE.`);
    else if (!sku) fail('Informe o SKU.');
    else if (!color) fail('Informe a cor (coluna cor, ou uma opção "Cor"/"Color").');
    else if (!size) fail('Informe o tamanho (coluna tamanho, ou uma opção "Tamanho"/"Size").');
    else {
      const price = reaisToCents(get(cols.price));
      const compareText = get(cols.compareAt);
      const compareAt = compareText ? reaisToCents(compareText) : null;
      const stockText = get(cols.stock);
      const stock =
        stockText === '' ? null : /^-?\d{1,6}$/.test(stockText) ? Math.max(0, Number(stockText)) : Number.NaN;
      if (price === null || price <= 0) fail(`Preço inválido ("${get(cols.price)}"): use 199,90 ou 199.90.`);
      else if (compareText && compareAt === null) fail(`Preço "de" inválido ("${compareText}").`);
      else if (Number.isNaN(stock)) fail(`Estoque inválido ("${stockText}"): use um número inteiro.`);
      else
        rows.push({
          line,
          handle,
          title: product.title,
          description: product.description,
          details: product.details,
          category: product.category,
          published: product.published,
          sku,
          color,
          size,
          gtin: get(cols.gtin).replace(/^'/, '') || null,
          price,
          // Shopify writes the compare-at price equal to the price, or 0, for "no sale".
          compareAt: compareAt !== null && compareAt > price ? compareAt : null,
          stock,
        });
    }
  }
  return { rows, errors };
}
