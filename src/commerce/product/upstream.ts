import type { z } from 'zod';
import { ProductDetailSchema } from '../../contracts/product';
import type { CommercePort } from '../port';
import type { UpstreamSend } from '../upstream-http';

/** The product page data against the upstream API (same paths as our /api), answers parsed with the contract. */
export function upstreamProduct(send: UpstreamSend): Pick<CommercePort, 'product'> {
  const get = <T>(path: string, schema: z.ZodType<T>) => send('GET', path, schema);
  return {
    product: (slug) => get(`/products/${encodeURIComponent(slug)}`, ProductDetailSchema),
  };
}
