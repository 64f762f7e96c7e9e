import type { z } from 'zod';
import { SitemapResponseSchema } from '../../contracts/sitemap';
import type { CommercePort } from '../port';
import type { UpstreamSend } from '../upstream-http';

/** The sitemap data against the upstream API (same paths as our /api), answers parsed with the contract. */
export function upstreamSitemap(send: UpstreamSend): Pick<CommercePort, 'sitemap'> {
  const get = <T>(path: string, schema: z.ZodType<T>) => send('GET', path, schema);
  return {
    sitemap: () => get('/sitemap', SitemapResponseSchema),
  };
}
