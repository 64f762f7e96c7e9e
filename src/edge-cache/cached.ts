import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { routePath } from 'hono/route';
import type { AppEnv } from '../env';
import { COLOR_COOKIE } from '../lib/catalog/product-selection';
import { edgeKey, isAnonymous } from './key';
import { takeLookup, type EdgeLookup } from './lookup';
import { later, servedFromCache } from './served';
import {
  EDGE_FRESH_SECONDS,
  EDGE_STALE_SECONDS,
  edgeCache,
  STORED,
  storeCopy,
  storedAge,
  storedScriptHashes,
  storedStyleHashes,
  storedVersion,
} from './store';

export type Handler = (c: Context<AppEnv>) => Response | Promise<Response>;

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

/**
 * The version and the stored entry for this request: the fast path's when it looked (its version read becomes this
 * request's), else read and looked up here, side by side (the key does not depend on the
 * version: the entry carries its own).
 */
async function lookUp(c: Context<AppEnv>, found: EdgeLookup | undefined) {
  if (found?.version) c.set('contentVersion', found.version);
  if (!found?.looked) {
    const key = found?.key ?? cacheKey(c);
    const [version, hit] = await Promise.all([contentVersion(c), edgeCache().match(key)]);
    return { key, version, hit };
  }
  const version = await contentVersion(c);
  return { key: found.key, version, hit: found.stored };
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
  headers.set(STORED.at, String(Date.now()));
  headers.set(STORED.styleHashes, rendered.join(' '));
  headers.set(STORED.version, String(version));
  headers.set(STORED.route, routePath(c));
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

function fromCache(c: Context<AppEnv>, hit: Response, state: 'HIT' | 'STALE'): Response {
  c.set('sharedRender', true);
  c.set('styleAttrHashes', storedStyleHashes(hit));
  c.set('scriptHashes', storedScriptHashes(hit));
  return servedFromCache(hit, c.req.header('accept-encoding'), state);
}

/**
 * Wraps a page handler: anonymous GETs are answered from the edge cache (rendered and stored on a miss);
 * everything else renders as before, `private, no-store`. Only for the routes of CACHED_ROUTES
 * (src/pages/cached-routes.ts), the list the fast path asks too.
 */
export function edgeCached(handler: Handler): Handler {
  return async (c) => {
    // With an upstream commerce API the catalog lives elsewhere and content_version never moves: no caching.
    if (c.req.method !== 'GET' || !isAnonymous(c.req.raw.headers) || c.var.config.upstream) return handler(c);
    const { key, version, hit } = await lookUp(c, takeLookup(c.req.raw));
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
}
