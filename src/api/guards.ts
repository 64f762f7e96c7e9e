import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { DomainError } from '../commerce/domain-error';
import type { AppEnv } from '../env';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Methods that change nothing and so skip the same-origin/JSON guard. */
export const isSafeMethod = (method: string): boolean => SAFE.has(method);

export const FORBIDDEN_ORIGIN_MESSAGE = 'Requisição de origem não permitida.';

/**
 * THE same-origin rule, for every state-changing call: `/api` (JSON) and every form route (no-JS posts).
 * - A `Sec-Fetch-Site` other than `same-origin` is refused (the browser says the request is not ours).
 * - An `Origin` that names a site must be exactly this origin.
 * - A missing or `null` Origin (privacy modes, `Referrer-Policy: no-referrer` pages) is accepted only
 *   with `Sec-Fetch-Site: same-origin`, which a page cannot forge.
 * Safe methods (GET/HEAD/OPTIONS) change nothing and always pass.
 */
export function isSameOriginRequest(c: Context): boolean {
  if (isSafeMethod(c.req.method)) return true;
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin') return false;
  const origin = c.req.header('origin');
  if (origin !== undefined && origin !== 'null') return origin === new URL(c.req.url).origin;
  return site === 'same-origin';
}

/** Throws the 403 of a request that fails `isSameOriginRequest`. */
export function assertSameOrigin(c: Context): void {
  if (!isSameOriginRequest(c)) throw new DomainError('FORBIDDEN_ORIGIN', FORBIDDEN_ORIGIN_MESSAGE);
}

/**
 * State-changing calls must be JSON and come from this origin: a cross-site form or fetch can
 * neither send `application/json` without a preflight nor fake `Origin`/`Sec-Fetch-Site`.
 */
export const sameOriginJson = createMiddleware<AppEnv>(async (c, next) => {
  if (isSafeMethod(c.req.method)) return next();
  assertSameOrigin(c);
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Envie os dados em JSON.');
  }
  return next();
});
