import { neutralizeFormula, writeCsv } from './csv';
import { VITRINE_COLUMNS } from './dialect-columns';
import type { ExistingProduct } from './plan-types';

/** The catalog in Vitrine's template (one row per variant); importing it back changes nothing. */
export function exportCsv(products: ExistingProduct[]): string {
  const money = (cents: number | null) =>
    cents === null ? '' : `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
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
