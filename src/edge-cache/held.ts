import { edgeCache } from './store';

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

/** A stored page, and whether it is this isolate's copy (`held`) rather than the cache's answer to this request. */
export interface StoredPage {
  page: Response | undefined;
  held: boolean;
}

/**
 * The stored page for `key`: the copy this isolate looked up less than `ttlMs` ago (the same trust as the version,
 * ADR 0018), or else a cache lookup, whose page is kept for the next hits. A busy isolate then asks the cache about
 * once per `ttlMs` per page instead of once per hit; 0 looks up on every hit. A held copy can be older than what the
 * cache holds now (the app stored a newer render meanwhile): it serves a hit, never stands for a lookup.
 */
export async function storedPageFor(db: D1Database, key: Request, ttlMs: number): Promise<StoredPage> {
  let held = heldPages.get(db);
  if (!held) heldPages.set(db, (held = new Map()));
  const now = Date.now();
  const known = held.get(key.url);
  held.delete(key.url);
  if (known && now >= known.at && now - known.at < ttlMs) {
    held.set(key.url, known); // most recently served last
    return { page: new Response(known.page, { headers: known.headers }), held: true };
  }
  const hit = await edgeCache().match(key);
  if (!hit || ttlMs === 0) return { page: hit, held: false };
  const page = await hit.arrayBuffer();
  if (page.byteLength <= HELD_PAGE_BYTES) {
    held.set(key.url, { page, headers: hit.headers, at: now });
    for (const oldest of held.keys()) {
      if (held.size <= HELD_PAGES) break;
      held.delete(oldest);
    }
  }
  return { page: new Response(page, { headers: hit.headers }), held: false };
}
