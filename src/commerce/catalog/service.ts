import {
  PRICE_BUCKETS,
  type ListingQuery,
  type ListingResult,
  type ProductCard,
  type Sort,
} from '../../contracts/catalog';
import { cards, toFacets } from './cards';
import type { CatalogRepo } from './repo';
import type { FacetRow } from './rows';
import type { Base, Filter, PagePlan } from './sql';
import type { SearchParse, StoredRead, StoredSummary } from './stored-repo';

export const PER_PAGE = 24;

/** How many of a result set's first products are stored in sort order per content version (migration 0020). */
export const STORED_POSITIONS = 10 * PER_PAGE;

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

export interface ListingDeps {
  repo: CatalogRepo;
}

/**
 * A search as typed: its folded words key what is stored (migration 0021), so a stored search is read in one round
 * trip; `parse` (the words' lookup: known terms, typo neighbours) runs only when something must be computed.
 */
export interface TypedSearch {
  kind: 'typed';
  words: string[];
  parse: () => Promise<SearchParse>;
}

/** What is listed: a base set, or a search as typed. */
export type Listed = Base | TypedSearch;

/** The base set to compute from, and a typed search's parse (null otherwise); looked up at most once. */
type Resolve = () => Promise<{ base: Base; search: SearchParse | null }>;

/** A typed search's parse is the one stored with its summary at the current content version, or looked up now. */
function resolver(listed: Listed, stored: StoredSummary | null): Resolve {
  let resolved: ReturnType<Resolve> | undefined;
  const resolve = async () => {
    if (listed.kind !== 'typed') return { base: listed, search: null };
    const search = stored?.search ?? (await listed.parse());
    return { base: { kind: 'search', match: search.match } as const, search };
  };
  return () => (resolved ??= resolve());
}

const uniqueSorted = (values: string[]) => [...new Set(values)].sort();

/** What a summary depends on: the base set (a typed search: its words) and the filter (never the sort or the page). */
export function summaryKey(base: Listed, filter: Filter): string {
  const what = base.kind === 'listing' ? base.slug : base.kind === 'search' ? base.match : base.words.join(' ');
  const { sizes, colors, departments, minPrice, maxPrice } = filter;
  return JSON.stringify([
    base.kind,
    what,
    uniqueSorted(sizes),
    uniqueSorted(colors),
    uniqueSorted(departments),
    minPrice,
    maxPrice,
  ]);
}

/**
 * The total is the department facet's counts added up: every product has exactly one department, and that
 * facet counts with every filter but the department one (so only the chosen departments are added).
 */
export function totalFrom(rows: FacetRow[], filter: Filter): number {
  const chosen = new Set(filter.departments);
  return rows
    .filter((r) => r.facet === 'department' && (chosen.size === 0 || chosen.has(r.value)))
    .reduce((sum, r) => sum + r.count, 0);
}

/** Best effort: what cannot be stored (a read-only replica, a race) is computed again next time. */
async function keep(what: string, write: Promise<void>): Promise<void> {
  await write.catch((error: unknown) => console.error(JSON.stringify({ [what]: String(error) })));
}

/** A summary read at the current content version, or counted by `count` and stored for the next requests. */
async function storedOr(deps: ListingDeps, key: string, count: () => Promise<StoredSummary>): Promise<StoredSummary> {
  const { version, stored } = await deps.repo.summary(key);
  if (stored) return stored;
  return counted(deps, key, version, count);
}

async function counted(
  deps: ListingDeps,
  key: string,
  version: number | null,
  count: () => Promise<StoredSummary>,
): Promise<StoredSummary> {
  const summary = await count();
  if (version !== null) await keep('listingSummary', deps.repo.storeSummary(key, version, summary));
  return summary;
}

const countFacets = (deps: ListingDeps, resolve: Resolve, filter: Filter) => async (): Promise<StoredSummary> => {
  const { base, search } = await resolve();
  const facets = await deps.repo.facets(base, filter);
  return { total: totalFrom(facets, filter), facets, search };
};

