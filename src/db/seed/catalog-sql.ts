import { generateCatalog, type Catalog } from './catalog';

const TABLES: [keyof Catalog, string][] = [
  ['stores', 'stores'],
  ['products', 'products'],
  ['items', 'product_items'],
  ['photos', 'product_photos'],
  ['stock', 'stock'],
  ['listings', 'product_listings'],
  ['fts', 'products_fts'],
  ['terms', 'search_terms'],
  ['variants', 'search_term_variants'],
];

/** A value as an SQL literal (strings quoted, quotes doubled), for seed SQL run as text. */
export function sqlLiteral(value: string | number | null): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return String(value);
  return `'${value.replace(/'/g, "''")}'`;
}

/** Multi-row INSERTs with literal values, each under D1's statement size limit. */
export function catalogSql(productCount = 320): string[] {
  const catalog = generateCatalog(productCount);
  const out: string[] = [
    'DELETE FROM search_term_variants',
    'DELETE FROM search_terms',
    'DELETE FROM products_fts',
    'DELETE FROM product_listings',
    'DELETE FROM stock',
    'DELETE FROM product_photos',
    'DELETE FROM product_items',
    'DELETE FROM products',
    'DELETE FROM stores',
  ];
  for (const [key, table] of TABLES) {
    const rows = catalog[key];
    if (rows.length === 0) continue;
    const columns = Object.keys(rows[0]!);
    const head = `INSERT INTO ${table} (${columns.join(', ')}) VALUES `;
    let chunk: string[] = [];
    let size = 0;
    for (const row of rows) {
      const tuple = `(${columns.map((c) => sqlLiteral(row[c] ?? null)).join(', ')})`;
      if (size + tuple.length > 60_000 || chunk.length >= 500) {
        out.push(head + chunk.join(', '));
        chunk = [];
        size = 0;
      }
      chunk.push(tuple);
      size += tuple.length + 2;
    }
    if (chunk.length) out.push(head + chunk.join(', '));
  }
  return out;
}
