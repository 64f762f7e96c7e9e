import { PatternRouter } from 'hono/router/pattern-router';
import type { RouterRoute } from 'hono/types';

/**
 * Whether the app answers a GET of `path` with an edge-cached page: the first GET route of `routes` (the app's
 * route table, `app.routes`, in the order registered) that matches is one of `cached` (CACHED_ROUTES of
 * src/pages/cached-routes.ts, mounted at `/`). The fast path (hit.ts) asks first, so `/sacola`, checkout, login
 * and the like, which come before the listing pattern that would match them too, never pay for a cache lookup and
 * a version read.
 */
export function cachedRouteMatcher(
  routes: readonly RouterRoute[],
  cached: readonly string[],
): (path: string) => boolean {
  const listed = new Set(cached);
  const router = new PatternRouter<boolean>();
  for (const route of routes) if (route.method === 'GET') router.add('GET', route.path, listed.has(route.path));
  return (path) => router.match('GET', path)[0][0]?.[0] ?? false;
}
