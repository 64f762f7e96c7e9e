import { createMiddleware } from 'hono/factory';
import { DomainError } from '../commerce/domain-error';
import type { AppEnv } from '../env';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Methods that change nothing and so skip the same-origin/JSON guard. */
export const isSafeMethod = (method: string): boolean => SAFE.has(method);

/**
 * State-changing calls must be JSON and come from this origin: a cross-site form or fetch can
 * neither send `application/json` without a preflight nor fake `Origin`/`Sec-Fetch-Site`.
 */
export const sameOriginJson = createMiddleware<AppEnv>(async (c, next) => {
  if (isSafeMethod(c.req.method)) return next();
  const site = c.req.header('sec-fetch-site');
  const origin = c.req.header('origin');
  const self = new URL(c.req.url).origin;
  const sameOrigin = origin ? origin === self : site === 'same-origin';
  if (!sameOrigin) {
    throw new DomainError('FORBIDDEN_ORIGIN', 'Requisição de origem não permitida.');
  }
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Envie os dados em JSON.');
  }
  return next();
});
