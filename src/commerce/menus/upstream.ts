import type { z } from 'zod';
import { LiveMenusResponseSchema } from '../../contracts/menus';
import type { CommercePort } from '../port';
import type { UpstreamSend } from '../upstream-http';

/** The live menus against the upstream API (same paths as our /api), answers parsed with the contract. */
export function upstreamMenus(send: UpstreamSend): Pick<CommercePort, 'liveMenus'> {
  const get = <T>(path: string, schema: z.ZodType<T>) => send('GET', path, schema);
  return {
    liveMenus: () => get('/live-menus', LiveMenusResponseSchema),
  };
}
