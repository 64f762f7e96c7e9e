import { PRICE_BUCKETS, type Facets, type ListingQuery, type ListingResult, type ProductCard, type Sort } from '../../contracts/catalog';
import type { Base, CatalogRepo, FacetRow, Filter, PagePlan, ProductRow, StoredSummary } from './repo';

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

const uniqueSorted = (values: string[]) => [...new Set(values)].sort();

/** What a summary depends on: the base set and the filter (never the sort or the page). */
export function summaryKey(base: Base, filter: Filter): string {
  const what = base.kind === 'listing' ? base.slug : base.match;
  const { sizes, colors, departments, minPrice, maxPrice } = filter;
  return JSON.stringify([base.kind, what, uniqueSorted(sizes), uniqueSorted(colors), uniqueSorted(departments), minPrice, maxPrice]);
}

/**
 * The total is the department facet's counts added up: every product has exactly one department, and that
 * facet counts with every filter but the department one (so only the chosen departments are added).
 */
export function totalFrom(rows: FacetRow[], filter: Filter): number {
  const chosen = new Set(filter.departments);
  return rows.filter((r) => r.facet === 'department' && (chosen.size === 0 || chosen.has(r.value))).reduce((sum, r) => sum + r.count, 0);
}

/** A summary read at the current content version, or counted by `count` and stored for the next requests. */
async function storedOr(deps: ListingDeps, key: string, count: () => Promise<StoredSummary>): Promise<StoredSummary> {
  const { version, stored } = await deps.repo.summary(key);
  if (stored) return stored;
  const summary = await count();
  if (version !== null) {
    // Best effort: a summary that cannot be stored (a read-only replica, a race) is counted again next time.
    await deps.repo.storeSummary(key, version, summary).catch((error: unknown) => console.error(JSON.stringify({ listingSummary: String(error) })));
  }
  return summary;
}

/**
 * Facet counts and total (issue 16): read from `listing_summaries` when they were computed at the current
 * content version; otherwise counted over the result set once, stored for the next requests, and returned.
 */
export function listingSummary(deps: ListingDeps, base: Base, filter: Filter): Promise<StoredSummary> {
  return storedOr(deps, summaryKey(base, filter), async () => {
    const facets = await deps.repo.facets(base, filter);
    return { total: totalFrom(facets, filter), facets };
  });
}

const CATALOG_KEY = JSON.stringify(['catalog']);

/** Products a listing can show in the whole catalog, stored like a listing's summary. */
async function catalogSize(deps: ListingDeps): Promise<number> {
  return (await storedOr(deps, CATALOG_KEY, async () => ({ total: await deps.repo.catalogSize(), facets: [] }))).total;
}

/**
 * Walking a sort index visits about (offset + limit) × catalog / total products before the page is full; the
 * base plan reads all `total`. A listing walks when that is fewer (a large listing's first pages).
 */
export function pagePlan(base: Base, total: number, catalog: number, offset: number, limit: number): PagePlan {
  if (base.kind !== 'listing' || total === 0) return 'base';
  return (offset + limit) * catalog < total * total ? 'walk' : 'base';
}

async function cards(deps: ListingDeps, rows: ProductRow[]): Promise<ProductCard[]> {
  const swatches = await deps.repo.swatches(rows.map((r) => r.id));
  return rows.map((r) => {
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
}

/**
 * One page of a listing or of search results, with facets, total and swatches. A listing reads its stored totals
 * first (they choose how the page is read); a search reads its page and totals side by side.
 */
export async function listProducts(deps: ListingDeps, base: Base, query: ListingQuery, defaultSort: Sort): Promise<ListingResult> {
  const filter = filterFrom(query);
  const sort = query.ordem ?? defaultSort;
  const page = query.pagina;
  const offset = (page - 1) * PER_PAGE;
  let rows: ProductRow[];
  let summary: StoredSummary;
  if (base.kind === 'listing') {
    // The stored totals choose how the page is read.
    const [stored, catalog] = await Promise.all([listingSummary(deps, base, filter), catalogSize(deps)]);
    summary = stored;
    rows = await deps.repo.page(base, filter, sort, PER_PAGE, offset, pagePlan(base, summary.total, catalog, offset, PER_PAGE));
  } else {
    [rows, summary] = await Promise.all([deps.repo.page(base, filter, sort, PER_PAGE, offset), listingSummary(deps, base, filter)]);
  }
  const products = await cards(deps, rows);
  const total = summary.total;
  return { products, total, page, pages: Math.max(1, Math.ceil(total / PER_PAGE)), perPage: PER_PAGE, facets: toFacets(summary.facets) };
}

/** The first `limit` products of a base set in `sort` order, unfiltered, without facets or total (search suggestions). */
export async function firstProducts(deps: ListingDeps, base: Base, sort: Sort, limit: number): Promise<ProductCard[]> {
  const filter = filterFrom({ tamanho: [], cor: [], departamento: [], pagina: 1 });
  return cards(deps, await deps.repo.page(base, filter, sort, limit, 0));
}
