import type { z } from 'zod';
import { ListingResultSchema, SearchResultSchema, SuggestionsSchema } from '../contracts/catalog';
import { LiveMenusResponseSchema } from '../contracts/menus';
import { listingParams } from '../lib/listing-url';
import { ParametersResponseSchema } from '../contracts/parameters';
import { SitemapResponseSchema } from '../contracts/sitemap';
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
    if (response.status === 404) throw new DomainError('NOT_FOUND', 'Conteúdo não encontrado.');
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
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
    sitemap: () => get('/sitemap', SitemapResponseSchema),
  };
}
