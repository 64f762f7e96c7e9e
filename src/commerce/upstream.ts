import type { z } from 'zod';
import { CartSchema } from '../contracts/cart';
import { ListingResultSchema, SearchResultSchema, SuggestionsSchema } from '../contracts/catalog';
import { LiveMenusResponseSchema } from '../contracts/menus';
import { listingParams } from '../lib/listing-url';
import { ParametersResponseSchema } from '../contracts/parameters';
import { SitemapResponseSchema } from '../contracts/sitemap';
import { WhatsappResponseSchema } from '../contracts/whatsapp';
import type { Config } from '../env';
import { DomainError } from './domain-error';
import type { CommercePort } from './port';
import { callUpstreamAndRead, type UpstreamFetch } from './upstream-http';

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
    if (status === 404) throw new DomainError('NOT_FOUND', 'Conteúdo não encontrado.');
    if (status >= 400 && status < 500) {
      // The upstream's own 4xx (stock, limits…) keeps its message for the shopper.
      const error = (json ?? null) as { error?: string; title?: string } | null;
      const code = status === 401 ? 'UNAUTHENTICATED' : status === 400 || status === 422 ? 'VALIDATION' : 'CONFLICT';
      throw new DomainError(code, error?.error ?? 'Não foi possível concluir a operação.', error?.title);
    }
    const parsed = schema.safeParse(json);
    if (status < 200 || status > 299 || !parsed.success) {
      throw new DomainError('UPSTREAM_INVALID', 'O serviço da loja respondeu de forma inesperada.');
    }
    return parsed.data;
  }
  const get = <T>(path: string, schema: z.ZodType<T>) => send('GET', path, schema);
  return {
    parameters: () => get('/parameters', ParametersResponseSchema),
    liveMenus: () => get('/live-menus', LiveMenusResponseSchema),
    whatsapp: () => get('/whatsapp', WhatsappResponseSchema),
    listing: (slug, query) => get(`/catalog/listing?${listingParams(query, { slug })}`, ListingResultSchema),
    search: (term, query) => get(`/search?${listingParams(query, { q: term })}`, SearchResultSchema),
    suggest: (term) => get(`/search/suggest?${new URLSearchParams({ q: term })}`, SuggestionsSchema),
    cart: (cartId, opts) => get(`/cart?${new URLSearchParams({ cartId, shipping: String(opts.shipping ?? 0) })}`, CartSchema),
    addToCart: (input) => send('POST', '/cart', CartSchema, input),
    updateCartItem: (input) => send('PUT', '/cart', CartSchema, input),
    removeCartItem: (input) => send('DELETE', '/cart', CartSchema, input),
    patchCart: (input) => send('PATCH', '/cart', CartSchema, input),
    sitemap: () => get('/sitemap', SitemapResponseSchema),
  };
}
