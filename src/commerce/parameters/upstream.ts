import type { z } from 'zod';
import { ParametersResponseSchema } from '../../contracts/parameters';
import type { CommercePort } from '../port';
import type { UpstreamSend } from '../upstream-http';

/** The site parameters against the upstream API (same paths as our /api), answers parsed with the contract. */
export function upstreamParameters(send: UpstreamSend): Pick<CommercePort, 'parameters'> {
  const get = <T>(path: string, schema: z.ZodType<T>) => send('GET', path, schema);
  return {
    parameters: () => get('/parameters', ParametersResponseSchema),
  };
}
