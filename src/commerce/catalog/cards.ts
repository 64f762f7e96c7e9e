// A listing's rows as the shopper sees them: the facets' values and counts, and the product cards.
import { PRICE_BUCKETS, type Facets, type ProductCard } from '../../contracts/catalog';
import type { FacetRow, ProductRow, SwatchRow } from './rows';

export function toFacets(rows: FacetRow[]): Facets {
  const of = (facet: FacetRow['facet']) => rows.filter((r) => r.facet === facet && r.value !== null);
  const sizes = of('size').sort((a, b) => Number(a.extra) - Number(b.extra) || a.value.localeCompare(b.value));
  const priceCounts = new Map(of('price').map((r) => [r.value, r.count]));
  return {
    sizes: sizes.map((r) => ({ value: r.value, label: r.label, count: r.count })),
    colors: of('color')
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, 'pt-BR'))
      .map((r) => ({ value: r.value, label: r.label, count: r.count, hex: r.extra ?? '#ccc' })),
    departments: of('department')
      .sort((a, b) => b.count - a.count)
      .map((r) => ({ value: r.value, label: r.label, count: r.count })),
    prices: PRICE_BUCKETS.filter((b) => priceCounts.has(b.key)).map((b) => ({
      value: b.key,
      label: b.label,
      count: priceCounts.get(b.key)!,
    })),
  };
}

/**
 * The page's cards. Under a colour filter, a product's filtered colours come first: the card shows that colour's
 * picture (not a colour the shopper filtered out), its swatch leads, and its heart saves that colour.
 */
export function cards(
  { rows, swatches }: { rows: ProductRow[]; swatches: SwatchRow[] },
  colors: string[],
): ProductCard[] {
  const chosen = (s: SwatchRow) => (colors.includes(s.color_slug) ? 0 : 1);
  return rows.map((r) => {
    const own = swatches.filter((s) => s.product_id === r.id).sort((a, b) => chosen(a) - chosen(b));
    const file = own[0]?.file;
    return {
      id: r.id,
      slug: r.slug,
      name: r.name,
      categoryName: r.category_name,
      departmentSlug: r.department_slug,
      priceCents: r.price_cents,
      listPriceCents: r.list_price_cents,
      discountPct: r.discount_pct,
      preSale: r.pre_sale === 1,
      image: file ?? null,
      swatches: own.map((s) => ({ slug: s.color_slug, name: s.color_name, hex: s.color_hex })),
      // Colour by colour as the swatches go, each colour's items in id (seed: size) order.
      itemIds: own.flatMap((s) =>
        s.item_ids
          .split(',')
          .map(Number)
          .sort((a, b) => a - b),
      ),
    };
  });
}
