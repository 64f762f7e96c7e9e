import { Hono } from 'hono';
import { apiRoutes } from './api/routes';
import type { UpstreamFetch } from './commerce/upstream-http';
import { parseConfig, type AppEnv } from './env';
import { appMode } from './middleware/app-mode';
import { commerce } from './middleware/commerce';
import { d1Session } from './middleware/d1-session';
import { noindexByHost } from './middleware/noindex';
import { requestId } from './middleware/request-id';
import { securityHeaders } from './middleware/security-headers';
import { session } from './middleware/session';
import { notFound } from './pages/not-found';
import { robotsRoutes } from './pages/robots';
import { pageRoutes } from './pages/routes';
import { sitemapRoutes } from './pages/sitemap';

export interface AppOptions {
  /** How the worker reaches `COMMERCE_API_URL`; tests point it at another app instance. */
  upstreamFetch?: UpstreamFetch;
}

export function createApp(options: AppOptions = {}) {
  const doFetch: UpstreamFetch = options.upstreamFetch ?? ((request) => fetch(request));
  const app = new Hono<AppEnv>();
  // Config after request-id, so a ConfigError is logged with the request id and echoes it.
  app.use('*', requestId, async (c, next) => {
    c.set('config', parseConfig(c.env));
    await next();
  });
  app.use('*', securityHeaders, noindexByHost, session, appMode, d1Session, commerce(doFetch));
  app.route('/api', apiRoutes(doFetch));
  app.route('/', robotsRoutes);
  app.route('/', sitemapRoutes);
  app.route('/', pageRoutes);
  app.notFound((c) => notFound(c));
  app.onError((error, c) => {
    console.error(JSON.stringify({ requestId: c.var.requestId, error: String(error) }));
    const message = 'Tivemos um problema. Tente novamente em instantes.';
    // /api callers parse JSON, even when the failure happened before the API's own error handler.
    if (/^\/api(\/|$)/.test(c.req.path)) return c.json({ code: 'INTERNAL', error: message }, 500);
    return c.text(message, 500);
  });
  return app;
}
