import { parse } from 'hono/utils/cookie';
import { parseConfig, type Bindings } from '../env';
import { isAppRequest, APP_MODE_COOKIE } from '../lib/site/app-mode';
import { isIndexableHost } from '../lib/site/host';
import { COLOR_COOKIE } from '../lib/catalog/product-selection';
import { NOINDEX } from '../http/middleware/noindex';
import { requestIdFor } from '../http/middleware/request-id';
import type { RequestLogLine } from '../http/middleware/request-log';
import { securityHeaderValues } from '../http/middleware/security-headers';
import { storedPageFor } from './held';
import { edgeKey, isAnonymous } from './key';
import { handOver } from './lookup';
import { servedFromCache } from './served';
import {
  EDGE_FRESH_SECONDS,
  storedAge,
  storedRoute,
  storedScriptHashes,
  storedStyleHashes,
  storedVersion,
} from './store';
import { versionFor, versionWithin } from './version';

/**
 * How long the fast path waits for the version read: a quarter of the page data deadline, so that when D1 is slow
 * the app (which answers the branded 503 once its own deadline passes) still answers within the 1.5 s budget.
 */
const VERSION_WAIT_SHARE = 0.25;

const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * The edge cache's fast path: a fresh stored page for an anonymous GET is answered here, before the
 * Hono app is built into a request (no middleware chain, D1 session, commerce adapter or router). It does two
 * things side by side, the cache lookup and the content version (one point read of `content_version` on the
 * primary; either is skipped when this isolate did it less than CONTENT_VERSION_TTL_MS ago), then passes the
 * stored gzip bytes through untouched (no nonce: the CSP names the stored page's inline scripts by hash)
 * and adds the headers the app's middleware would have added (security headers and CSP, request id, Vary,
 * X-Robots-Tag) and the request's log line.
 *
 * Anything else answers null and the app handles the request. A miss, a stale or outdated entry, or a version not
 * read in time hands what was found to the app (lookup.ts), whose page wrapper (cached.ts) renders and stores
 * without reading the version or looking the cache up again. A signed-in shopper, a config error or the upstream
 * backend hand nothing over: the cache is not theirs.
 */
export async function edgeHit(
  request: Request,
  env: Bindings,
  isCachedPage: (path: string) => boolean,
): Promise<Response | null> {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  // Only a route the app serves with `edgeCached` (not the API, files, the bag, checkout, login…).
  if (!isCachedPage(url.pathname)) return null;
  const headers = request.headers;
  if (!isAnonymous(headers)) return null;
  let config;
  try {
    config = parseConfig(env);
  } catch {
    return null; // the app answers the configuration error
  }
  if (config.upstream) return null;
  const started = performance.now();
  const cookieHeader = headers.get('cookie');
  const cookies = cookieHeader ? parse(cookieHeader) : {};
  const host = headers.get('host') ?? url.host;
  const noindex = !isIndexableHost(host, config.productName);
  const appMode = isAppRequest(headers.get('user-agent'), cookies[APP_MODE_COOKIE]);
  const key = edgeKey({ url, host, appMode, noindex, color: cookies[COLOR_COOKIE] });
  const asked = versionFor(env.DB, config.contentVersionTtlMs);
  const [{ page: hit, held }, version] = await Promise.all([
    storedPageFor(env.DB, key, config.contentVersionTtlMs),
    asked.read ? versionWithin(asked.version, config.pageDataDeadlineMs * VERSION_WAIT_SHARE) : asked.version,
  ]);
  if (!hit || version === null || storedVersion(hit) !== version || storedAge(hit) > EDGE_FRESH_SECONDS) {
    // An entry of another version than the one read for this request is of no use to the app either; a copy this
    // isolate held is no lookup: the app asks the cache, which may hold a newer render.
    const outdated = asked.read && hit && version !== null && storedVersion(hit) !== version;
    if (outdated || held) await hit?.body?.cancel();
    const found = held ? { key, looked: false } : { key, looked: true, stored: outdated ? undefined : hit };
    handOver(request, asked.read ? { ...found, version: asked.version } : found);
    return null;
  }
  const res = servedFromCache(hit, headers.get('accept-encoding'), 'HIT');
  res.headers.append('Vary', 'User-Agent');
  res.headers.append('Vary', 'Cookie');
  if (noindex) res.headers.set('X-Robots-Tag', NOINDEX);
  const security = securityHeaderValues({
    https: url.protocol === 'https:',
    scripts: { hashes: storedScriptHashes(hit) },
    imageHost: config.imageHost,
    headers: res.headers,
    status: 200,
    styleAttrHashes: storedStyleHashes(hit),
    sharedRender: true,
  });
  for (const [name, value] of security) res.headers.set(name, value);
  const requestId = requestIdFor(headers.get('x-request-id'));
  res.headers.set('X-Request-Id', requestId);
  const line: RequestLogLine = {
    type: 'request',
    requestId,
    method: 'GET',
    route: storedRoute(hit),
    status: 200,
    durationMs: round(performance.now() - started),
    d1Queries: asked.read ? asked.d1.queries : 0,
    d1Ms: asked.read ? round(asked.d1.ms) : 0,
    mode: appMode ? 'app' : 'web',
    cache: 'HIT',
  };
  console.log(JSON.stringify(line));
  return res;
}
