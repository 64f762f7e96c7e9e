import { Hono } from 'hono';
import { apiRoutes } from './commerce/routes';
import type { UpstreamFetch } from './commerce/upstream-http';
import { parseConfig, type AppEnv } from './env';
import { appMode } from './http/middleware/app-mode';
import { commerce, defaultProvidersWith, type ProvidersFor } from './http/middleware/commerce';
import { failedOnBackend } from './http/middleware/availability';
import { d1Session } from './http/middleware/d1-session';
import type { ReportFetch } from './http/middleware/error-reporter';
import { noindexByHost } from './http/middleware/noindex';
import { requestLog } from './http/middleware/request-log';
import { requestId } from './http/middleware/request-id';
import { securityHeaders } from './http/middleware/security-headers';
import { session } from './http/middleware/session';
import { healthRoutes } from './healthz';
import { notFound } from './pages/not-found';
import { apiErrorResponse, constraintError, retryAfterOn429, setRetryAfter, STATUS } from './http/errors';
import { DomainError } from './commerce/domain-error';
import { cachedRouteMatcher, edgeHit, releaseLookup } from './edge-cache';
import { limitBody } from './http/body-limit';
import { httpsRedirect } from './http/https-only';
import { CACHED_ROUTES } from './pages/cached-routes';
import { plainRoutes } from './pages/plain-routes';
import { pageRoutes } from './pages/routes';
import type { FetchLike } from './commerce/payments/live/live-provider';
import { refusedPage } from './pages/refused';
import { plainPage, unavailablePage } from './pages/unavailable';
import { COMMON_MESSAGES } from './lib/messages/common';

export interface AppOptions {
  /** How the worker reaches `COMMERCE_API_URL`; tests point it at another app instance. */
  upstreamFetch?: UpstreamFetch;
  /** How unhandled errors reach `ERROR_REPORTER_DSN`; tests point it at a fake endpoint. */
  reportFetch?: ReportFetch;
  /** The payment adapters per request (default: sandbox simulators or configured live providers by mode). */
  paymentProviders?: ProvidersFor;
  /** How the live payment providers are reached; tests point it at fake providers. */
  paymentsFetch?: FetchLike;
}

export function createApp(options: AppOptions = {}) {
  const doFetch: UpstreamFetch = options.upstreamFetch ?? ((request) => fetch(request));
  const app = new Hono<AppEnv>();
  // Config after request-id, so a ConfigError is logged with the request id and echoes it.
  app.use(
    '*',
    requestLog(options.reportFetch ?? ((request) => fetch(request))),
    requestId,
    async (c, next) => {
      c.set('config', parseConfig(c.env));
      await next();
    },
    retryAfterOn429,
  );
  app.use('*', limitBody);
  app.use(
    '*',
    securityHeaders,
    noindexByHost,
    session,
    appMode,
    d1Session,
    commerce(doFetch, options.paymentProviders ?? defaultProvidersWith(options.paymentsFetch)),
  );
  app.route('/api', apiRoutes(doFetch));
  app.route('/', healthRoutes);
  app.route('/', plainRoutes);
  app.route('/', pageRoutes);
  app.notFound((c) => notFound(c));
  app.onError((error, c) => {
    // A refusal that escaped its route's own handler (a form post's bad input, a database rule the
    // contracts let through) is still the request's fault: its 4xx with the pt-BR text, never a 500.
    const refusal = constraintError(error) ?? error;
    if (refusal instanceof DomainError && STATUS[refusal.code] < 500) {
      if (refusal !== error) console.error(JSON.stringify({ requestId: c.var.requestId, error: String(error) }));
      if (/^\/api(\/|$)/.test(c.req.path)) return apiErrorResponse(c, refusal);
      setRetryAfter(c, refusal);
      // A page (a no-JS form post): the store's plain page with the reason and a way back.
      return refusedPage(c, refusal, STATUS[refusal.code] as Parameters<typeof refusedPage>[2]);
    }
    console.error(JSON.stringify({ requestId: c.var.requestId, error: String(error) }));
    const message = COMMON_MESSAGES.retry;
    // /api callers parse JSON, even when the failure happened before the API's own error handler.
    if (/^\/api(\/|$)/.test(c.req.path)) return c.json({ code: 'INTERNAL', error: message }, 500);
    if (failedOnBackend(c, error)) return unavailablePage(c);
    // A page: the store's plain page with the reason and a way home, not bare text.
    return plainPage(
      c,
      { title: 'Tivemos um problema', message, link: { href: '/', label: 'Ir para a página inicial' } },
      500,
    );
  });
  // A fresh edge cache hit is answered before the app dispatches the request (src/edge-cache/hit.ts); on a miss
  // the page wrapper takes what the fast path found, and whatever it did not take is let go once the app answered.
  // `app.request` (tests) goes through here too.
  const dispatch = app.fetch;
  const isCachedPage = cachedRouteMatcher(app.routes, CACHED_ROUTES);
  app.fetch = async (request, env, ctx) => {
    const productName = env && 'PRODUCT_NAME' in env ? env.PRODUCT_NAME?.trim().toLowerCase() : undefined;
    const toHttps = httpsRedirect(request, productName || 'vitrine');
    if (toHttps) return toHttps;
    const hit = env && 'DB' in env ? await edgeHit(request, env, isCachedPage) : null;
    if (hit) return hit;
    try {
      return await dispatch(request, env, ctx);
    } finally {
      await releaseLookup(request);
    }
  };
  return app;
}
