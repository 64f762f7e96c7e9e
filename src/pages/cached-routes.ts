import type { Hono } from 'hono';
import { edgeCached, type Handler } from '../edge-cache';
import type { AppEnv } from '../env';

/** The listing pages: a department and its categories (`/moda-praia`, `/moda-praia/biquinis`). */
export const LISTING_ROUTE = '/:details{[a-z0-9-]+(?:/[a-z0-9-]+)*}';

/**
 * The page routes served from the edge cache to anonymous shoppers (ADR 0018), as registered on `pageRoutes`
 * (mounted at `/`): `getPage` wraps exactly these with `edgeCached`, and the fast path (src/edge-cache/routes.ts)
 * matches requests against them in the app's route table. One route string names one GET route: a path another
 * route answers first is not listed. So of the content pages (src/pages/content/) the live-friday countdown
 * (`/pre-livefriday`) is missing because it carries the server's clock and is rendered per request, and `/cadastro`
 * because the sign-up form answers it.
 */
export const CACHED_ROUTES: readonly string[] = [
  '/',
  '/mapa-do-site',
  '/search',
  '/:slug/p',
  LISTING_ROUTE,
  '/entregas',
  '/pagamento',
  '/whts-lojas',
  '/perguntas-frequentes',
  '/cashback',
  '/live-app',
  '/live-app/download',
];

const CACHED = new Set(CACHED_ROUTES);

/** Registers the page `handler` for GET `path`: edge-cached exactly when `path` is one of CACHED_ROUTES. */
export function getPage(routes: Hono<AppEnv>, path: string, handler: Handler): void {
  routes.get(path, CACHED.has(path) ? edgeCached(handler) : handler);
}
