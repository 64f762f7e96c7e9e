import { PRICE_BUCKETS, type Facets, type ListingQuery, type ListingResult, type ProductCard, type Sort } from '../../contracts/catalog';
import type { Base, CatalogRepo, FacetRow, Filter } from './repo';

export const PER_PAGE = 24;

export function filterFrom(query: ListingQuery): Filter {
  const bucket = PRICE_BUCKETS.find((b) => b.key === query.preco);
  return {
    sizes: query.tamanho,
    colors: query.cor,
    departments: query.departamento,
    minPrice: bucket ? bucket.min : null,
    maxPrice: bucket ? bucket.max : null,
  };
}

function toFacets(rows: FacetRow[]): Facets {
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
    prices: PRICE_BUCKETS.filter((b) => priceCounts.has(b.key)).map((b) => ({ value: b.key, label: b.label, count: priceCounts.get(b.key)! })),
  };
}

export interface ListingDeps {
  repo: CatalogRepo;
}

/**
 * One page of a listing or of search results, with facets and swatches; all reads in parallel.
 * `facets: false` (search suggestions) skips the facet counts and returns them empty.
 */
export async function listProducts(
  deps: ListingDeps,
  base: Base,
  query: ListingQuery,
  defaultSort: Sort,
  opts: { facets?: boolean } = {},
): Promise<ListingResult> {
  const filter = filterFrom(query);
  const sort = query.ordem ?? defaultSort;
  const page = query.pagina;
  const [rows, facetRows] = await Promise.all([
    deps.repo.page(base, filter, sort, PER_PAGE, (page - 1) * PER_PAGE),
    opts.facets === false ? [] : deps.repo.facets(base, filter),
  ]);
  const swatches = await deps.repo.swatches(rows.map((r) => r.id));
  const total = rows[0]?.total ?? 0;
  const products: ProductCard[] = rows.map((r) => {
    const own = swatches.filter((s) => s.product_id === r.id);
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
      itemIds: own.flatMap((s) => s.item_ids.split(',').map(Number).sort((a, b) => a - b)),
    };
  });
  return { products, total, page, pages: Math.max(1, Math.ceil(total / PER_PAGE)), perPage: PER_PAGE, facets: toFacets(facetRows) };
}
