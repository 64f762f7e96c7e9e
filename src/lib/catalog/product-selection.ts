import type { ProductDetail, ProductSku } from '../../contracts/product';

/** Spec §3/§9: the last colour picked, kept 100 seconds so the next product page can start on it. */
export const COLOR_COOKIE = 'color_selected';
export const COLOR_COOKIE_MAX_AGE = 100;

/** The part of a product that selection needs (the island gets no description or details). */
export type ProductOptions = Pick<ProductDetail, 'colors' | 'skus'>;

/** What the shopper picked on the product page; mirrored in the URL as `?cor=…&tamanho=…`. */
export interface Selection {
  color: string;
  size: string | null;
}

export interface SizeChoice {
  size: string;
  sku: ProductSku;
  available: boolean;
}

/** The colour's sizes in size order. */
export function sizesFor(product: ProductOptions, color: string): SizeChoice[] {
  return product.skus
    .filter((s) => s.color === color)
    .sort((a, b) => a.sizeOrder - b.sizeOrder || a.size.localeCompare(b.size))
    .map((sku) => ({ size: sku.size, sku, available: sku.available }));
}

export function colorAvailable(product: ProductOptions, color: string): boolean {
  return product.skus.some((s) => s.color === color && s.available);
}

/**
 * The selection a request asks for, made valid: an unknown colour falls back to the first colour in
 * stock; a size is kept only if that colour has it in stock; a colour with a single size in stock
 * that is its only size (`Único`) comes preselected.
 */
export function resolveSelection(
  product: ProductOptions,
  query: { cor?: string | null; tamanho?: string | null },
): Selection {
  const known = product.colors.find((c) => c.slug === query.cor);
  const color =
    known?.slug ?? product.colors.find((c) => colorAvailable(product, c.slug))?.slug ?? product.colors[0]!.slug;
  return { color, size: validSize(product, color, query.tamanho ?? null) };
}

/** The size kept when switching to `color` (null when that colour lacks it in stock). */
export function validSize(product: ProductOptions, color: string, size: string | null): string | null {
  const sizes = sizesFor(product, color);
  if (sizes.length === 1 && sizes[0]!.available) return sizes[0]!.size;
  return sizes.find((s) => s.size === size && s.available)?.size ?? null;
}

export function selectedSku(product: ProductOptions, selection: Selection): ProductSku | null {
  if (!selection.size) return null;
  return product.skus.find((s) => s.color === selection.color && s.size === selection.size) ?? null;
}

/** `/<slug>/p?cor=…&tamanho=…` (the canonical URL carries no selection). */
export function selectionHref(slug: string, selection: Partial<Selection>): string {
  const params = new URLSearchParams();
  if (selection.color) params.set('cor', selection.color);
  if (selection.size) params.set('tamanho', selection.size);
  const query = params.toString();
  return `/${slug}/p${query ? `?${query}` : ''}`;
}

/** Prices shown for a selection: the chosen SKU's, else the lowest of the colour's SKUs in stock. */
export function displayPrice(
  product: ProductOptions,
  selection: Selection,
): Pick<ProductSku, 'priceCents' | 'listPriceCents' | 'discountPct'> {
  const sku = selectedSku(product, selection);
  if (sku) return sku;
  const pool = product.skus.filter((s) => s.color === selection.color && s.available);
  const cheapest = (pool.length ? pool : product.skus).reduce((a, b) => (b.priceCents < a.priceCents ? b : a));
  return cheapest;
}
