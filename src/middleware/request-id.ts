import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';

const VALID = /^[A-Za-z0-9._-]{8,128}$/;

/** Keeps Cloudflare's ray-style id when a trusted one arrives, otherwise makes one; echoed back. */
export const requestId = createMiddleware<AppEnv>(async (c, next) => {
  const incoming = c.req.header('x-request-id');
  const id = incoming && VALID.test(incoming) ? incoming : crypto.randomUUID();
  c.set('requestId', id);
  await next();
  c.header('X-Request-Id', id);
});
