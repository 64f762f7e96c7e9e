import { Hono } from 'hono';
import { apiRoutes } from './api/routes';
import type { UpstreamFetch } from './commerce/upstream-http';
import { parseConfig, type AppEnv } from './env';
import { appMode } from './middleware/app-mode';
import { commerce } from './middleware/commerce';
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
  app.use('*', async (c, next) => {
    c.set('config', parseConfig(c.env));
    await next();
  });
  app.use('*', requestId, securityHeaders, noindexByHost, session, appMode, commerce(doFetch));
  app.route('/api', apiRoutes(doFetch));
  app.route('/', robotsRoutes);
  app.route('/', sitemapRoutes);
  app.route('/', pageRoutes);
  app.notFound((c) => notFound(c));
  app.onError((error, c) => {
    console.error(JSON.stringify({ requestId: c.var.requestId, error: String(error) }));
    return c.text('Tivemos um problema. Tente novamente em instantes.', 500);
  });
  return app;
}
