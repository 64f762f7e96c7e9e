import type { Catalog } from './catalog';
import { COLORS } from './catalog-data';

/** Photos per product colour: 1 front, 2 back, 3 detail. */
export const PHOTO_POSITIONS = 3;

/** The artwork a category's photos show: the last segment of its menu slug (`moda-praia/biquinis` → `biquinis`). */
export function photoKind(categorySlug: string): string {
  return categorySlug.split('/').pop()!;
}

/** `<category key>-<colour slug>-<n>.webp`: products of one category and colour share their photos. */
export function photoFile(categorySlug: string, colorSlug: string, position: number): string {
  return `${photoKind(categorySlug)}-${colorSlug}-${position}.webp`;
}

export interface PhotoSpec {
  file: string;
  kind: string;
  colorSlug: string;
  colorHex: string;
  position: number;
}

const HEX = new Map(COLORS.map((c) => [c.slug, c.hex]));

/** Every distinct photo file a catalog references, with what its artwork needs; sorted by file name. */
export function photoSpecs(catalog: Pick<Catalog, 'products' | 'photos'>): PhotoSpec[] {
  const category = new Map(catalog.products.map((p) => [p.id, String(p.category_slug)]));
  const out = new Map<string, PhotoSpec>();
  for (const photo of catalog.photos) {
    const file = String(photo.file);
    if (out.has(file)) continue;
    const colorSlug = String(photo.color_slug);
    const hex = HEX.get(colorSlug);
    const slug = category.get(photo.product_id as number);
    if (!hex || !slug) throw new Error(`photo ${file}: unknown colour or product`);
    out.set(file, { file, kind: photoKind(slug), colorSlug, colorHex: hex, position: Number(photo.position) });
  }
  return [...out.values()].sort((a, b) => a.file.localeCompare(b.file));
}
