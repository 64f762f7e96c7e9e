import type { ListingQuery } from '../../contracts/catalog';

/** The URL search params for a listing state (defaults omitted, lists comma-joined, stable order). */
export function listingParams(query: Partial<ListingQuery>, extra: Record<string, string> = {}): URLSearchParams {
  const params = new URLSearchParams(extra);
  if (query.tamanho?.length) params.set('tamanho', query.tamanho.join(','));
  if (query.cor?.length) params.set('cor', query.cor.join(','));
  if (query.departamento?.length) params.set('departamento', query.departamento.join(','));
  if (query.preco) params.set('preco', query.preco);
  if (query.ordem) params.set('ordem', query.ordem);
  if (query.pagina && query.pagina > 1) params.set('pagina', String(query.pagina));
  return params;
}

/** Adds or removes one value of a multi-value facet; any facet change goes back to page 1. */
export function toggleValue(query: ListingQuery, key: 'tamanho' | 'cor' | 'departamento', value: string): ListingQuery {
  const current = query[key];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return { ...query, [key]: next, pagina: 1 };
}
