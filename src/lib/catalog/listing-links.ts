import { PRICE_BUCKETS, type ListingQuery, type PriceBucketKey } from '../../contracts/catalog';
import { listingParams, toggleValue } from './listing-url';
import { emptyDict } from '../security/dict';

/** A listing's address: its path plus what stays fixed across its states (`q` for search). */
export interface ListingBase {
  path: string;
  extra?: Record<string, string>;
}

/** URL search params as `ListingQuerySchema` reads them: a key seen twice becomes a list. */
export function queryRecord(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = emptyDict();
  for (const [key, value] of params) {
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

/** The href of a listing state (no `?` when the state is the default). */
export function listingHref(base: ListingBase, query: Partial<ListingQuery>): string {
  const search = listingParams(query, base.extra).toString();
  return search ? `${base.path}?${search}` : base.path;
}

export function pageHref(base: ListingBase, query: ListingQuery, page: number): string {
  return listingHref(base, { ...query, pagina: page });
}

/** Selecting a price bucket replaces the current one; selecting the current one removes it. */
export function togglePrice(query: ListingQuery, key: PriceBucketKey): ListingQuery {
  return { ...query, preco: query.preco === key ? undefined : key, pagina: 1 };
}

export function hasFilters(query: ListingQuery): boolean {
  return query.tamanho.length + query.cor.length + query.departamento.length > 0 || !!query.preco;
}

/** Same sort, no filters, first page. */
export function clearFilters(query: ListingQuery): ListingQuery {
  return { tamanho: [], cor: [], departamento: [], preco: undefined, ordem: query.ordem, pagina: 1 };
}

export interface ActiveFilter {
  facet: 'Tamanho' | 'Cor' | 'Departamento' | 'Preço';
  label: string;
  /** The same state without this one value. */
  removeHref: string;
}

/** One removable chip per active filter value; `labels` names colours and departments by slug. */
export function activeFilters(
  base: ListingBase,
  query: ListingQuery,
  labels: (facet: 'cor' | 'departamento', value: string) => string,
): ActiveFilter[] {
  const chips: ActiveFilter[] = [];
  for (const v of query.tamanho)
    chips.push({ facet: 'Tamanho', label: v, removeHref: listingHref(base, toggleValue(query, 'tamanho', v)) });
  for (const v of query.cor)
    chips.push({ facet: 'Cor', label: labels('cor', v), removeHref: listingHref(base, toggleValue(query, 'cor', v)) });
  for (const v of query.departamento) {
    chips.push({
      facet: 'Departamento',
      label: labels('departamento', v),
      removeHref: listingHref(base, toggleValue(query, 'departamento', v)),
    });
  }
  const bucket = PRICE_BUCKETS.find((b) => b.key === query.preco);
  if (bucket)
    chips.push({ facet: 'Preço', label: bucket.label, removeHref: listingHref(base, togglePrice(query, bucket.key)) });
  return chips;
}
