import type { z } from 'zod';
import { AffiliateResultSchema, CartRequestTokenSchema } from '../contracts/affiliate';
import { CartSchema } from '../contracts/cart';
import { ListingResultSchema, SearchResultSchema, SuggestionsSchema } from '../contracts/catalog';
import { ApiErrorSchema } from '../contracts/errors';
import { CantApplySchema, CouponResultSchema, ShippingValidationSchema, StockCheckSchema } from '../contracts/promotions';
import { LiveMenusResponseSchema } from '../contracts/menus';
import { ProductDetailSchema } from '../contracts/product';
import { OmnichannelResponseSchema, type OmnichannelQuery } from '../contracts/shipping';
import { listingParams } from '../lib/listing-url';
import { ParametersResponseSchema } from '../contracts/parameters';
import { SitemapResponseSchema } from '../contracts/sitemap';
import { LeadResultSchema } from '../contracts/leads';
import { WhatsappResponseSchema } from '../contracts/whatsapp';
import { CardServiceResponseSchema, FinishOrderResultSchema, InstallmentsResponseSchema, PaymentMethodsResponseSchema, PaypalCreateResponseSchema } from '../contracts/checkout';
import { CustomerOrdersResponseSchema, OrderConfirmationSchema, OrderDetailSchema } from '../contracts/orders';
import { SandboxActionResultSchema, SandboxPaymentViewSchema } from '../contracts/payments-sandbox';
import type { Config } from '../env';
import { DomainError, type DomainErrorCode } from './domain-error';
import { upstreamCustomers } from './customers/upstream';
import { upstreamBackoffice } from './backoffice/upstream';
import type { CommercePort } from './port';
import { callUpstreamAndRead, type UpstreamFetch } from './upstream-http';

const invalidAnswer = () => new DomainError('UPSTREAM_INVALID', 'O serviço da loja respondeu de forma inesperada.');

interface RequestInfo {
  token: string | null;
  headers: Headers;
}

