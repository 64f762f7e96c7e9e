import type { z } from 'zod';
import { SearchResultSchema, SuggestionsSchema } from '../../contracts/catalog';
import { listingParams } from '../../lib/catalog/listing-url';
import type { CommercePort } from '../port';
import type { UpstreamSend } from '../upstream-http';

/** Search and suggestions against the upstream API (same paths as our /api), answers parsed with the contract. */
export function upstreamSearch(send: UpstreamSend): Pick<CommercePort, 'search' | 'suggest'> {
  const get = <T>(path: string, schema: z.ZodType<T>) => send('GET', path, schema);
  return {
    search: (term, query) => get(`/search?${listingParams(query, { q: term })}`, SearchResultSchema),
    suggest: (term) => get(`/search/suggest?${new URLSearchParams({ q: term })}`, SuggestionsSchema),
  };
}
