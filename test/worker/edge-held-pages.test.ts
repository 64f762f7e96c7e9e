import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countTrips } from './d1-trips';
import { cachedRouteMatcher, edgeCache, edgeHit } from '../../src/edge-cache';
import { CACHED_ROUTES } from '../../src/pages/cached-routes';
import { makeApp, ORIGIN, seed } from './app-harness';

/** The production default: an isolate trusts the version and the page it looked up less than 1 s ago. */
const remembering = makeApp({ CONTENT_VERSION_TTL_MS: '1000' });
/** Every hit looks both up (the worker tests' setting). */
const strict = makeApp({ CONTENT_VERSION_TTL_MS: '0' });
const isCachedPage = cachedRouteMatcher(remembering.app.routes, CACHED_ROUTES);

describe('pages an isolate holds for CONTENT_VERSION_TTL_MS after a cache lookup (ADR 0018)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('answers hits within it from its own copy, byte for byte, and asks the cache again after it', async () => {
    await seed();
    vi.useFakeTimers({ toFake: ['Date'] });
    const path = '/moda-praia?ordem=menor-preco';
    // Its own binding: no version or page was looked up through it yet.
    const db = countTrips(env.DB).db;
    const ask = async () =>
      (await edgeHit(
        new Request(ORIGIN + path, { headers: { 'accept-encoding': 'gzip' } }),
        { ...remembering.bindings, DB: db },
        isCachedPage,
      ))!;
    await (await remembering.request(path)).text(); // stored
    const lookups = vi.spyOn(edgeCache(), 'match');
    const first = await ask();
    expect(first.headers.get('x-edge-cache')).toBe('HIT');
    const bytes = new Uint8Array(await first.arrayBuffer());
    expect(lookups).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 5; i++) {
      vi.setSystemTime(Date.now() + 150);
      const again = await ask();
      expect(again.headers.get('x-edge-cache')).toBe('HIT');
      expect(again.headers.get('content-encoding')).toBe('gzip');
      expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes);
    }
    expect(lookups).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 250); // 1 s after the lookup
    expect((await ask()).headers.get('x-edge-cache')).toBe('HIT');
    expect(lookups).toHaveBeenCalledTimes(2);
  });

  it('a page it holds of an older version than the one it read makes the app look the cache up, not render again', async () => {
    await seed();
    vi.useFakeTimers({ toFake: ['Date'] });
    const path = '/moda-praia?ordem=maior-preco&held=outdated';
    const state = async (after: number) => {
      vi.setSystemTime(Date.now() + after);
      const res = await remembering.request(path, { headers: { 'accept-encoding': 'gzip' } });
      await res.arrayBuffer();
      return res.headers.get('x-edge-cache');
    };
    expect(await state(0)).toBe('MISS'); // stored at this version
    expect(await state(1_100)).toBe('HIT'); // the isolate now holds that page
    await env.DB.prepare('UPDATE content_version SET version = version + 1 WHERE id = 1').run();
    // The version read again: the held page is of the older one, the cache's too; rendered and stored.
    expect(await state(1_100)).toBe('MISS');
    // The version is remembered and the isolate still holds the older page: the cache holds the new one.
    expect(await state(100)).toBe('HIT');
  });

  it('holds nothing with 0: every hit is a cache lookup', async () => {
    await seed();
    const path = '/moda-praia?ordem=mais-vendidos';
    await (await strict.request(path)).text();
    const lookups = vi.spyOn(edgeCache(), 'match');
    for (let i = 0; i < 3; i++) {
      const res = (await edgeHit(new Request(ORIGIN + path), strict.bindings, isCachedPage))!;
      expect(res.headers.get('x-edge-cache')).toBe('HIT');
      await res.arrayBuffer();
    }
    expect(lookups).toHaveBeenCalledTimes(3);
  });
});

describe('a miss (ADR 0018)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the content version once and looks the cache up once: the page takes what the fast path found', async () => {
    await seed();
    const counted = countTrips(env.DB);
    const app = makeApp({ CONTENT_VERSION_TTL_MS: '0', DB: counted.db });
    const lookups = vi.spyOn(edgeCache(), 'match');
    const res = await app.request('/moda-praia?ordem=menor-preco&miss=once');
    expect(res.headers.get('x-edge-cache')).toBe('MISS');
    await res.text();
    expect(counted.sql().filter((sql) => /\bFROM content_version\b/i.test(sql))).toHaveLength(1);
    expect(lookups).toHaveBeenCalledTimes(1);
  });
});
