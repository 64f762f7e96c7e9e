import { EMPTY_LISTING, type ListingQuery } from '../../contracts/catalog';
import { TOP_MENU_NAME, type MenuItem } from '../../contracts/menus';
import { catalogRepo } from '../catalog/repo';
import { firstProducts, listParsed, PER_PAGE, type TypedSearch } from '../catalog/service';
import { menusRepo } from '../menus/repo';
import { menuTree } from '../menus/service';
import type { CommercePort, SearchResult } from '../port';
import { searchRepo } from './repo';
import { parseWords, queryWords } from './service';
import { matchCategories } from './suggest';

const SUGGESTED_PRODUCTS = 6;

/**
 * Per D1 binding: the top menu tree this isolate read last, and the content version it was read at. The menu changes
 * only with the content version (the menu triggers of migration 0016, ADR 0018), so a suggest whose products were
 * read at that version takes its categories from here: a stored suggest is one D1 round trip, not two.
 */
const heldMenus = new WeakMap<D1Database, { version: number; menu: MenuItem[] }>();

/**
 * The embedded search: the corrected term's listing, and the header's suggestions (products and categories).
 * `primary` is the D1 binding itself (`db` may be the request's session): what the isolate holds is kept by it.
 */
export function embeddedSearch(db: D1Database, primary: D1Database = db): Pick<CommercePort, 'search' | 'suggest'> {
  const catalog = { repo: catalogRepo(db) };
  const search = { repo: searchRepo(db) };
  const menus = { repo: menusRepo(db) };
  // The top menu at `version`: the one held for it, or read now (after the products, so never older than the version
  // it is held under) and held; nothing is held for no version, nor when the read fails, and a read at an older
  // version (a lagging replica) does not replace a newer one held.
  const topMenu = async (version: number | null): Promise<MenuItem[]> => {
    const held = heldMenus.get(primary);
    if (held && held.version === version) return held.menu;
    const menu = await menuTree(menus, TOP_MENU_NAME);
    const latest = heldMenus.get(primary);
    if (version !== null && !(latest && latest.version > version)) heldMenus.set(primary, { version, menu });
    return menu;
  };
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
      const listed = typed(term);
      const found = listed
        ? await firstProducts(catalog, listed, 'relevance', SUGGESTED_PRODUCTS)
        : { cards: [], version: null };
      const menu = await topMenu(found.version).catch(() => []);
      return {
        products: found.cards.map((p) => ({
          id: p.id,
          slug: p.slug,
          name: p.name,
          priceCents: p.priceCents,
          image: p.image,
        })),
        categories: matchCategories(menu, term),
      };
    },
  };
}