/** What a stored order depends on: the summary's key and the sort. */
export function orderKey(key: string, sort: Sort): string {
  return JSON.stringify([key, sort]);
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

interface PageRequest {
  /** The base set, resolved only when the page is computed. */
  base: () => Promise<Base>;
  filter: Filter;
  sort: Sort;
  offset: number;
  limit: number;
  /** The summary's key (summaryKey), and what was read at the current content version. */
  key: string;
  read: StoredRead;
  /** How a computed page is read (the listing's totals choose). */
  plan: (offset: number, limit: number) => Promise<PagePlan>;
}

/**
 * One page's cards. Within the first STORED_POSITIONS products, the page is the window of the order stored at the
 * current content version (migration 0020), read with the summary, or a slice of the order computed now (the
 * same query as any page) and stored. A page further on is computed as it is asked.
 */
async function pageCards(deps: ListingDeps, req: PageRequest): Promise<ProductCard[]> {
  const { filter, sort, offset, limit, read } = req;
  const { order } = read;
  // The stored order holds the page (read with it): it is the whole result set (shorter than the stored
  // positions), or long enough.
  if (order && (order.length < STORED_POSITIONS || offset + limit <= order.length)) return cards(order, filter.colors);
  const base = await req.base();
  if (offset + limit > STORED_POSITIONS) {
    const rows = await deps.repo.page(base, filter, sort, limit, offset, await req.plan(offset, limit));
    return cards({ rows, swatches: await deps.repo.swatches(rows.map((r) => r.id)) }, filter.colors);
  }
  const first = await deps.repo.page(base, filter, sort, STORED_POSITIONS, 0, await req.plan(0, STORED_POSITIONS));
  const rows = first.slice(offset, offset + limit);
  const [swatches] = await Promise.all([
    deps.repo.swatches(rows.map((r) => r.id)),
    read.version === null
      ? null
      : keep(
          'listingOrder',
          deps.repo.storeOrder(
            orderKey(req.key, sort),
            read.version,
            first.map((r) => r.id),
          ),
        ),
  ]);
  return cards({ rows, swatches }, filter.colors);
}

/**
 * One page of a listing or of search results, with facets, total and swatches. One read gives what is stored at
 * the current content version (summary, the sort's first positions, the catalog's size); what is not is computed
 * and stored (a listing's totals first: they choose how its page is read). A typed search also gives its parse.
 */
export async function listParsed(
  deps: ListingDeps,
  listed: Listed,
  query: ListingQuery,
  defaultSort: Sort,
): Promise<{ result: ListingResult; search: SearchParse | null }> {
  const filter = filterFrom(query);
  const sort = query.ordem ?? defaultSort;
  const page = query.pagina;
  const offset = (page - 1) * PER_PAGE;
  const key = summaryKey(listed, filter);
  const read = await deps.repo.summary(
    key,
    { key: orderKey(key, sort), offset, limit: PER_PAGE },
    listed.kind === 'listing' ? CATALOG_KEY : undefined,
  );
  const resolve = resolver(listed, read.stored);
  const summarized = read.stored
    ? Promise.resolve(read.stored)
    : counted(deps, key, read.version, countFacets(deps, resolve, filter));
  const plan = async (from: number, limit: number): Promise<PagePlan> =>
    listed.kind === 'listing'
      ? pagePlan(listed, (await summarized).total, read.catalog ?? (await catalogSize(deps)), from, limit)
      : 'base';
  const base = async () => (await resolve()).base;
  const [summary, products] = await Promise.all([
    summarized,
    pageCards(deps, { base, filter, sort, offset, limit: PER_PAGE, key, read, plan }),
  ]);
  const total = summary.total;
  const search = listed.kind === 'typed' ? (summary.search ?? (await resolve()).search) : null;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  return { result: { products, total, page, pages, perPage: PER_PAGE, facets: toFacets(summary.facets) }, search };
}

/** One page of a listing or of search results (listParsed without the parse). */
export async function listProducts(
  deps: ListingDeps,
  base: Listed,
  query: ListingQuery,
  defaultSort: Sort,
): Promise<ListingResult> {
  return (await listParsed(deps, base, query, defaultSort)).result;
}

/**
 * The first `limit` products of a base set in `sort` order, unfiltered, without facets or total (search suggestions),
 * and the content version they were read at (null: none read).
 */
export async function firstProducts(
  deps: ListingDeps,
  listed: Listed,
  sort: Sort,
  limit: number,
): Promise<{ cards: ProductCard[]; version: number | null }> {
  const filter = filterFrom({ tamanho: [], cor: [], departamento: [], pagina: 1 });
  const key = summaryKey(listed, filter);
  const read = await deps.repo.summary(key, { key: orderKey(key, sort), offset: 0, limit });
  const resolve = resolver(listed, read.stored);
  const base = async () => (await resolve()).base;
  const page = { base, filter, sort, offset: 0, limit, key, read, plan: () => Promise.resolve<PagePlan>('base') };
  return { cards: await pageCards(deps, page), version: read.version };
}
