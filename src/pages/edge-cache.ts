import { assets } from './assets';
import type { Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { routePath } from 'hono/route';
import type { AppEnv } from '../env';
import { cspHash } from '../lib/csp-hash';
import { COLOR_COOKIE } from '../lib/product-selection';

/**
 * Edge cache for anonymous pages (ADR 0018). Home, listings, search, product and content pages are
 * rendered once per content version and served from the Workers Cache API to every anonymous shopper:
 * - `content_version` (migration 0016: triggers bump it whenever catalog, prices, stock
 *   flags, parameters or menus change) travels with the entry and must equal the current one; the key is the
 *   host (noindex is per host), the layout (app or web) and the URL;
 * - a fresh hit for an anonymous GET is answered by the entry worker before the app runs (src/edge-hit.ts);
 * - the render is shopper-neutral (no cart in the bootstrap: the cart badge comes from the browser, see
 *   client/app.tsx); signed-in requests (a `token` cookie or a Bearer header) never touch the cache;
 * - the stored copy has no nonces: its inline scripts are allowed by their hashes (taken when it is stored), so a
 *   hit is served byte for byte, gzipped once at store time (ADR 0018);
 * - fresh for `EDGE_FRESH_SECONDS`, then served stale once more while a new render replaces it
 *   (the Cache API itself has no stale-while-revalidate, so the age is kept in a header).
 */
export const EDGE_FRESH_SECONDS = 60;
export const EDGE_STALE_SECONDS = 600;
export const SHARED_CACHE_CONTROL = `public, max-age=0, s-maxage=${EDGE_FRESH_SECONDS}, stale-while-revalidate=${EDGE_STALE_SECONDS}`;
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

const STORED_AT = 'X-Edge-Stored-At';
const STYLE_HASHES = 'X-Edge-Style-Hashes';
const SCRIPT_HASHES = 'X-Edge-Script-Hashes';
const STORED_VERSION = 'X-Edge-Version';
const STORED_ROUTE = 'X-Edge-Route';
const KEY_ORIGIN = 'https://edge-cache.invalid';
/**
 * How entries are stored (bumped when that changes, so a deploy never serves one stored the old way): `h1` is
 * gzip bytes without nonces, with the inline scripts' hashes in a header.
 */
const STORED_FORMAT = 'h1';

/** The data centre's cache (`caches.default`; the client typings' CacheStorage lacks it). */
export const edgeCache = (): Cache => (caches as unknown as { default: Cache }).default;

type Handler = (c: Context<AppEnv>) => Response | Promise<Response>;

/** No session of any kind: no `token` cookie (valid or not) and no Authorization header. */
export function isAnonymous(c: Context<AppEnv>): boolean {
  return getCookie(c, 'token') === undefined && !c.req.header('authorization');
}

/**
 * The current content version (read on the primary, ADR 0019, once per request: the edge cache and the page's
 * shell ask both), or null when it cannot be read (then nothing is cached).
 */
export function contentVersion(c: Context<AppEnv>): Promise<number | null> {
  const known = c.get('contentVersion');
  if (known) return known;
  const read = c.var.commerce.contentVersion().catch(() => null);
  c.set('contentVersion', read);
  return read;
}

/** What the key is made of; the entry worker's fast path (src/edge-hit.ts) builds it from the raw request alone. */
export interface EdgeKeyParts {
  url: URL;
  /** The Host header the noindex rule read (it may differ from the URL's host). */
  host: string;
  appMode: boolean;
  noindex: boolean;
  /** The product page preselects the colour from this cookie: one entry per colour. */
  color: string | undefined;
  /** The client build the HTML links (default: this deploy's); see BUILD. */
  build?: string;
}

/**
 * This deploy's client build (its hashed script and stylesheet names, src/generated/assets.json): part of the
 * key, because HTML stored by an earlier deploy links files the new deploy no longer serves.
 */
export const BUILD = (() => {
  let hash = 0x811c9dc5;
  for (const ch of JSON.stringify(assets)) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return hash.toString(36);
})();

/**
 * The entry's key (no content version in it: the entry carries the version it was rendered at, so the version
 * read and the cache lookup run side by side, and a stored version other than the current one is a miss).
 */
export function edgeKey({ url, host, appMode, noindex, color, build = BUILD }: EdgeKeyParts): Request {
  const params = new URLSearchParams(url.search);
  if (color) params.set('__color', color);
  params.sort();
  const layout = appMode ? 'app' : 'web';
  const robots = noindex ? 'noindex' : 'index';
  return new Request(
    `${KEY_ORIGIN}/${STORED_FORMAT}/${build}/${layout}/${robots}/${encodeURIComponent(host.toLowerCase())}${url.pathname}?${params}`,
  );
}

function cacheKey(c: Context<AppEnv>): Request {
  const url = new URL(c.req.url);
  return edgeKey({
    url,
    host: c.req.header('host') ?? url.host,
    appMode: c.var.appMode,
    noindex: c.var.noindex,
    color: getCookie(c, COLOR_COOKIE),
  });
}

/** The stored entry was rendered at `version` (a catalog change since then makes it a miss). */
export const storedVersion = (hit: Response): number | null => {
  const raw = hit.headers.get(STORED_VERSION);
  return raw === null || raw === '' ? null : Number(raw);
};

/** Seconds since the entry was stored. */
export const storedAge = (hit: Response, now = Date.now()): number =>
  (now - Number(hit.headers.get(STORED_AT) ?? 0)) / 1000;

/** The route pattern the entry was rendered for (the request log names routes, never raw paths). */
export const storedRoute = (hit: Response): string => hit.headers.get(STORED_ROUTE) ?? '/*';

/** Work after the answer (`waitUntil`), or before it where there is no execution context (tests). */
export function later(c: Context<AppEnv>, work: Promise<unknown>): Promise<void> {
  const settled = work.then(
    () => undefined,
    (error: unknown) => console.error(JSON.stringify({ requestId: c.var.requestId, edgeCache: String(error) })),
  );
  try {
    c.executionCtx.waitUntil(settled);
    return Promise.resolve();
  } catch {
    // No execution context (tests calling app.request): finish before answering.
    return settled;
  }
}

/** Renders shopper-neutral HTML and, when it is a plain 200 page, stores a copy; returns the live response. */
async function renderAndStore(
  c: Context<AppEnv>,
  handler: Handler,
  key: Request,
  version: number,
  background = false,
): Promise<Response> {
  c.set('sharedRender', true);
  const served = c.var.styleAttrHashes;
  const res = await handler(c);
  const rendered = c.var.styleAttrHashes ?? [];
  // A background render must not change the CSP of the (stale) page already on its way.
  if (background) c.set('styleAttrHashes', served);
  const type = res.headers.get('content-type') ?? '';
  if (res.status !== 200 || !type.startsWith('text/html') || res.headers.has('set-cookie') || !res.body) return res;
  const [live, copy] = res.body.tee();
  const headers = new Headers(res.headers);
  headers.set('Cache-Control', `public, s-maxage=${EDGE_FRESH_SECONDS + EDGE_STALE_SECONDS}`);
  headers.set(STORED_AT, String(Date.now()));
  headers.set(STYLE_HASHES, rendered.join(' '));
  headers.set(STORED_VERSION, String(version));
  headers.set(STORED_ROUTE, routePath(c));
  headers.set('Content-Encoding', 'gzip');
  // Set per answer (a background render can carry the `Vary` the app added to the stale answer it runs beside).
  for (const name of ['Content-Length', 'Vary']) headers.delete(name);
  await later(c, storeCopy(key, copy, headers));
  const out = new Response(live, res);
  out.headers.set('X-Edge-Cache', 'MISS');
  // Its hits answer gzip bytes or plain text by the request's Accept-Encoding.
  out.headers.append('Vary', 'Accept-Encoding');
  return out;
}

/** The CSP style-attribute hashes the stored page needs (they travel with it). */
export const storedStyleHashes = (hit: Response): string[] =>
  (hit.headers.get(STYLE_HASHES) ?? '').split(' ').filter(Boolean);

/** The CSP script hashes of the stored page's inline scripts (they travel with it). */
export const storedScriptHashes = (hit: Response): string[] =>
  (hit.headers.get(SCRIPT_HASHES) ?? '').split(' ').filter(Boolean);

/** An executable inline script: no `src`, and no data type (JSON and JSON-LD blocks are never run, CSP skips them). */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
const DATA_TYPE = /\btype="application\/(?:ld\+)?json"/;
const NONCE_ATTR = / nonce="[^"]*"/g;

