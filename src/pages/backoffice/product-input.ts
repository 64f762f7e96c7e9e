import type { ProductSave } from '../../contracts/catalog-admin';
import { reaisToCents } from '../../lib/format/money';
import { slugify } from '../../lib/format/slug';

// The product form's posted fields → the save's input (no JS: flat names, prices typed in reais).
export const PRODUCTS = '/painel/produtos';
type Fields = Record<string, string | undefined>;

/**
 * New variants' SKU prefix when none is typed: the whole slug (unique per product) up to 40 characters, or its first
 * 33 and a hash of the rest (two long slugs that start alike must not share SKUs); with the colour (14) and the size
 * (8) a SKU stays within its 64 characters.
 */
export function skuPrefixOf(slug: string): string {
  const whole = slugify(slug).toUpperCase();
  if (whole.length <= 40) return whole;
  let hash = 0x811c9dc5;
  for (const ch of whole) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return `${whole.slice(0, 33).replace(/-+$/, '')}-${hash.toString(36).toUpperCase().padStart(6, '0').slice(0, 6)}`;
}

/** A price typed in the form, in reais (`199`, `199,90`, `1.299,90`, `199.9`) → cents; null when it is not one. */
export function formCents(text: string | undefined): number | null {
  return reaisToCents(text ?? '');
}
const list = (text: string | undefined) => [
  ...new Set(
    (text ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

/**
 * The form's flat fields as the save's input: the rows of the variants shown (`sku_N`, `color_N`, …) and the
 * "new variants" block (colours × sizes, one price). A price that does not read is NaN: the schema refuses it.
 */
export function productInput(values: Fields, id: number | undefined): unknown {
  const variants: unknown[] = [];
  for (let i = 0; i < 200 && values[`sku_${i}`] !== undefined; i++) {
    variants.push({
      sku: values[`sku_${i}`],
      color: values[`color_${i}`],
      size: values[`size_${i}`],
      gtin: values[`gtin_${i}`],
      price: formCents(values[`price_${i}`]) ?? Number.NaN,
      compareAt: values[`compare_${i}`]?.trim() ? (formCents(values[`compare_${i}`]) ?? Number.NaN) : null,
    });
  }
  const colors = list(values.newColors);
  const sizes = list(values.newSizes);
  const prefix = (values.skuPrefix ?? '').trim().toUpperCase() || skuPrefixOf(values.slug ?? '');
  for (const color of colors)
    for (const size of sizes)
      variants.push({
        sku: `${prefix}-${slugify(color).toUpperCase().slice(0, 14)}-${slugify(size).toUpperCase().slice(0, 8) || 'U'}`,
        color,
        size,
        gtin: null,
        price: formCents(values.newPrice) ?? Number.NaN,
        compareAt: values.newCompare?.trim() ? (formCents(values.newCompare) ?? Number.NaN) : null,
      });
  const version = values.version !== undefined && /^\d{1,9}$/.test(values.version) ? Number(values.version) : undefined;
  return {
    ...(id !== undefined ? { id, version } : {}),
    name: values.name,
    slug: values.slug,
    description: values.description ?? '',
    details: values.details ?? '',
    category: values.category,
    published: values.published === 'on',
    variants,
  } satisfies Partial<Record<keyof ProductSave, unknown>>;
}
