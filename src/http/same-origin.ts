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
function isSameOriginRequest(c: Context): boolean {
  if (isSafeMethod(c.req.method)) return true;
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin') return false;
  const origin = c.req.header('origin');
  if (origin !== undefined && origin !== 'null') return origin === new URL(c.req.url).origin;
  return site === 'same-origin';
}

/**
 * The one place the rule is applied, mounted once in front of `/api` (after the provider webhooks) and once
 * in front of every page route (`src/pages/routes.tsx`). A refusal is ONE behaviour: the 403
 * `FORBIDDEN_ORIGIN` DomainError, answered by the error handler in the caller's format (the ApiError JSON
 * under `/api`, the pt-BR text on a form route), before any handler, body parsing or session redirect.
 */
export const sameOrigin = createMiddleware<AppEnv>(async (c, next) => {
  if (!isSameOriginRequest(c)) throw new DomainError('FORBIDDEN_ORIGIN', FORBIDDEN_ORIGIN_MESSAGE);
  return next();
});

/**
 * `/api` only: a state-changing call must also be JSON — a cross-site form or fetch cannot send
 * `application/json` without a preflight. Runs after `sameOrigin` (the origin is checked first).
 */
export const jsonOnly = createMiddleware<AppEnv>(async (c, next) => {
  // A call without a body (DELETE /api/favorites/:id) has nothing to type; its origin was checked all the same.
  if (isSafeMethod(c.req.method) || c.req.raw.body === null) return next();
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Envie os dados em JSON.');
  }
  return next();
});
