import type { z } from 'zod';
import { WhatsappResponseSchema } from '../../contracts/whatsapp';
import type { CommercePort } from '../port';
import type { UpstreamSend } from '../upstream-http';

/** The WhatsApp link against the upstream API (same paths as our /api), answers parsed with the contract. */
export function upstreamWhatsapp(send: UpstreamSend): Pick<CommercePort, 'whatsapp'> {
  const get = <T>(path: string, schema: z.ZodType<T>) => send('GET', path, schema);
  return {
    whatsapp: () => get('/whatsapp', WhatsappResponseSchema),
  };
}
