import type { ProductSave } from '../../contracts/catalog-admin';
import { reaisToCents } from '../../lib/money';
import { slugify } from '../../lib/slug';

// The product form's posted fields → the save's input (no JS: flat names, prices typed in reais).
export const PRODUCTS = '/painel/produtos';
type Fields = Record<string, string | undefined>;

/** A price typed in the form, in reais (`199`, `199,90`, `1.299,90`, `199.9`) → cents; null when it is not one. */
export function formCents(text: string | undefined): number | null {
  return reaisToCents(text ?? '');
}
const list = (text: string | undefined) => [...new Set((text ?? '').split(',').map((s) => s.trim()).filter(Boolean))];

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
  const prefix = (values.skuPrefix ?? '').trim().toUpperCase() || slugify(values.slug ?? '').toUpperCase().slice(0, 20);
  for (const color of colors)
    for (const size of sizes)
      variants.push({
        sku: `${prefix}-${slugify(color).toUpperCase()}-${slugify(size).toUpperCase() || 'U'}`,
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

