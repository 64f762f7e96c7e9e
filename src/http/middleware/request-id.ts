import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../env';

const VALID = /^[A-Za-z0-9._-]{8,128}$/;

/** A trusted incoming id, or a new one. */
export function requestIdFor(incoming: string | undefined | null): string {
  return incoming && VALID.test(incoming) ? incoming : crypto.randomUUID();
}

/** Keeps Cloudflare's ray-style id when a trusted one arrives, otherwise makes one; echoed back. */
export const requestId = createMiddleware<AppEnv>(async (c, next) => {
  const id = requestIdFor(c.req.header('x-request-id'));
  c.set('requestId', id);
  await next();
  c.header('X-Request-Id', id);
});
