import { EMPTY_LISTING, type ListingQuery } from '../../contracts/catalog';
import { TOP_MENU_NAME } from '../../contracts/menus';
import { catalogRepo } from '../catalog/repo';
import { firstProducts, listProducts, PER_PAGE } from '../catalog/service';
import { menusRepo } from '../menus/repo';
import { menuTree } from '../menus/service';
import type { CommercePort, SearchResult } from '../port';
import { searchRepo } from './repo';
import { parseQuery } from './service';
import { matchCategories } from './suggest';

const SUGGESTED_PRODUCTS = 6;

/** The embedded search: the corrected term's listing, and the header's suggestions (products and categories). */
export function embeddedSearch(db: D1Database): Pick<CommercePort, 'search' | 'suggest'> {
  const catalog = { repo: catalogRepo(db) };
  const search = { repo: searchRepo(db) };
  const menus = { repo: menusRepo(db) };
  const searchProducts = async (term: string, query: ListingQuery): Promise<SearchResult> => {
    const parsed = await parseQuery(search, term);
    if (!parsed.match) return { ...EMPTY_LISTING, perPage: PER_PAGE, corrected: [] };
    const result = await listProducts(catalog, { kind: 'search', match: parsed.match }, query, 'relevance');
    return { ...result, corrected: parsed.corrected };
  };
  return {
    search: searchProducts,
    async suggest(term) {
      // Suggestions show products only: the first few by relevance, no facets or total.
      const found = async () => {
        const parsed = await parseQuery(search, term);
        return parsed.match ? firstProducts(catalog, { kind: 'search', match: parsed.match }, 'relevance', SUGGESTED_PRODUCTS) : [];
      };
      const [products, menu] = await Promise.all([found(), menuTree(menus, TOP_MENU_NAME).catch(() => [])]);
      return {
        products: products.map((p) => ({ id: p.id, slug: p.slug, name: p.name, priceCents: p.priceCents, image: p.image })),
        categories: matchCategories(menu, term),
      };
    },
  };
}
