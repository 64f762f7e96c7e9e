import { cspHash } from '../lib/security/csp-hash';

/**
 * Edge cache for anonymous pages (ADR 0018). Home, listings, search, product and content pages are
 * rendered once per content version and served from the Workers Cache API to every anonymous shopper:
 * - `content_version` (migration 0016: triggers bump it whenever catalog, prices, stock
 *   flags, parameters or menus change) travels with the entry and must equal the current one; the key is the
 *   host (noindex is per host), the layout (app or web) and the URL (key.ts);
 * - a fresh hit for an anonymous GET is answered by the entry worker before the app runs (hit.ts);
 * - the render is shopper-neutral (no cart in the bootstrap: the cart badge comes from the browser, see
 *   client/app.tsx); signed-in requests (a `token` cookie or an Authorization header) never touch the cache;
 * - the stored copy has no nonces: its inline scripts are allowed by their hashes (taken when it is stored), so a
 *   hit is served byte for byte, gzipped once at store time (ADR 0018);
 * - fresh for `EDGE_FRESH_SECONDS`, then served stale once more while a new render replaces it
 *   (the Cache API itself has no stale-while-revalidate, so the age is kept in a header).
 */
export const EDGE_FRESH_SECONDS = 60;
export const EDGE_STALE_SECONDS = 600;
export const SHARED_CACHE_CONTROL = `public, max-age=0, s-maxage=${EDGE_FRESH_SECONDS}, stale-while-revalidate=${EDGE_STALE_SECONDS}`;
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** The headers an entry carries about itself; none of them reaches a shopper (served.ts drops them). */
export const STORED = {
  at: 'X-Edge-Stored-At',
  styleHashes: 'X-Edge-Style-Hashes',
  scriptHashes: 'X-Edge-Script-Hashes',
  version: 'X-Edge-Version',
  route: 'X-Edge-Route',
} as const;

/** The data centre's cache (`caches.default`; the client typings' CacheStorage lacks it). */
export const edgeCache = (): Cache => (caches as unknown as { default: Cache }).default;

/** The stored entry was rendered at `version` (a catalog change since then makes it a miss). */
export const storedVersion = (hit: Response): number | null => {
  const raw = hit.headers.get(STORED.version);
  return raw === null || raw === '' ? null : Number(raw);
};

/** Seconds since the entry was stored. */
export const storedAge = (hit: Response, now = Date.now()): number =>
  (now - Number(hit.headers.get(STORED.at) ?? 0)) / 1000;

/** The route pattern the entry was rendered for (the request log names routes, never raw paths). */
export const storedRoute = (hit: Response): string => hit.headers.get(STORED.route) ?? '/*';

/** The CSP style-attribute hashes the stored page needs (they travel with it). */
export const storedStyleHashes = (hit: Response): string[] =>
  (hit.headers.get(STORED.styleHashes) ?? '').split(' ').filter(Boolean);

/** The CSP script hashes of the stored page's inline scripts (they travel with it). */
export const storedScriptHashes = (hit: Response): string[] =>
  (hit.headers.get(STORED.scriptHashes) ?? '').split(' ').filter(Boolean);

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

/** Stores a rendered page under `key`: its nonce-free gzip copy, with its script hashes beside `headers`. */
export async function storeCopy(key: Request, copy: ReadableStream<Uint8Array>, headers: Headers): Promise<void> {
  const { gzip, scriptHashes } = await storedPage(await new Response(copy).text());
  headers.set(STORED.scriptHashes, scriptHashes.join(' '));
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
  stored.set(STORED.at, String(Date.now()));
  stored.set(STORED.version, String(stamp.version));
  stored.set(STORED.route, stamp.route);
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