/**
 * The copy the cache keeps: the render's nonces taken out (a nonce is for one response only) and every inline
 * script's hash noted instead, so a hit needs no rewrite; gzipped once here, so a hit is not compressed again.
 */
export async function storedPage(html: string): Promise<{ gzip: ArrayBuffer; scriptHashes: string[] }> {
  const bare = html.replace(NONCE_ATTR, '');
  const hashes: string[] = [];
  for (const [, attrs, body] of bare.matchAll(INLINE_SCRIPT)) {
    if (!/\bsrc=/.test(attrs!) && !DATA_TYPE.test(attrs!)) hashes.push(await cspHash(body!));
  }
  const gzip = await new Response(new Blob([bare]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer();
  return { gzip, scriptHashes: [...new Set(hashes)] };
}

async function storeCopy(key: Request, copy: ReadableStream<Uint8Array>, headers: Headers): Promise<void> {
  const { gzip, scriptHashes } = await storedPage(await new Response(copy).text());
  headers.set(SCRIPT_HASHES, scriptHashes.join(' '));
  await edgeCache().put(key, new Response(gzip, { status: 200, headers, encodeBody: 'manual' }));
}

/**
 * Stores a streamed answer that is not a page (the Merchant Center feeds: no scripts, no nonces), gzipped on the way
 * without holding it whole, rendered at `version` and kept `seconds`.
 */
export async function storeStreamed(
  key: Request,
  body: ReadableStream<Uint8Array<ArrayBuffer>>,
  headers: Record<string, string>,
  stamp: { version: number; route: string; seconds: number },
): Promise<void> {
  const stored = new Headers(headers);
  stored.set('Cache-Control', `public, s-maxage=${stamp.seconds}`);
  stored.set(STORED_AT, String(Date.now()));
  stored.set(STORED_VERSION, String(stamp.version));
  stored.set(STORED_ROUTE, stamp.route);
  stored.set('Content-Encoding', 'gzip');
  await edgeCache().put(
    key,
    new Response(body.pipeThrough(new CompressionStream('gzip')), {
      status: 200,
      headers: stored,
      encodeBody: 'manual',
    }),
  );
}

/**
 * A stored page for this response, exactly as stored: gzip bytes passed through untouched when the client takes
 * gzip, else inflated on the way. The app's middleware or the entry's fast path adds the per-response headers
 * (CSP with the stored script hashes, request id…) around it.
 */
export function servedFromCache(
  hit: Response,
  acceptEncoding: string | null | undefined,
  state: 'HIT' | 'STALE',
): Response {
  const headers = new Headers(hit.headers);
  for (const name of [
    STORED_AT,
    STYLE_HASHES,
    SCRIPT_HASHES,
    STORED_VERSION,
    STORED_ROUTE,
    'Cache-Control',
    'Content-Length',
    'CF-Cache-Status',
    'Age',
    'Expires',
  ])
    headers.delete(name);
  headers.set('X-Edge-Cache', state);
  headers.set('Vary', 'Accept-Encoding');
  if (hit.headers.get('Content-Encoding') !== 'gzip') return new Response(hit.body, { status: 200, headers });
  if (/\bgzip\b/i.test(acceptEncoding ?? ''))
    return new Response(hit.body, { status: 200, headers, encodeBody: 'manual' });
  headers.delete('Content-Encoding');
  return new Response(hit.body?.pipeThrough(new DecompressionStream('gzip')) ?? null, { status: 200, headers });
}

function fromCache(c: Context<AppEnv>, hit: Response, state: 'HIT' | 'STALE'): Response {
  c.set('sharedRender', true);
  c.set('styleAttrHashes', storedStyleHashes(hit));
  c.set('scriptHashes', storedScriptHashes(hit));
  return servedFromCache(hit, c.req.header('accept-encoding'), state);
}

/** The handlers `edgeCached` made: the one list of cacheable pages is the routes that use it. */
const CACHED_PAGES = new WeakSet<object>();
/** Hono's mark on a sub-app handler wrapped with the sub-app's error handler (hono/utils/constants). */
const COMPOSED_HANDLER = '__COMPOSED_HANDLER';

/**
 * Whether the app answers a GET of `path` with an edge-cached page: the first GET route it matches (middleware is
 * registered for every method) is one `edgeCached` made. The fast path (src/edge-hit.ts) asks first, so
 * `/sacola`, checkout, login and the like never pay for a cache lookup and a version read.
 */
export function cachedPageMatcher(app: Hono<AppEnv>): (path: string) => boolean {
  return (path) => {
    for (const [[handler, route]] of app.router.match('GET', path)[0]) {
      if (route.method !== 'GET') continue;
      const own = (handler as unknown as Record<string, unknown>)[COMPOSED_HANDLER] ?? handler;
      return CACHED_PAGES.has(own as object);
    }
    return false;
  };
}

/**
 * Wraps a page handler: anonymous GETs are answered from the edge cache (rendered and stored on a miss);
 * everything else renders as before, `private, no-store`.
 */
export function edgeCached(handler: Handler): Handler {
  const cached: Handler = async (c) => {
    // With an upstream commerce API the catalog lives elsewhere and content_version never moves: no caching.
    if (c.req.method !== 'GET' || !isAnonymous(c) || c.var.config.upstream) return handler(c);
    const key = cacheKey(c);
    // Side by side: the key does not depend on the version (the entry carries its own).
    const [version, hit] = await Promise.all([contentVersion(c), edgeCache().match(key)]);
    if (version === null) {
      await hit?.body?.cancel();
      return handler(c);
    }
    if (!hit || storedVersion(hit) !== version) {
      await hit?.body?.cancel();
      return renderAndStore(c, handler, key, version);
    }
    if (storedAge(hit) <= EDGE_FRESH_SECONDS) return fromCache(c, hit, 'HIT');
    // Stale: this shopper gets the stored page, the next one a fresh render stored in the background.
    const served = fromCache(c, hit, 'STALE');
    await later(
      c,
      (async () => {
        const res = await renderAndStore(c, handler, key, version, true);
        await res.body?.pipeTo(new WritableStream());
      })(),
    );
    return served;
  };
  CACHED_PAGES.add(cached);
  return cached;
}
