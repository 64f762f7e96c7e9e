import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../env';
import { COLOR_COOKIE } from '../lib/product-selection';

/**
 * Edge cache for anonymous pages (issue 16, ADR 0018). Home, listings, search, product and content pages are
 * rendered once per content version and served from the Workers Cache API to every anonymous shopper:
 * - the key carries `content_version` (migration 0016: triggers bump it whenever catalog, prices, stock
 *   flags, parameters or menus change), the host (noindex is per host), the layout (app or web) and the URL;
 * - the render is shopper-neutral (no cart in the bootstrap: the cart badge comes from the browser, see
 *   client/app.tsx); signed-in requests (a `token` cookie or a Bearer header) never touch the cache;
 * - each response keeps its own CSP nonce: the cached HTML's nonces are rewritten with HTMLRewriter;
 * - fresh for `EDGE_FRESH_SECONDS`, then served stale once more while a new render replaces it
 *   (the Cache API itself has no stale-while-revalidate, so the age is kept in a header).
 */
export const EDGE_FRESH_SECONDS = 60;
export const EDGE_STALE_SECONDS = 600;
export const SHARED_CACHE_CONTROL = `public, max-age=0, s-maxage=${EDGE_FRESH_SECONDS}, stale-while-revalidate=${EDGE_STALE_SECONDS}`;
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

const STORED_AT = 'X-Edge-Stored-At';
const STYLE_HASHES = 'X-Edge-Style-Hashes';
const KEY_ORIGIN = 'https://edge-cache.invalid';

/** The data centre's cache (`caches.default`; the client typings' CacheStorage lacks it). */
const edgeCache = (): Cache => (caches as unknown as { default: Cache }).default;

type Handler = (c: Context<AppEnv>) => Response | Promise<Response>;

/** No session of any kind: no `token` cookie (valid or not) and no Authorization header. */
export function isAnonymous(c: Context<AppEnv>): boolean {
  return getCookie(c, 'token') === undefined && !c.req.header('authorization');
}

/** The current content version (read on the primary, ADR 0019), or null when it cannot be read (then nothing is cached). */
export async function contentVersion(c: Context<AppEnv>): Promise<number | null> {
  try {
    return await c.var.commerce.contentVersion();
  } catch {
    return null;
  }
}

function cacheKey(c: Context<AppEnv>, version: number): Request {
  const url = new URL(c.req.url);
  const params = new URLSearchParams(url.search);
  // The product page preselects the colour from this cookie: one entry per colour.
  const color = getCookie(c, COLOR_COOKIE);
  if (color) params.set('__color', color);
  params.sort();
  const layout = c.var.appMode ? 'app' : 'web';
  // The host the noindex rule read (a Host header may differ from the URL's), and that rule's answer.
  const host = encodeURIComponent((c.req.header('host') ?? url.host).toLowerCase());
  const robots = c.var.noindex ? 'noindex' : 'index';
  return new Request(`${KEY_ORIGIN}/v${version}/${layout}/${robots}/${host}${url.pathname}?${params}`);
}

function later(c: Context<AppEnv>, work: Promise<unknown>): Promise<void> {
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
  await later(c, edgeCache().put(key, new Response(copy, { status: 200, headers })));
  const out = new Response(live, res);
  out.headers.set('X-Edge-Cache', 'MISS');
  return out;
}

/** A stored page for this response: this response's nonce everywhere the render's nonce was. */
function fromCache(c: Context<AppEnv>, hit: Response, state: 'HIT' | 'STALE'): Response {
  const nonce = c.var.nonce;
  c.set('sharedRender', true);
  c.set('styleAttrHashes', (hit.headers.get(STYLE_HASHES) ?? '').split(' ').filter(Boolean));
  const body = new HTMLRewriter()
    .on('[nonce]', {
      element(el) {
        el.setAttribute('nonce', nonce);
      },
    })
    .transform(hit);
  const headers = new Headers(hit.headers);
  for (const name of [STORED_AT, STYLE_HASHES, 'Cache-Control', 'Content-Length', 'CF-Cache-Status', 'Age', 'Expires'])
    headers.delete(name);
  headers.set('X-Edge-Cache', state);
  return new Response(body.body, { status: 200, headers });
}

/**
 * Wraps a page handler: anonymous GETs are answered from the edge cache (rendered and stored on a miss);
 * everything else renders as before, `private, no-store`.
 */
export function edgeCached(handler: Handler): Handler {
  return async (c) => {
    // With an upstream commerce API the catalog lives elsewhere and content_version never moves: no caching.
    if (c.req.method !== 'GET' || !isAnonymous(c) || c.var.config.upstream) return handler(c);
    const version = await contentVersion(c);
    if (version === null) return handler(c);
    const key = cacheKey(c, version);
    const hit = await edgeCache().match(key);
    if (!hit) return renderAndStore(c, handler, key);
    const age = (Date.now() - Number(hit.headers.get(STORED_AT) ?? 0)) / 1000;
    if (age <= EDGE_FRESH_SECONDS) return fromCache(c, hit, 'HIT');
    // Stale: this shopper gets the stored page, the next one a fresh render stored in the background.
    const served = fromCache(c, hit, 'STALE');
    await later(
      c,
      (async () => {
        const res = await renderAndStore(c, handler, key, true);
        await res.body?.pipeTo(new WritableStream());
      })(),
    );
    return served;
  };
}
