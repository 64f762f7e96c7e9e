import { EMPTY_LISTING, type ListingQuery } from '../../contracts/catalog';
import { TOP_MENU_NAME } from '../../contracts/menus';
import { catalogRepo } from '../catalog/repo';
import { firstProducts, listParsed, PER_PAGE, type TypedSearch } from '../catalog/service';
import { menusRepo } from '../menus/repo';
import { menuTree } from '../menus/service';
import type { CommercePort, SearchResult } from '../port';
import { searchRepo } from './repo';
import { parseWords, queryWords } from './service';
import { matchCategories } from './suggest';

const SUGGESTED_PRODUCTS = 6;

/** The embedded search: the corrected term's listing, and the header's suggestions (products and categories). */
export function embeddedSearch(db: D1Database): Pick<CommercePort, 'search' | 'suggest'> {
  const catalog = { repo: catalogRepo(db) };
  const search = { repo: searchRepo(db) };
  const menus = { repo: menusRepo(db) };
  // Keyed by the typed words: a stored search is one read; the words are looked up only to compute what is not stored.
  const typed = (term: string): TypedSearch | null => {
    const words = queryWords(term);
    return words.length === 0 ? null : { kind: 'typed', words, parse: () => parseWords(search, words) };
  };
  const searchProducts = async (term: string, query: ListingQuery): Promise<SearchResult> => {
    const listed = typed(term);
    if (!listed) return { ...EMPTY_LISTING, perPage: PER_PAGE, corrected: [] };
    const { result, search: parsed } = await listParsed(catalog, listed, query, 'relevance');
    return { ...result, corrected: parsed?.corrected ?? [] };
  };
  return {
    search: searchProducts,
    async suggest(term) {
      // Suggestions show products only: the first few by relevance, no facets or total.
      const found = async () => {
        const listed = typed(term);
        return listed ? (await firstProducts(catalog, listed, 'relevance', SUGGESTED_PRODUCTS)).cards : [];
      };
      const [products, menu] = await Promise.all([found(), menuTree(menus, TOP_MENU_NAME).catch(() => [])]);
      return {
        products: products.map((p) => ({ id: p.id, slug: p.slug, name: p.name, priceCents: p.priceCents, image: p.image })),
        categories: matchCategories(menu, term),
      };
    },
  };
}