/** CommercePort over the upstream API: every answer is parsed with the zod contract at the boundary. */
export function upstreamCommerce(
  upstream: NonNullable<Config['upstream']>,
  doFetch: UpstreamFetch,
  request: RequestInfo,
): CommercePort {
  async function send<T>(method: string, path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    const forward = new Headers(request.headers);
    if (body !== undefined) forward.set('content-type', 'application/json');
    const { status, json } = await callUpstreamAndRead(
      upstream,
      doFetch,
      {
        method,
        path,
        body: body === undefined ? null : JSON.stringify(body),
        token: request.token,
        forward,
        // Server-side writes only happen after this worker's own checks (same-origin form posts).
        sameOrigin: method !== 'GET',
      },
      async (response) => ({ status: response.status, json: (await response.json().catch(() => undefined)) as unknown }),
    );
    if (status >= 400 && status < 500) {
      // The upstream speaks the same contract: its pt-BR message for the shopper crosses unchanged.
      const failure = ApiErrorSchema.safeParse(json);
      // A 4xx without the contract's error body is not the upstream API talking (e.g. a base URL
      // missing its `/api`, answered by a web page): nonsense, like a 2xx that breaks the contract.
      if (!failure.success) throw invalidAnswer();
      const passthrough: DomainErrorCode[] = ['LOGIN_REQUIRED', 'PAYPAL_FAILED', 'FORBIDDEN'];
      const code: DomainErrorCode = passthrough.find((known) => known === failure.data.code) ??
        (status === 404 ? 'NOT_FOUND' : status === 402 ? 'PAYMENT_DECLINED' : status === 401 ? 'UNAUTHENTICATED' : status === 400 ? 'VALIDATION' : status === 422 ? 'UNPROCESSABLE' : status === 429 ? 'RATE_LIMITED' : 'CONFLICT');
      const cantApply = CantApplySchema.safeParse((json as { cantApply?: unknown } | undefined)?.cantApply);
      throw new DomainError(code, failure.data.error, failure.data.title, cantApply.success ? { cantApply: cantApply.data } : undefined);
    }
    const parsed = schema.safeParse(json);
    if (status < 200 || status > 299 || !parsed.success) throw invalidAnswer();
    return parsed.data;
  }
  const get = <T>(path: string, schema: z.ZodType<T>) => send('GET', path, schema);
  return {
    ...upstreamCustomers(send),
    ...upstreamBackoffice(send),
    parameters: () => get('/parameters', ParametersResponseSchema),
    liveMenus: () => get('/live-menus', LiveMenusResponseSchema),
    whatsapp: () => get('/whatsapp', WhatsappResponseSchema),
    listing: (slug, query) => get(`/catalog/listing?${listingParams(query, { slug })}`, ListingResultSchema),
    search: (term, query) => get(`/search?${listingParams(query, { q: term })}`, SearchResultSchema),
    suggest: (term) => get(`/search/suggest?${new URLSearchParams({ q: term })}`, SuggestionsSchema),
    cart: (cartId, opts) =>
      get(`/cart?${new URLSearchParams({ cartId, shipping: String(opts.shipping ?? 0), reprocess: String(opts.reprocess ?? false) })}`, CartSchema),
    addToCart: (input) => send('POST', '/cart', CartSchema, input),
    updateCartItem: (input) => send('PUT', '/cart', CartSchema, input),
    removeCartItem: (input) => send('DELETE', '/cart', CartSchema, input),
    patchCart: (input) => send('PATCH', '/cart', CartSchema, input),
    sitemap: () => get('/sitemap', SitemapResponseSchema),
    product: (slug) => get(`/products/${encodeURIComponent(slug)}`, ProductDetailSchema),
    omnichannel: (query) => get(`/omnichannel?${omnichannelParams(query)}`, OmnichannelResponseSchema),
    applyCoupon: (input) =>
      send('POST', '/coupon/discount', CouponResultSchema, { coupon: input.coupon, shoppingCart: input.cartId, agent: input.agent ?? null, applicationId: input.applicationId ?? null }),
    applySellerCode: (input) => send('POST', '/coupon/seller-coupon', CartSchema, { coupon: input.coupon, shoppingCart: input.cartId }),
    removeCoupons: (input) => send('POST', REMOVAL_PATHS[input.which], CartSchema, { shoppingCart: input.cartId }),
    reprocessCoupons: (cartId) => send('POST', '/coupon/reprocess', CartSchema, { shoppingCart: cartId }),
    applyCashback: (input) => send('POST', '/cashback', CartSchema, { cashback: input.cashback, shoppingCart: input.cartId }),
    removeCashback: (cartId) => send('POST', '/cashback/remove', CartSchema, { hash: cartId }),
    cashbackToEvaluate: (cartId) => send('POST', '/cashback/toEvaluate', CartSchema, { cartId }),
    attachCartToCustomer: (input) => send('POST', '/cart/user', CartSchema, { shoppingCart: input.cartId }),
    progressiveCart: (cartId) => send('POST', '/cart/progressive', CartSchema, { cartId }),
    validateShipping: (input) => send('POST', '/cart/validate-shipping', ShippingValidationSchema, input),
    verifyStock: (cartId) => send('POST', '/verify-stock', StockCheckSchema, { cartId }),
    finishOrder: (input, ctx) => send('POST', '/finish-order', FinishOrderResultSchema, ctx.idempotencyKey ? { ...input, idempotencyKey: ctx.idempotencyKey } : input),
    cardService: () => send('POST', '/credit-card-service', CardServiceResponseSchema, {}),
    paypalCreate: (input) => send('POST', '/paypal/create', PaypalCreateResponseSchema, input),
    order: (ids, token) => get(`/order-confirmation?${new URLSearchParams({ orderIds: ids.join('-'), token })}`, OrderConfirmationSchema),
    customerOrders: async () => (await get('/orders', CustomerOrdersResponseSchema)).orders,
    orderDetail: (id) => get(`/orders/${id}`, OrderDetailSchema),
    installments: (total) => get(`/installments?total=${total}`, InstallmentsResponseSchema),
    paymentMethods: () => get('/payment-methods', PaymentMethodsResponseSchema),
    paymentStep: (reference) => get(`/payments/sandbox/${encodeURIComponent(reference)}`, SandboxPaymentViewSchema),
    paymentAction: (input) => send('POST', '/payments/sandbox', SandboxActionResultSchema, input),
    // The upstream store gives its providers its own return URLs: nothing of ours to settle here.
    paymentReturn: () => Promise.reject(new DomainError('NOT_FOUND', 'Pagamento não encontrado.')),
    cartRequestToken: (cartId) => get(`/cart/request-token?${new URLSearchParams({ cartId })}`, CartRequestTokenSchema),
    recordAffiliate: ({ siteID, cartId }) => send('POST', `/rakuten?${new URLSearchParams({ siteID })}`, AffiliateResultSchema, { cartId }),
    // The upstream rate-limits by what it sees of the request; the client address is this worker's concern only.
    createLead: (input) => send('POST', '/leads', LeadResultSchema, input),
  };
}

const REMOVAL_PATHS = {
  all: '/coupon/remove-coupons',
  discount: '/coupon/remove-coupon-discount',
  seller: '/coupon/remove-coupon-seller',
} as const;

/** The spec's query names; a side-cart total travels in cents. */
function omnichannelParams(query: OmnichannelQuery): URLSearchParams {
  const params = new URLSearchParams({ zip_code: query.zip_code });
  if (query.sku !== undefined) params.set('sku', query.sku);
  if (query.total_sale !== undefined) params.set('total_sale', String(query.total_sale));
  if (query.shopping_cart_hash) params.set('shopping_cart_hash', query.shopping_cart_hash);
  if (query.cart) params.set('cart', query.cart);
  return params;
}
