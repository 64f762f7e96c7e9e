import type { AffiliateResult, CartRequestToken } from '../contracts/affiliate';
import type { AddToCart, Cart } from '../contracts/cart';
import type { ListingQuery, ListingResult, Suggestions } from '../contracts/catalog';
import type { MenuItem } from '../contracts/menus';
import type { Parameter } from '../contracts/parameters';
import type { SitemapData } from '../contracts/sitemap';
import type { ProductDetail } from '../contracts/product';
import type { OmnichannelQuery, OmnichannelResponse } from '../contracts/shipping';
import type { LeadInput, LeadResult } from '../contracts/leads';
import type { WhatsappResponse } from '../contracts/whatsapp';

/** What pages (SSR) and the embedded /api routes need from commerce, in contract types. */
export interface CommercePort {
  parameters(): Promise<Parameter[]>;
  liveMenus(): Promise<MenuItem[]>;
  whatsapp(): Promise<WhatsappResponse>;
  /** Products listed under a menu slug, filtered/sorted/paged by the URL state. */
  listing(slug: string, query: ListingQuery): Promise<ListingResult>;
  /** Full-text search (folded, prefix on the last word, one typo on long words). */
  search(term: string, query: ListingQuery): Promise<SearchResult>;
  /** Autocomplete for the search box: a few products and matching categories. */
  suggest(term: string): Promise<Suggestions>;
  cart(cartId: string, opts: { shipping?: number }): Promise<Cart>;
  addToCart(input: AddToCart): Promise<Cart>;
  updateCartItem(input: { cartId: string; itemId: number; amount: number }): Promise<Cart>;
  removeCartItem(input: { cartId: string; itemId: number }): Promise<Cart>;
  patchCart(input: { cartId: string; email: string }): Promise<Cart>;
  /** Every sellable product's slug and last change, for the XML sitemap. */
  sitemap(): Promise<SitemapData>;
  /** The product page's data; `DomainError('NOT_FOUND')` for an unknown slug. */
  product(slug: string): Promise<ProductDetail>;
  /** Delivery options per store for a CEP (spec §3/§7); `UNPROCESSABLE` with the spec message when none. */
  omnichannel(query: OmnichannelQuery): Promise<OmnichannelResponse>;
  /** The cart-request token app events must echo (GET /api/cart/request-token); NOT_FOUND for no open cart. */
  cartRequestToken(cartId: string): Promise<CartRequestToken>;
  /** Rakuten attribution on the open cart (POST /api/rakuten?siteID=); `recorded` false without a cart. */
  recordAffiliate(input: { siteID: string; cartId: string | null }): Promise<AffiliateResult>;
  /** Campaign lead with consent (POST /api/leads); RATE_LIMITED past the per-client limit. */
  createLead(input: LeadInput, client: { ip: string | null }): Promise<LeadResult>;
}

export interface SearchResult extends ListingResult {
  corrected: { from: string; to: string[] }[];
}
