import type { RefundBankDetails, RefundPayout } from '../contracts/refund-payout';
import type { AffiliateResult, CartRequestToken } from '../contracts/affiliate';
import type { AddToCart, Cart } from '../contracts/cart';
import type { ListingQuery, ListingResult, Suggestions } from '../contracts/catalog';
import type { MenuItem } from '../contracts/menus';
import type { Parameter } from '../contracts/parameters';
import type { SitemapData } from '../contracts/sitemap';
import type { FeedPage, FeedQuery } from '../contracts/feed';
import type { ProductDetail } from '../contracts/product';
import type { OmnichannelQuery, OmnichannelResponse } from '../contracts/shipping';
import type { LeadInput, LeadResult } from '../contracts/leads';
import type { WhatsappResponse } from '../contracts/whatsapp';
import type { CouponResult, ValidateShippingInput } from '../contracts/promotions';
import type { CustomerPort } from './customers/port';
import type { BackofficePort } from './backoffice/port';
import type { StockAdminPort } from './stock-admin/port';
import type { CatalogAdminPort } from './catalog-admin/port';
import type { CatalogImportPort } from './catalog-import/port';
import type { PromotionsAdminPort } from './promotions-admin/port';
import type { ContentAdminPort } from './content-admin/port';
import type { CustomersAdminPort } from './customers-admin/port';
import type {
  CardServiceResponse,
  FinishOrder,
  FinishOrderResult,
  InstallmentsResponse,
  PaymentMethodsResponse,
  PaypalCreate,
  PaypalCreateResponse,
} from '../contracts/checkout';
import type { OrderConfirmation, OrderDetail, OrderRetryResult, OrderSummary } from '../contracts/orders';
import type { SandboxActionInput, SandboxPaymentView } from '../contracts/payments-sandbox';

