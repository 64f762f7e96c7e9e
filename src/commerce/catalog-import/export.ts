import { centsToDecimal } from '../../lib/format/money';
import { neutralizeFormula, writeCsv } from './csv';
import { VITRINE_COLUMNS } from './dialect-columns';
import type { ExistingProduct } from './plan-types';

/** The catalog in Vitrine's template (one row per variant); importing it back changes nothing. */
export function exportCsv(products: ExistingProduct[]): string {
  // Reais with a decimal comma and no thousands points (`1299,90`), as the template's price columns read.
  const money = (cents: number | null) => (cents === null ? '' : centsToDecimal(cents).replace('.', ','));
  const rows: (string | number | null)[][] = [[...VITRINE_COLUMNS]];
  for (const p of products)
    for (const v of p.variants)
      rows.push([
        p.slug,
        p.name,
        p.description,
        p.details,
        p.category,
        p.published ? 'TRUE' : 'FALSE',
        v.sku,
        v.color,
        v.size,
        v.gtin,
        money(v.price),
        money(v.compareAt),
        p.stock[v.sku] ?? 0,
      ]);
  // Names, descriptions and SKUs are staff input: none runs as a formula in the spreadsheet that opens the file.
  return writeCsv(rows.map((r) => r.map(neutralizeFormula)));
}
