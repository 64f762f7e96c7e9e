import type { Suggestions } from '../../src/contracts/catalog';
import type { ProductDetail } from '../../src/contracts/product';
import type { NavItem } from '../../src/lib/menu/nav';
import { api } from '../api';

/** Catalog reads an island makes on its own: search suggestions, a product's detail (quick add), the header's menu. */
export interface CatalogGateway {
  /** GET /api/search/suggest; a failed answer is no suggestion, an abort rejects (a newer term won). */
  suggest(term: string, signal: AbortSignal): Promise<Suggestions>;
  product(slug: string): Promise<ProductDetail>;
  /** The header's menu at the URL its page names (src/pages/header-menu.ts), usually from the browser's cache. */
  headerMenu(url: string): Promise<NavItem[]>;
}

const NONE: Suggestions = { products: [], categories: [] };

export const catalogGateway: CatalogGateway = {
  suggest: (term, signal) =>
    api<Suggestions>('/api/search/suggest', { query: { q: term }, signal }).catch((error: unknown) => {
      if (signal.aborted) throw error;
      return NONE;
    }),
  product: (slug) => api<ProductDetail>(`/api/products/${encodeURIComponent(slug)}`),
  headerMenu: (url) => api<NavItem[]>(url),
};
