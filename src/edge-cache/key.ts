import { parse } from 'hono/utils/cookie';
import manifest from '../generated/assets.json';
import { COOKIE } from '../http/cookies';

const KEY_ORIGIN = 'https://edge-cache.invalid';
/**
 * How entries are stored (bumped when that changes, so a deploy never serves one stored the old way): `h1` is
 * gzip bytes without nonces, with the inline scripts' hashes in a header.
 */
const STORED_FORMAT = 'h1';

/**
 * The one anonymity rule of the edge cache: no session of any kind, so no `token` cookie (valid or not) and no
 * Authorization header (whatever its value). The fast path and the page wrapper both ask it, on the raw headers.
 */
export function isAnonymous(headers: Headers): boolean {
  const cookie = headers.get('cookie');
  const token = cookie ? parse(cookie, COOKIE.token)[COOKIE.token] : undefined;
  return token === undefined && !headers.has('authorization');
}

/** What the key is made of; the fast path (hit.ts) builds it from the raw request alone. */
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
  for (const ch of JSON.stringify(manifest)) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0;
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
