import { EMPTY_LISTING, SORTS, type ListingQuery } from '../../contracts/catalog';
import { TOP_MENU_NAME } from '../../contracts/menus';
import { catalogRepo } from '../catalog/repo';
import { listProducts, PER_PAGE } from '../catalog/service';
import { menusRepo } from '../menus/repo';
import { menuTree } from '../menus/service';
import type { CommercePort, SearchResult } from '../port';
import { searchRepo } from './repo';
import { parseQuery } from './service';
import { matchCategories } from './suggest';

const SUGGEST_QUERY: ListingQuery = { tamanho: [], cor: [], departamento: [], pagina: 1, ordem: SORTS[0] };

/** The embedded search: the corrected term's listing, and the header's suggestions (products and categories). */
export function embeddedSearch(db: D1Database): Pick<CommercePort, 'search' | 'suggest'> {
  const catalog = { repo: catalogRepo(db) };
  const search = { repo: searchRepo(db) };
  const menus = { repo: menusRepo(db) };
  const searchProducts = async (term: string, query: ListingQuery, opts: { facets?: boolean } = {}): Promise<SearchResult> => {
    const parsed = await parseQuery(search, term);
    if (!parsed.match) return { ...EMPTY_LISTING, perPage: PER_PAGE, corrected: [] };
    const result = await listProducts(catalog, { kind: 'search', match: parsed.match }, query, 'relevance', opts);
    return { ...result, corrected: parsed.corrected };
  };
  return {
    search: searchProducts,
    async suggest(term) {
      const [found, menu] = await Promise.all([
        searchProducts(term, SUGGEST_QUERY, { facets: false }), // suggestions show products only
        menuTree(menus, TOP_MENU_NAME).catch(() => []),
      ]);
      return {
        products: found.products.slice(0, 6).map((p) => ({ id: p.id, slug: p.slug, name: p.name, priceCents: p.priceCents, image: p.image })),
        categories: matchCategories(menu, term),
      };
    },
  };
}
