import type { z } from 'zod';
import { ListingResultSchema, SearchResultSchema, SuggestionsSchema } from '../contracts/catalog';
import { ApiErrorSchema } from '../contracts/errors';
import { LiveMenusResponseSchema } from '../contracts/menus';
import { ProductDetailSchema } from '../contracts/product';
import { OmnichannelResponseSchema, type OmnichannelQuery } from '../contracts/shipping';
import { listingParams } from '../lib/listing-url';
import { ParametersResponseSchema } from '../contracts/parameters';
import { WhatsappResponseSchema } from '../contracts/whatsapp';
import type { Config } from '../env';
import { DomainError } from './domain-error';
import type { CommercePort } from './port';
import { callUpstream, type UpstreamFetch } from './upstream-http';

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
  async function get<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    const response = await callUpstream(upstream, doFetch, {
      method: 'GET',
      path,
      token: request.token,
      forward: request.headers,
    });
    const body: unknown = await response.json().catch(() => undefined);
    // The upstream speaks the same contract: its pt-BR message for the shopper crosses unchanged.
    const failure = ApiErrorSchema.safeParse(body);
    if (response.status === 404) {
      throw new DomainError('NOT_FOUND', failure.success ? failure.data.error : 'Conteúdo não encontrado.', failure.data?.title);
    }
    if ((response.status === 400 || response.status === 422) && failure.success) {
      throw new DomainError(response.status === 400 ? 'VALIDATION' : 'UNPROCESSABLE', failure.data.error, failure.data.title);
    }
    const parsed = schema.safeParse(body);
    if (!response.ok || !parsed.success) {
      throw new DomainError('UPSTREAM_INVALID', 'O serviço da loja respondeu de forma inesperada.');
    }
    return parsed.data;
  }
  return {
    parameters: () => get('/parameters', ParametersResponseSchema),
    liveMenus: () => get('/live-menus', LiveMenusResponseSchema),
    whatsapp: () => get('/whatsapp', WhatsappResponseSchema),
    listing: (slug, query) => get(`/catalog/listing?${listingParams(query, { slug })}`, ListingResultSchema),
    search: (term, query) => get(`/search?${listingParams(query, { q: term })}`, SearchResultSchema),
    suggest: (term) => get(`/search/suggest?${new URLSearchParams({ q: term })}`, SuggestionsSchema),
    product: (slug) => get(`/products/${encodeURIComponent(slug)}`, ProductDetailSchema),
    omnichannel: (query) => get(`/omnichannel?${omnichannelParams(query)}`, OmnichannelResponseSchema),
  };
}

/** The spec's query names; a side-cart total travels in cents. */
function omnichannelParams(query: OmnichannelQuery): URLSearchParams {
  const params = new URLSearchParams({ zip_code: query.zip_code });
  if (query.sku !== undefined) params.set('sku', query.sku);
  if (query.total_sale !== undefined) params.set('total_sale', String(query.total_sale));
  if (query.shopping_cart_hash) params.set('shopping_cart_hash', query.shopping_cart_hash);
  return params;
}