/** What pages (SSR) and the embedded /api routes need from commerce, in contract types. */
export interface CommercePort
  extends
    CustomerPort,
    BackofficePort,
    StockAdminPort,
    CatalogAdminPort,
    CatalogImportPort,
    PromotionsAdminPort,
    ContentAdminPort,
    CustomersAdminPort {
  parameters(): Promise<Parameter[]>;
  liveMenus(): Promise<MenuItem[]>;
  whatsapp(): Promise<WhatsappResponse>;
  /** Products listed under a menu slug, filtered/sorted/paged by the URL state. */
  listing(slug: string, query: ListingQuery): Promise<ListingResult>;
  /** The catalog's content version, the edge cache's key (ADR 0018); null when there is none (upstream). */
  contentVersion(): Promise<number | null>;
  /** Full-text search (folded, prefix on the last word, one typo on long words). */
  search(term: string, query: ListingQuery): Promise<SearchResult>;
  /** Autocomplete for the search box: a few products and matching categories. */
  suggest(term: string): Promise<Suggestions>;
  /** `reprocess` re-validates the cart's coupon/seller code first (spec §4: the first fetch after a change). */
  cart(cartId: string, opts: { shipping?: number; reprocess?: boolean }): Promise<Cart>;
  addToCart(input: AddToCart): Promise<Cart>;
  updateCartItem(input: { cartId: string; itemId: number; amount: number }): Promise<Cart>;
  removeCartItem(input: { cartId: string; itemId: number }): Promise<Cart>;
  patchCart(input: { cartId: string; email: string }): Promise<Cart>;
  /** Every sellable product's slug and last change, for the XML sitemap. */
  sitemap(): Promise<SitemapData>;
  /** One page of sellable variants for the Merchant Center feed, after the cursor `after` (keyset, SKU id order). */
  feedPage(query: FeedQuery): Promise<FeedPage>;
  /** The product page's data; `DomainError('NOT_FOUND')` for an unknown slug. */
  product(slug: string): Promise<ProductDetail>;
  /** Delivery options per store for a CEP (spec §3/§7); `UNPROCESSABLE` with the spec message when none. */
  omnichannel(query: OmnichannelQuery): Promise<OmnichannelResponse>;
  // The cart's promotions, cashback, owner binding and shipping choice.
  applyCoupon(input: {
    cartId: string;
    coupon: string;
    agent?: string | null;
    applicationId?: string | null;
  }): Promise<CouponResult>;
  applySellerCode(input: { cartId: string; coupon: string }): Promise<Cart>;
  removeCoupons(input: { cartId: string; which: 'all' | 'discount' | 'seller' }): Promise<Cart>;
  reprocessCoupons(cartId: string): Promise<Cart>;
  /** `cashback` in cents; signed-in customers only (403 LOGIN_REQUIRED otherwise). */
  applyCashback(input: { cartId: string; cashback: number }): Promise<Cart>;
  removeCashback(cartId: string): Promise<Cart>;
  cashbackToEvaluate(cartId: string): Promise<Cart>;
  /** Merges the visitor's cart into the signed-in customer's (or binds it) and answers the customer's cart. */
  attachCartToCustomer(input: { cartId: string | null }): Promise<Cart>;
  progressiveCart(cartId: string): Promise<Cart>;
  validateShipping(input: ValidateShippingInput): Promise<{ success: boolean }>;
  verifyStock(cartId: string): Promise<{ success: boolean; error: string | null }>;
  /** Creates one order per package exactly once per idempotency key; `PAYMENT_DECLINED` (402) writes nothing. */
  finishOrder(
    input: FinishOrder,
    ctx: {
      idempotencyKey?: string | null;
      /** The HttpOnly `cart` cookie: a replay answers only its holder or the same customer. */ cartCookie?:
        string | null;
    },
  ): Promise<FinishOrderResult>;
  /** The payment methods that can be charged now (live mode: only those with a configured provider). */
  paymentMethods(): Promise<PaymentMethodsResponse>;
  cardService(): Promise<CardServiceResponse>;
  /** `PAYPAL_FAILED` (422) when PayPal refuses: the checkout falls back to rede (method 1). */
  paypalCreate(input: PaypalCreate): Promise<PaypalCreateResponse>;
  /** The orders a confirmation token opens (unpaid Pix/boleto past their deadline read as expired). */
  order(ids: number[], token: string): Promise<OrderConfirmation>;
  /** The signed-in customer's orders, newest first; `UNAUTHENTICATED` without a session. */
  customerOrders(): Promise<OrderSummary[]>;
  /** One of the signed-in customer's orders; another customer's id is `NOT_FOUND`. */
  orderDetail(id: number): Promise<OrderDetail>;
  /**
   * "Tentar novamente": the products of orders whose payment was refused at its step go back to the shopper's bag
   * (`cartId`, else a new one), once; the token opens them as for `order`, or, without one, they must be the
   * signed-in customer's (as for `orderDetail`; signed out is `UNAUTHENTICATED`). `CONFLICT` for an order that is
   * paid, pending or cancelled otherwise.
   */
  retryOrder(ids: number[], token: string | null, ctx: { cartId: string | null }): Promise<OrderRetryResult>;
  installments(total: number): Promise<InstallmentsResponse>;
  /** Payment sandbox steps (PayPal approval, 3-D Secure, open-finance consent, simulated Pix/boleto payment). */
  paymentStep(reference: string): Promise<SandboxPaymentView>;
  paymentAction(input: SandboxActionInput): Promise<{ status: string }>;
  /**
   * A provider sent the shopper back (3-D Secure, PayPal): settle from the provider's own answer; where to go next,
   * or, the provider being slow, `waiting` (the "Confirmando seu pagamento…" page) while the work goes on in `defer`.
   */
  paymentReturn(
    reference: string,
    caller: { cartCookie: string | null },
    defer?: (work: Promise<unknown>) => void,
  ): Promise<{ redirect: string } | { waiting: { confirmation: string | null } }>;
  /** The refund owed by transfer of the signed-in customer's order (a paid boleto of a cancelled order); null: none. */
  refundPayout(orderId: number): Promise<RefundPayout | null>;
  /** The account that refund is paid into (validated); CONFLICT once paid out, NOT_FOUND when none is owed. */
  giveRefundBank(orderId: number, input: RefundBankDetails): Promise<RefundPayout>;
  /** The "Confirmando…" page's poll: whether the payment settled, and then (or on `giveUp`) where to go. */
  paymentReturnState(
    reference: string,
    caller: { cartCookie: string | null },
    giveUp: boolean,
  ): Promise<{ settled: boolean; redirect: string | null }>;
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
