import { parse } from 'hono/utils/cookie';
import { catalogRepo } from './commerce/catalog/repo';
import { parseConfig, type Bindings } from './env';
import { COOKIE } from './http/cookies';
import { isAppRequest, APP_MODE_COOKIE } from './lib/app-mode';
import { isIndexableHost } from './lib/host';
import { COLOR_COOKIE } from './lib/product-selection';
import { NOINDEX } from './middleware/noindex';
import { requestIdFor } from './middleware/request-id';
import type { RequestLogLine } from './middleware/request-log';
import { securityHeaderValues } from './middleware/security-headers';
import {
  EDGE_FRESH_SECONDS,
  edgeCache,
  edgeKey,
  servedFromCache,
  storedAge,
  storedRoute,
  storedScriptHashes,
  storedStyleHashes,
  storedVersion,
} from './pages/edge-cache';

/**
 * How long the fast path waits for the version read: a quarter of the page data deadline, so that when D1 is slow
 * the app (which answers the branded 503 once its own deadline passes) still answers within the 1.5 s budget.
 */
const VERSION_WAIT_SHARE = 0.25;

/** The version, or null when it is not read within `ms` (or cannot be read). */
function versionWithin(env: Bindings, ms: number): Promise<number | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    catalogRepo(env.DB)
      .contentVersion()
      .then(
        (version) => resolve(version),
        () => resolve(null),
      )
      .finally(() => clearTimeout(timer));
  });
}

/** Per D1 binding: the content version this isolate read last and when the read started (`Date.now()`). */
const lastRead = new WeakMap<D1Database, { version: number; at: number }>();

/**
 * The content version a hit is checked against: the one this isolate read less than `ttlMs` ago, without a D1
 * read, or else a fresh read (which is remembered). So a busy isolate reads D1 about once per `ttlMs` instead of
 * once per hit (that read goes to the primary, an ocean away from a Brazilian shopper: D1 has no South American
 * region), and a catalog change shows from at most `ttlMs` after it; 0 reads on every hit (ADR 0018).
 */
function versionFor(env: Bindings, waitMs: number, ttlMs: number): { version: Promise<number | null>; read: boolean } {
  const now = Date.now();
  const known = lastRead.get(env.DB);
  // (A clock that went back, `at` after `now`, is no age at all: read.)
  if (known && now >= known.at && now - known.at < ttlMs)
    return { version: Promise.resolve(known.version), read: false };
  const version = versionWithin(env, waitMs).then((read) => {
    const latest = lastRead.get(env.DB);
    // A read that started before the one remembered does not replace it.
    if (read !== null && (!latest || latest.at <= now)) lastRead.set(env.DB, { version: read, at: now });
    return read;
  });
  return { version, read: true };
}

/** A page this isolate took from the cache: its stored bytes and headers, and when it was looked up. */
interface HeldPage {
  page: ArrayBuffer;
  headers: Headers;
  at: number;
}

/** At most this many pages per D1 binding, the least recently served dropped first, each at most this size. */
const HELD_PAGES = 64;
const HELD_PAGE_BYTES = 256 * 1024;

/** Per D1 binding: the pages this isolate took from the cache, by key. */
const heldPages = new WeakMap<D1Database, Map<string, HeldPage>>();

/**
 * The stored page for `key`: the copy this isolate looked up less than `ttlMs` ago (the same trust as the version,
 * ADR 0018), or else a cache lookup, whose page is kept for the next hits. A busy isolate then asks the cache about
 * once per `ttlMs` per page instead of once per hit; 0 looks up on every hit.
 */
async function storedPageFor(db: D1Database, key: Request, ttlMs: number): Promise<Response | undefined> {
  let held = heldPages.get(db);
  if (!held) heldPages.set(db, (held = new Map()));
  const now = Date.now();
  const known = held.get(key.url);
  held.delete(key.url);
  if (known && now >= known.at && now - known.at < ttlMs) {
    held.set(key.url, known); // most recently served last
    return new Response(known.page, { headers: known.headers });
  }
  const hit = await edgeCache().match(key);
  if (!hit || ttlMs === 0) return hit;
  const page = await hit.arrayBuffer();
  if (page.byteLength <= HELD_PAGE_BYTES) {
    held.set(key.url, { page, headers: hit.headers, at: now });
    for (const oldest of held.keys()) {
      if (held.size <= HELD_PAGES) break;
      held.delete(oldest);
    }
  }
  return new Response(page, { headers: hit.headers });
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * The edge cache's fast path: a fresh stored page for an anonymous GET is answered here, before the
 * Hono app is built into a request (no middleware chain, D1 session, commerce adapter or router). It does two
 * things side by side, the cache lookup and the content version (one point read of `content_version` on the
 * primary; either is skipped when this isolate did it less than CONTENT_VERSION_TTL_MS ago), then passes the stored gzip bytes through untouched (no nonce:
 * the CSP names the stored page's inline scripts by hash)
 * and adds the headers the app's middleware would have added (security headers and CSP, request id, Vary,
 * X-Robots-Tag) and the request's log line.
 *
 * Anything else (a miss, a stale or outdated entry, a signed-in shopper, a config error, the upstream backend)
 * answers null and the app handles the request as before (src/pages/edge-cache.ts renders and stores).
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
  const cookieHeader = headers.get('cookie');
  const cookies = cookieHeader ? parse(cookieHeader) : {};
  // Signed-in (or claiming to be: any `token` cookie, any Authorization header) never touches the cache.
  if (cookies[COOKIE.token] !== undefined || headers.has('authorization')) return null;
  let config;
  try {
    config = parseConfig(env);
  } catch {
    return null; // the app answers the configuration error
  }
  if (config.upstream) return null;
  const started = performance.now();
  const host = headers.get('host') ?? url.host;
  const noindex = !isIndexableHost(host, config.productName);
  const appMode = isAppRequest(headers.get('user-agent'), cookies[APP_MODE_COOKIE]);
  const key = edgeKey({ url, host, appMode, noindex, color: cookies[COLOR_COOKIE] });
  let d1Ms = 0;
  const asked = versionFor(env, config.pageDataDeadlineMs * VERSION_WAIT_SHARE, config.contentVersionTtlMs);
  const [hit, version] = await Promise.all([
    storedPageFor(env.DB, key, config.contentVersionTtlMs),
    asked.read ? asked.version.finally(() => (d1Ms = performance.now() - started)) : asked.version,
  ]);
  if (!hit || version === null || storedVersion(hit) !== version || storedAge(hit) > EDGE_FRESH_SECONDS) {
    await hit?.body?.cancel();
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
    d1Queries: asked.read ? 1 : 0,
    d1Ms: round(d1Ms),
    mode: appMode ? 'app' : 'web',
    cache: 'HIT',
  };
  console.log(JSON.stringify(line));
  return res;
}
