import type { z } from 'zod';
import { LiveMenusResponseSchema } from '../contracts/menus';
import { ParametersResponseSchema } from '../contracts/parameters';
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
  async function get<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    const { status, body } = await callUpstreamAndRead(
      upstream,
      doFetch,
      { method: 'GET', path, token: request.token, forward: request.headers },
      async (response) => ({ status: response.status, body: await response.json().catch(() => undefined) }),
    );
    if (status === 404) throw new DomainError('NOT_FOUND', 'Conteúdo não encontrado.');
    const parsed = schema.safeParse(body);
    if (status < 200 || status > 299 || !parsed.success) {
      throw new DomainError('UPSTREAM_INVALID', 'O serviço da loja respondeu de forma inesperada.');
    }
    return parsed.data;
  }
  return {
    parameters: () => get('/parameters', ParametersResponseSchema),
    liveMenus: () => get('/live-menus', LiveMenusResponseSchema),
    whatsapp: () => get('/whatsapp', WhatsappResponseSchema),
  };
}
