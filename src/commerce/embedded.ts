import { EMPTY_LISTING, SORTS, type ListingQuery } from '../contracts/catalog';
import { TOP_MENU_NAME } from '../contracts/menus';
import { affiliateRepo } from './affiliate/repo';
import { recordAffiliate } from './affiliate/service';
import { cartRepo } from './cart/repo';
import { embeddedCustomers } from './customers/embedded';
import { embeddedBackoffice } from './backoffice/embedded';
import { cartRequestToken } from './cart/request-token';
import { addToCart, getCart, patchCartEmail, removeCartItem, updateCartItem } from './cart/service';
import { attachCartToCustomer, progressiveCart } from './cart/merge';
import { mergeRepo } from './cart/repo';
import { cashbackRepo } from './cashback/repo';
import { applyCashback, cashbackToEvaluate, removeCashback } from './cart/cashback';
import { identityOf } from './customers/identity';
import { promotionsRepo } from './promotions/repo';
import { applyCoupon, applySellerCode, removeCoupons, reprocessCoupons } from './cart/coupons';
import { cartShippingRepo } from './shipping/repo';
import { refreshSelection, shopperOmnichannel, validateShipping, verifyStock } from './shipping/cart';
import { catalogRepo } from './catalog/repo';
import { listProducts, PER_PAGE } from './catalog/service';
import { menusRepo } from './menus/repo';
import { menuTree } from './menus/service';
import { parametersRepo } from './parameters/repo';
import { productRepo } from './product/repo';
import { productDetail } from './product/service';
import { shippingRepo } from './shipping/repo';
import { SHIPPING_CONFIG } from './shipping/quote';
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
import { embeddedOrders } from './orders/embedded';
import type { ProviderSet } from './payments/provider';
import type { PaymentsConfig } from './payments/providers/types';

/** The in-process backend on D1: each call goes straight to a service with its repo. */
const SUGGEST_QUERY: ListingQuery = { tamanho: [], cor: [], departamento: [], pagina: 1, ordem: SORTS[0] };

export interface EmbeddedOptions {
  maxItemAmount: number;
  /** The shopper's session token (cookie `token` or Bearer); resolved to a customer on demand. */
  token?: string | null;
  /** Origin for links in e-mails (password reset). */
  siteUrl?: string;
  /** Card service and sandbox switches from the env (payments providers). */
  payments?: Partial<PaymentsConfig>;
  /** The payment adapters of this request's mode (sandbox simulators or configured live providers). */
  providers?: ProviderSet;
  /** This site's origin (return URLs at payment providers). */
  origin?: string;
}

export function embeddedCommerce(db: D1Database, options: EmbeddedOptions): CommercePort {
  const parameters = parametersRepo(db);
  const menus = menusRepo(db);
  const catalog = { repo: catalogRepo(db) };
  const search = { repo: searchRepo(db) };
  const now = () => new Date();
  const cashback = cashbackRepo(db);
  const pricing = { promotions: promotionsRepo(db), cashback, identity: identityOf(db, options.token ?? null), now };
  const carts = { repo: cartRepo(db), config: { maxItemAmount: options.maxItemAmount }, pricing };
  const merges = { ...carts, merges: mergeRepo(db) };
  const product = { repo: productRepo(db) };
  const shipping = { repo: shippingRepo(db), now, config: SHIPPING_CONFIG };
  const bagShipping = { carts, shipping, repo: cartShippingRepo(db) };
  /** Reprocess (spec §4): coupons, seller code and cashback re-validated, then the shipping choice re-quoted. */
  const reprocess = async (cartId: string, opts: { shipping?: number } = {}) => {
    const cart = await reprocessCoupons(carts, cartId, opts);
    return (await refreshSelection(bagShipping, cart)) ? getCart(carts, cartId, opts) : cart;
  };
  const searchProducts = async (term: string, query: ListingQuery, opts: { facets?: boolean } = {}): Promise<SearchResult> => {
    const parsed = await parseQuery(search, term);
    if (!parsed.match) return { ...EMPTY_LISTING, perPage: PER_PAGE, corrected: [] };
    const result = await listProducts(catalog, { kind: 'search', match: parsed.match }, query, 'relevance', opts);
    return { ...result, corrected: parsed.corrected };
  };
  return {
    ...embeddedCustomers(db, options),
    ...embeddedBackoffice(db, options),
    parameters: () => listParameters({ repo: parameters }),
    liveMenus: () => menuTree({ repo: menus }, TOP_MENU_NAME),
    whatsapp: () => whatsappLink({ repo: parameters, stores: whatsappRepo(db) }),
    sitemap: () => sitemapData({ repo: sitemapRepo(db) }),
    listing: (slug, query) => listProducts(catalog, { kind: 'listing', slug }, query, 'relevance'),
    search: searchProducts,
    product: (slug) => productDetail(product, slug),
    omnichannel: (query) => shopperOmnichannel(bagShipping, query),
    async suggest(term) {
      const [found, menu] = await Promise.all([
        searchProducts(term, SUGGEST_QUERY, { facets: false }), // suggestions show products only
        menuTree({ repo: menus }, TOP_MENU_NAME).catch(() => []),
      ]);
      return {
        products: found.products.slice(0, 6).map((p) => ({ id: p.id, slug: p.slug, name: p.name, priceCents: p.priceCents, image: p.image })),
        categories: matchCategories(menu, term),
      };
    },
    cart: (cartId, opts) => (opts.reprocess ? reprocess(cartId, opts) : getCart(carts, cartId, opts)),
    addToCart: (input) => addToCart(carts, input),
    updateCartItem: (input) => updateCartItem(carts, input),
    removeCartItem: (input) => removeCartItem(carts, input),
    patchCart: (input) => patchCartEmail(carts, input),
    applyCoupon: (input) => applyCoupon(carts, input),
    applySellerCode: (input) => applySellerCode(carts, input),
    removeCoupons: (input) => removeCoupons(carts, input),
    reprocessCoupons: (cartId) => reprocess(cartId),
    applyCashback: (input) => applyCashback({ ...carts, cashback }, input),
    removeCashback: (cartId) => removeCashback({ ...carts, cashback }, cartId),
    cashbackToEvaluate: (cartId) => cashbackToEvaluate({ ...carts, cashback }, cartId),
    attachCartToCustomer: (input) => attachCartToCustomer(merges, input),
    progressiveCart: (cartId) => progressiveCart(merges, cartId),
    validateShipping: (input) => validateShipping(bagShipping, input),
    verifyStock: (cartId) => verifyStock(carts, cartId),
    ...embeddedOrders(db, carts, options),
    cartRequestToken: async (cartId) => cartRequestToken(carts.repo, cartId, (await pricing.identity())?.id ?? null),
    recordAffiliate: (input) => recordAffiliate({ repo: affiliateRepo(db) }, input),
    createLead: (input, client) => createLead({ repo: leadsRepo(db), now: () => new Date() }, input, client),
  };
}
