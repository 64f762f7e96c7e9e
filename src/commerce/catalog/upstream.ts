import type { z } from 'zod';
import { ListingResultSchema } from '../../contracts/catalog';
import { listingParams } from '../../lib/catalog/listing-url';
import type { CommercePort } from '../port';
import type { UpstreamSend } from '../upstream-http';

/** The listing pages against the upstream API (same paths as our /api), answers parsed with the contract. */
export function upstreamCatalog(send: UpstreamSend): Pick<CommercePort, 'listing' | 'contentVersion'> {
  const get = <T>(path: string, schema: z.ZodType<T>) => send('GET', path, schema);
  return {
    listing: (slug, query) => get(`/catalog/listing?${listingParams(query, { slug })}`, ListingResultSchema),
    // An upstream catalog has no content version: its pages are never edge-cached (ADR 0018).
    contentVersion: async () => null,
  };
}
