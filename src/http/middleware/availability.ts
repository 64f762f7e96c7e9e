import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import { DomainError } from '../../commerce/domain-error';
import type { CommercePort } from '../../commerce/port';
import type { AppEnv } from '../../env';
import { isD1Failure } from './d1-meter';

/**
 * A page's data did not arrive in time (the per-request deadline). Like a D1 failure or an upstream
 * 5xx/timeout/contract break, it makes a page answer the branded 503 instead of a 500 or a fake-empty page.
 */
export class BackendUnavailable extends Error {
  override name = 'BackendUnavailable';
}

/** Seconds a client (or a crawler) should wait before asking again after a 503. */
export const RETRY_AFTER_SECONDS = 30;

const UPSTREAM_CODES = new Set(['UPSTREAM_UNAVAILABLE', 'UPSTREAM_TIMEOUT', 'UPSTREAM_INVALID']);

/** The error means a backend (D1 or the upstream API) cannot answer right now, not a bug or a shopper's mistake. */
export function isBackendFailure(error: unknown): boolean {
  if (error instanceof BackendUnavailable || isD1Failure(error)) return true;
  return error instanceof DomainError && UPSTREAM_CODES.has(error.code);
}

/** An error reached the error handler of a request during which a backend failed (e.g. a repo rethrew D1's error). */
export function failedOnBackend(c: Context<AppEnv>, error: unknown): boolean {
  return isBackendFailure(error) || (c.var.d1Stats?.failures ?? 0) > 0;
}

function withDeadline<T>(work: Promise<T>, until: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new BackendUnavailable(`${what}: no answer by the page's data deadline`)),
      Math.max(0, until - Date.now()),
    );
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Calls a GET page makes that move money at a payment provider: the shopper's return from the provider's page
 * (`/checkout/retorno/<reference>`: status read, capture) waits for the provider's own timeout like a form post —
 * abandoning it at the page deadline showed the 503 page after PayPal had captured.
 */
const UNBOUNDED: ReadonlySet<string> = new Set(['paymentReturn']);

/**
 * Pages (GET/HEAD) read commerce under one per-request deadline (`PAGE_DATA_DEADLINE_MS`, 1000 ms by
 * default, so the 503 goes out within 1.5 s): every call still pending when it passes rejects with
 * `BackendUnavailable`, so a slow D1 or upstream cannot hold a page for the upstream's own timeout.
 * Form posts keep the adapter's timeouts (a write is never abandoned halfway), and so do the UNBOUNDED calls.
 */
export const pageDeadline = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') {
    const until = Date.now() + c.var.config.pageDataDeadlineMs;
    const inner = c.var.commerce;
    c.set(
      'commerce',
      new Proxy(inner, {
        get(target, key, receiver) {
          const value: unknown = Reflect.get(target, key, receiver);
          if (typeof value !== 'function' || (typeof key === 'string' && UNBOUNDED.has(key))) return value;
          return (...args: unknown[]) => {
            const result: unknown = Reflect.apply(value, target, args);
            return result instanceof Promise ? withDeadline(result, until, String(key)) : result;
          };
        },
      }) satisfies CommercePort,
    );
  }
  await next();
});
