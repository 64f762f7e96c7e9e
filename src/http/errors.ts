import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { DomainError, type DomainErrorCode } from '../commerce/domain-error';
import type { ApiError } from '../contracts/errors';
import type { AppEnv } from '../env';
import { isBackendFailure, RETRY_AFTER_SECONDS } from './middleware/availability';
import { dict } from '../lib/security/dict';
import { COMMON_MESSAGES } from '../lib/messages/common';

/** The one place a domain error code becomes an HTTP status. */
export const STATUS: Record<DomainErrorCode, ContentfulStatusCode> = dict({
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN_ORIGIN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  UPSTREAM_INVALID: 502,
  UPSTREAM_UNAVAILABLE: 502,
  UPSTREAM_TIMEOUT: 504,
  LOGIN_REQUIRED: 403,
  PAYMENT_DECLINED: 402,
  PAYPAL_FAILED: 422,
  FORBIDDEN: 403,
});

/** pt-BR text of a database rule that refused what the shopper sent (the contracts should have caught it). */
export const CONSTRAINT_MESSAGE = 'Não foi possível salvar: confira os dados enviados e tente novamente.';

/**
 * A D1/SQLite constraint failure (CHECK, NOT NULL, UNIQUE, FOREIGN KEY) that reached the edge: the
 * database rules are a backstop behind the contracts, and what they refuse is the request's data, so it
 * is a 4xx (409 for a duplicate, 400 otherwise) with a pt-BR message, never a 500. Null for anything else.
 */
export function constraintError(error: unknown): DomainError | null {
  if (error instanceof DomainError) return null;
  const text = String(error instanceof Error ? error.message : error);
  if (!/constraint failed|SQLITE_CONSTRAINT|SQLITE_TOOBIG|string or blob too big/i.test(text)) return null;
  return new DomainError(/UNIQUE constraint/i.test(text) ? 'CONFLICT' : 'VALIDATION', CONSTRAINT_MESSAGE);
}

export function toApiError(error: unknown): { status: ContentfulStatusCode; body: ApiError } {
  const constraint = constraintError(error);
  if (constraint) return toApiError(constraint);
  if (error instanceof DomainError) {
    const body: ApiError = { code: error.code, error: error.message };
    if (error.title) body.title = error.title;
    if (error.extra) Object.assign(body, error.extra);
    return { status: STATUS[error.code], body };
  }
  if (error instanceof ZodError) {
    return { status: 400, body: { code: 'VALIDATION', error: COMMON_MESSAGES.invalidData } };
  }
  if (isBackendFailure(error)) {
    // D1 could not answer (the upstream's own failures are DomainErrors above: 502/504).
    return {
      status: 503,
      body: { code: 'UNAVAILABLE', error: COMMON_MESSAGES.unavailable },
    };
  }
  if (error instanceof HTTPException && error.status < 500) {
    return { status: error.status, body: { code: 'HTTP_' + error.status, error: 'Requisição inválida.' } };
  }
  return { status: 500, body: { code: 'INTERNAL', error: COMMON_MESSAGES.retry } };
}

/** Seconds a 429 asks the client to wait when its refusal does not say (a limit's shortest window). */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** `Retry-After` of a refusal: its own when it knows, else the default. */
export const retryAfterOf = (error: unknown): number =>
  error instanceof DomainError && error.retryAfter ? error.retryAfter : DEFAULT_RETRY_AFTER_SECONDS;

/** Sets `Retry-After` on the response being built when the refusal is a 429 (every 429 carries one). */
export function setRetryAfter(c: Context, error: unknown): void {
  if (error instanceof DomainError && STATUS[error.code] === 429) c.header('Retry-After', String(retryAfterOf(error)));
}

/** Every 429 says when to come back, also one whose route set none (or relayed from the upstream without it). */
export const retryAfterOn429: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status === 429 && !c.res.headers.has('Retry-After')) {
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set('Retry-After', String(DEFAULT_RETRY_AFTER_SECONDS));
  }
};

export function apiErrorResponse(c: Context<AppEnv>, error: unknown): Response {
  const { status, body } = toApiError(error);
  // A constraint the contracts let through is a contract gap worth seeing in the logs, even as a 4xx.
  if ((status >= 500 && !(error instanceof DomainError)) || constraintError(error)) {
    console.error(JSON.stringify({ requestId: c.get('requestId'), error: String(error) }));
  }
  if (status === 503) c.header('Retry-After', String(RETRY_AFTER_SECONDS));
  if (status === 429) c.header('Retry-After', String(retryAfterOf(error)));
  return c.json(body, status);
}
