import type { z } from 'zod';
import { CantApplySchema } from '../contracts/promotions';
import { BagChangedSchema } from '../contracts/checkout';
import { ApiErrorSchema } from '../contracts/errors';
import type { Config } from '../env';
import { upstreamAffiliate } from './affiliate/upstream';
import { upstreamBackoffice } from './backoffice/upstream';
import { upstreamStockAdmin } from './stock-admin/upstream';
import { upstreamCatalogAdmin } from './catalog-admin/upstream';
import { upstreamCatalogImport } from './catalog-import/upstream';
import { upstreamPromotionsAdmin } from './promotions-admin/upstream';
import { upstreamContentAdmin } from './content-admin/upstream';
import { upstreamCustomersAdmin } from './customers-admin/upstream';
import { upstreamCart } from './cart/upstream';
import { upstreamCatalog } from './catalog/upstream';
import { upstreamCustomers } from './customers/upstream';
import { DomainError, type DomainErrorCode } from './domain-error';
import { upstreamLeads } from './leads/upstream';
import { upstreamMenus } from './menus/upstream';
import { upstreamOrders } from './orders/upstream';
import { upstreamParameters } from './parameters/upstream';
import { upstreamPayments } from './payments/upstream';
import type { CommercePort } from './port';
import { upstreamProduct } from './product/upstream';
import { upstreamSearch } from './search/upstream';
import { upstreamShipping } from './shipping/upstream';
import { upstreamSitemap } from './sitemap/upstream';
import { upstreamFeed } from './feed/upstream';
import { callUpstreamAndRead, type UpstreamFetch } from './upstream-http';
import { upstreamWhatsapp } from './whatsapp/upstream';

const invalidAnswer = () => new DomainError('UPSTREAM_INVALID', 'O serviço da loja respondeu de forma inesperada.');

interface RequestInfo {
  token: string | null;
  headers: Headers;
}

/**
 * CommercePort over the upstream API: `send` parses every answer with the zod contract at the boundary,
 * and each domain's `<domain>/upstream.ts` maps its calls to the upstream's paths; this only assembles them.
 */
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
      async (response) => ({
        status: response.status,
        json: (await response.json().catch(() => undefined)) as unknown,
      }),
    );
    if (status >= 400 && status < 500) {
      // The upstream speaks the same contract: its pt-BR message for the shopper crosses unchanged.
      const failure = ApiErrorSchema.safeParse(json);
      // A 4xx without the contract's error body is not the upstream API talking (e.g. a base URL
      // missing its `/api`, answered by a web page): nonsense, like a 2xx that breaks the contract.
      if (!failure.success) throw invalidAnswer();
      const passthrough: DomainErrorCode[] = ['LOGIN_REQUIRED', 'PAYPAL_FAILED', 'FORBIDDEN'];
      const code: DomainErrorCode =
        passthrough.find((known) => known === failure.data.code) ??
        (status === 404
          ? 'NOT_FOUND'
          : status === 402
            ? 'PAYMENT_DECLINED'
            : status === 401
              ? 'UNAUTHENTICATED'
              : status === 400
                ? 'VALIDATION'
                : status === 422
                  ? 'UNPROCESSABLE'
                  : status === 429
                    ? 'RATE_LIMITED'
                    : 'CONFLICT');
      const cantApply = CantApplySchema.safeParse((json as { cantApply?: unknown } | undefined)?.cantApply);
      // Extra fields the checkout acts on: a restricted coupon's products, a bag changed since Revisão.
      const bagChanged = BagChangedSchema.safeParse(json);
      const extra = cantApply.success
        ? { cantApply: cantApply.data }
        : bagChanged.success
          ? bagChanged.data
          : undefined;
      throw new DomainError(code, failure.data.error, failure.data.title, extra);
    }
    const parsed = schema.safeParse(json);
    if (status < 200 || status > 299 || !parsed.success) throw invalidAnswer();
    return parsed.data;
  }
  return {
    ...upstreamCustomers(send),
    ...upstreamBackoffice(send),
    ...upstreamStockAdmin(),
    ...upstreamCatalogAdmin(),
    ...upstreamCatalogImport(),
    ...upstreamPromotionsAdmin(),
    ...upstreamContentAdmin(),
    ...upstreamCustomersAdmin(),
    ...upstreamParameters(send),
    ...upstreamMenus(send),
    ...upstreamWhatsapp(send),
    ...upstreamSitemap(send),
    ...upstreamFeed(send),
    ...upstreamCatalog(send),
    ...upstreamSearch(send),
    ...upstreamProduct(send),
    ...upstreamAffiliate(send),
    ...upstreamLeads(send),
    ...upstreamOrders(send),
    ...upstreamPayments(send),
    ...upstreamShipping(send),
    ...upstreamCart(send),
  };
}
