import { EMPTY_LISTING, SORTS, type ListingQuery } from '../contracts/catalog';
import { TOP_MENU_NAME } from '../contracts/menus';
import { affiliateRepo } from './affiliate/repo';
import { recordAffiliate } from './affiliate/service';
import { cartRepo } from './cart/repo';
import { cartRequestToken } from './cart/request-token';
import { addToCart, getCart, patchCartEmail, removeCartItem, updateCartItem } from './cart/service';
import { catalogRepo } from './catalog/repo';
import { listProducts, PER_PAGE } from './catalog/service';
import { menusRepo } from './menus/repo';
import { menuTree } from './menus/service';
import { parametersRepo } from './parameters/repo';
import { productRepo } from './product/repo';
import { productDetail } from './product/service';
import { shippingRepo } from './shipping/repo';
import { SHIPPING_CONFIG } from './shipping/quote';
import { omnichannel } from './shipping/service';
import { listParameters } from './parameters/service';
import { leadsRepo } from './leads/repo';
import { createLead } from './leads/service';
import type { CommercePort, SearchResult } from './port';
import { searchRepo } from './search/repo';
import { parseQuery } from './search/service';
import { matchCategories } from './search/suggest';
import { sitemapRepo } from './sitemap/repo';
import { sitemapData } from './sitemap/service';
import { whatsappRepo } from './whatsapp/repo';
import { whatsappLink } from './whatsapp/service';

/** The in-process backend on D1: each call goes straight to a service with its repo. */
const SUGGEST_QUERY: ListingQuery = { tamanho: [], cor: [], departamento: [], pagina: 1, ordem: SORTS[0] };

export interface EmbeddedOptions {
  maxItemAmount: number;
  /** The shopper's session token (cookie `token` or Bearer); resolved to a customer on demand. */
  token?: string | null;
}

export function embeddedCommerce(db: D1Database, options: EmbeddedOptions): CommercePort {
  const parameters = parametersRepo(db);
  const menus = menusRepo(db);
  const catalog = { repo: catalogRepo(db) };
  const search = { repo: searchRepo(db) };
  const carts = { repo: cartRepo(db), config: { maxItemAmount: options.maxItemAmount } };
  const product = { repo: productRepo(db) };
  const shipping = { repo: shippingRepo(db), now: () => new Date(), config: SHIPPING_CONFIG };
  const searchProducts = async (term: string, query: ListingQuery): Promise<SearchResult> => {
    const parsed = await parseQuery(search, term);
    if (!parsed.match) return { ...EMPTY_LISTING, perPage: PER_PAGE, corrected: [] };
    const result = await listProducts(catalog, { kind: 'search', match: parsed.match }, query, 'relevance');
    return { ...result, corrected: parsed.corrected };
  };
  return {
    parameters: () => listParameters({ repo: parameters }),
    liveMenus: () => menuTree({ repo: menus }, TOP_MENU_NAME),
    whatsapp: () => whatsappLink({ repo: parameters, stores: whatsappRepo(db) }),
    sitemap: () => sitemapData({ repo: sitemapRepo(db) }),
    listing: (slug, query) => listProducts(catalog, { kind: 'listing', slug }, query, 'relevance'),
    search: searchProducts,
    product: (slug) => productDetail(product, slug),
    omnichannel: (query) => omnichannel(shipping, query),
    async suggest(term) {
      const [found, menu] = await Promise.all([
        searchProducts(term, SUGGEST_QUERY),
        menuTree({ repo: menus }, TOP_MENU_NAME).catch(() => []),
      ]);
      return {
        products: found.products.slice(0, 6).map((p) => ({ id: p.id, slug: p.slug, name: p.name, priceCents: p.priceCents, image: p.image })),
        categories: matchCategories(menu, term),
      };
    },
    cart: (cartId, opts) => getCart(carts, cartId, opts),
    addToCart: (input) => addToCart(carts, input),
    updateCartItem: (input) => updateCartItem(carts, input),
    removeCartItem: (input) => removeCartItem(carts, input),
    patchCart: (input) => patchCartEmail(carts, input),
    cartRequestToken: (cartId) => cartRequestToken(db, cartId),
    recordAffiliate: (input) => recordAffiliate({ repo: affiliateRepo(db) }, input),
    createLead: (input, client) => createLead({ repo: leadsRepo(db), now: () => new Date() }, input, client),
  };
}
