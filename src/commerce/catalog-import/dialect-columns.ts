import { dict } from '../../lib/security/dict';

/**
 * The three product CSV dialects the import reads, pure: Vitrine's own template and Shopify's product
 * CSV, current (`URL handle`, `SKU`, `Price`, …) and legacy (`Handle`, `Variant SKU`, `Variant Price`, …). Each
 * record becomes one variant row, or a row error (its line number and a pt-BR reason).
 */
export type Dialect = 'vitrine' | 'shopify' | 'shopify-legacy';

/** Vitrine's template, in this order (the export writes it; the import reads it by name). */
export const VITRINE_COLUMNS = [
  'handle',
  'nome',
  'descricao',
  'detalhes',
  'categoria',
  'publicado',
  'sku',
  'cor',
  'tamanho',
  'gtin',
  'preco',
  'preco_de',
  'estoque_fabrica',
] as const;

export interface Columns {
  handle: string;
  title: string;
  description: string;
  details?: string;
  category: string[];
  published: string;
  status?: string;
  sku: string;
  gtin: string;
  color?: string;
  size?: string;
  price: string;
  compareAt: string;
  stock: string;
  image?: string;
}

export const DIALECTS: Record<Dialect, Columns> = dict({
  vitrine: {
    handle: 'handle',
    title: 'nome',
    description: 'descricao',
    details: 'detalhes',
    category: ['categoria'],
    published: 'publicado',
    sku: 'sku',
    gtin: 'gtin',
    color: 'cor',
    size: 'tamanho',
    price: 'preco',
    compareAt: 'preco_de',
    stock: 'estoque_fabrica',
  },
  shopify: {
    handle: 'url handle',
    title: 'title',
    description: 'description',
    category: ['type', 'product category'],
    published: 'published on online store',
    status: 'status',
    sku: 'sku',
    gtin: 'barcode',
    price: 'price',
    compareAt: 'compare-at price',
    stock: 'inventory quantity',
    image: 'product image url',
  },
  'shopify-legacy': {
    handle: 'handle',
    title: 'title',
    description: 'body (html)',
    category: ['type', 'product category'],
    published: 'published',
    status: 'status',
    sku: 'variant sku',
    gtin: 'variant barcode',
    price: 'variant price',
    compareAt: 'variant compare at price',
    stock: 'variant inventory qty',
    image: 'image src',
  },
});

export const norm = (h: string) => h.trim().toLowerCase();

export function detectDialect(header: string[]): Dialect | null {
  const h = new Set(header.map(norm));
  if (h.has('handle') && h.has('sku') && h.has('cor') && h.has('tamanho')) return 'vitrine';
  if (h.has('url handle') && h.has('sku')) return 'shopify';
  if (h.has('handle') && h.has('variant sku')) return 'shopify-legacy';
  return null;
}
