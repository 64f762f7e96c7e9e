import type { Suggestions } from '../../src/contracts/catalog';
import type { ProductDetail } from '../../src/contracts/product';
import { api } from '../api';

/** Catalog reads an island makes on its own: search suggestions and a product's detail (quick add). */
export interface CatalogGateway {
  /** GET /api/search/suggest; a failed answer is no suggestion, an abort rejects (a newer term won). */
  suggest(term: string, signal: AbortSignal): Promise<Suggestions>;
  product(slug: string): Promise<ProductDetail>;
}

const NONE: Suggestions = { products: [], categories: [] };

export const catalogGateway: CatalogGateway = {
  suggest: (term, signal) =>
    api<Suggestions>('/api/search/suggest', { query: { q: term }, signal }).catch((error: unknown) => {
      if (signal.aborted) throw error;
      return NONE;
    }),
  product: (slug) => api<ProductDetail>(`/api/products/${encodeURIComponent(slug)}`),
};
