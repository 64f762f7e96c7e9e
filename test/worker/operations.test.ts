import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Bindings } from '../../src/env';
import { parseDsn } from '../../src/http/middleware/error-reporter';
import type { RequestLogLine } from '../../src/http/middleware/request-log';
import { unreachableD1 } from './failure-injection';
import { makeApp, ORIGIN, seed } from './app-harness';

// Operations: one JSON log line per request, /healthz, the optional error reporter.

let logs: MockInstance<typeof console.log>;
beforeEach(() => {
  logs = vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

/** The request lines logged so far (other console.log output is not JSON with type "request"). */
function requestLines(): RequestLogLine[] {
  return logs.mock.calls.flatMap((args) => {
    try {
      const value = JSON.parse(String(args[0])) as { type?: string };
      return value.type === 'request' ? [value as RequestLogLine] : [];
    } catch {
      return [];
    }
  });
}

describe('request log line', () => {
  beforeAll(() => seed());

  it('logs one JSON line for a page with the route pattern, status, duration and its D1 queries', async () => {
    const { request } = makeApp();
    const slug = (await env.DB.prepare('SELECT slug FROM products WHERE gift = 0 ORDER BY id LIMIT 1').first<{
      slug: string;
    }>())!.slug;
    const res = await request(`/${slug}/p?cor=x`, {
      headers: { 'x-request-id': 'log-page-00001', cookie: 'token=secret-session-token-123456' },
    });
    expect(res.status).toBe(200);
    await res.text();
    const lines = requestLines();
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line).toMatchObject({
      type: 'request',
      requestId: 'log-page-00001',
      method: 'GET',
      route: '/:slug/p',
      status: 200,
      mode: 'web',
    });
    expect(line.durationMs).toBeGreaterThanOrEqual(0);
    expect(line.d1Queries).toBeGreaterThan(0);
    expect(line.d1Ms).toBeGreaterThanOrEqual(0);
    expect(line.error).toBeUndefined();
    // Never the raw path, query, cookies or tokens.
    const raw = String(logs.mock.calls[0]![0]);
    expect(raw).not.toContain(slug);
    expect(raw).not.toContain('secret-session-token');
    expect(raw).not.toContain('cor=x');
  });

  it('logs an API call, in app mode, with its route pattern and D1 count', async () => {
    const { request } = makeApp();
    const res = await request('/api/parameters', {
      headers: { 'x-request-id': 'log-api-000001', 'user-agent': 'Mozilla/5.0 VitrineApp/3.2.1' },
    });
    expect(res.status).toBe(200);
    await res.json();
    const [line] = requestLines();
    expect(line).toMatchObject({
      requestId: 'log-api-000001',
      method: 'GET',
      route: '/api/parameters',
      status: 200,
      mode: 'app',
    });
    expect(line!.d1Queries).toBeGreaterThanOrEqual(1);
  });

  it('counts every statement of a batch and each call (write path: add to cart)', async () => {
    const { request } = makeApp();
    const sku = await env.DB.prepare(
      'SELECT i.id FROM product_items i JOIN products p ON p.id = i.product_id WHERE p.gift = 0 AND (SELECT sum(quantity) FROM stock WHERE product_item_id = i.id) > 5 ORDER BY i.id LIMIT 1',
    ).first<{ id: number }>();
    const res = await request('/api/cart', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ productItemId: sku!.id, amount: 1, cartId: null }),
    });
    expect(res.status).toBe(200);
    const [line] = requestLines();
    expect(line).toMatchObject({ method: 'POST', route: '/api/cart', status: 200 });
    expect(line!.d1Queries).toBeGreaterThan(1);
  });

  it('logs the 503 of a page whose D1 is down, with the error class', async () => {
    const { request } = makeApp({ DB: unreachableD1() } as Partial<Bindings>);
    const res = await request('/entregas');
    expect(res.status).toBe(503);
    const [line] = requestLines();
    expect(line).toMatchObject({ route: '/entregas', status: 503, error: 'BackendUnavailable' });
    expect(line!.d1Queries).toBeGreaterThan(0);
  });
});

describe('GET /healthz', () => {
  it('answers 200 with the build version when D1 answers SELECT 1, never cached', async () => {
    const res = await makeApp({ BUILD_VERSION: 'a1b2c3d' }).request('/healthz');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ ok: true, version: 'a1b2c3d', d1: 'ok' });
  });

  it("falls back to version 'dev' when no build version is set", async () => {
    const res = await makeApp({ BUILD_VERSION: '' }).request('/healthz');
    expect(await res.json()).toEqual({ ok: true, version: 'dev', d1: 'ok' });
  });

  it('answers 503 with d1 down when D1 cannot be reached', async () => {
    const res = await makeApp({ DB: unreachableD1() } as Partial<Bindings>).request('/healthz');
    expect(res.status).toBe(503);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ ok: false, version: 'dev', d1: 'down' });
  });

  it('answers 503 when D1 does not answer in time', async () => {
    const session = { prepare: () => ({ first: () => new Promise(() => {}) }), getBookmark: () => null };
    const hanging = { ...session, withSession: () => session } as unknown as D1Database;
    const started = Date.now();
    const res = await makeApp({ DB: hanging } as Partial<Bindings>).request('/healthz');
    expect(res.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(1500);
  });
});

interface SentryEvent {
  event_id: string;
  request: unknown;
  exception: { values: { type: string; value: string; stacktrace: { frames: unknown[] } }[] };
}

describe('error reporter (ERROR_REPORTER_DSN)', () => {
  const DSN = 'https://publickey123@errors.example.com/sub/42';

  /** An in-process fake Sentry endpoint that records what it receives. */
  function fakeEndpoint(status = 200) {
    const received: { url: string; auth: string | null; type: string | null; body: string }[] = [];
    const reportFetch = async (request: Request) => {
      received.push({
        url: request.url,
        auth: request.headers.get('x-sentry-auth'),
        type: request.headers.get('content-type'),
        body: await request.text(),
      });
      return new Response('{}', { status });
    };
    return { received, reportFetch };
  }

  async function fetchWithCtx(app: ReturnType<typeof makeApp>, path: string, init?: RequestInit) {
    const ctx = createExecutionContext();
    const res = await app.app.fetch(new Request(ORIGIN + path, init), app.bindings, ctx);
    await res.arrayBuffer();
    await waitOnExecutionContext(ctx);
    return res;
  }

  it('parses a DSN into the envelope endpoint and key; anything else is no reporter', () => {
    expect(parseDsn(DSN)).toEqual({
      endpoint: 'https://errors.example.com/sub/api/42/envelope/',
      publicKey: 'publickey123',
      dsn: DSN,
    });
    expect(parseDsn('https://k@o1.ingest.sentry.io/7')?.endpoint).toBe('https://o1.ingest.sentry.io/api/7/envelope/');
    for (const bad of [
      undefined,
      '',
      'not a url',
      'https://errors.example.com/42',
      'https://k@errors.example.com/',
      'ftp://k@h/1',
    ]) {
      expect(parseDsn(bad)).toBeNull();
    }
  });

  it('POSTs an unhandled error as a Sentry envelope after the response (waitUntil), without tokens or cookies', async () => {
    const fake = fakeEndpoint();
    const app = makeApp({ ERROR_REPORTER_DSN: DSN, BUILD_VERSION: 'v42', DB: unreachableD1() } as Partial<Bindings>, {
      reportFetch: fake.reportFetch,
    });
    const res = await fetchWithCtx(app, '/checkout/order/1-2?token=secret-confirmation-token', {
      headers: { 'x-request-id': 'report-err-0001', cookie: 'token=secret-session-token-123456' },
    });
    expect(res.status).toBe(503);
    expect(fake.received).toHaveLength(1);
    const sent = fake.received[0]!;
    expect(sent.url).toBe('https://errors.example.com/sub/api/42/envelope/');
    expect(sent.type).toBe('application/x-sentry-envelope');
    expect(sent.auth).toMatch(/^Sentry sentry_version=7, .*sentry_key=publickey123/);
    const [header, item, payload, ...rest] = sent.body.split('\n');
    expect(rest).toEqual([]);
    const event = JSON.parse(payload!) as SentryEvent;
    expect(JSON.parse(header!)).toMatchObject({ event_id: event.event_id, dsn: DSN });
    expect(JSON.parse(item!)).toEqual({ type: 'event', content_type: 'application/json' });
    expect(event.event_id).toMatch(/^[0-9a-f]{32}$/);
    expect(event).toMatchObject({
      level: 'error',
      platform: 'javascript',
      release: 'v42',
      tags: { request_id: 'report-err-0001', route: '/checkout/order/:orderIds' },
    });
    expect(event.request).toEqual({ method: 'GET', url: `${ORIGIN}/checkout/order/:orderIds` });
    expect(event.exception.values[0]!.type).toBe('Error');
    expect(event.exception.values[0]!.value).toContain('D1_ERROR');
    expect(sent.body).not.toContain('secret-confirmation-token');
    expect(sent.body).not.toContain('secret-session-token');
  });

  it('reports a 500 (invalid configuration) too', async () => {
    const fake = fakeEndpoint();
    const app = makeApp({ ERROR_REPORTER_DSN: DSN, COMMERCE_API_URL: 'not a url' }, { reportFetch: fake.reportFetch });
    const res = await fetchWithCtx(app, '/');
    expect(res.status).toBe(500);
    expect(fake.received).toHaveLength(1);
    const event = JSON.parse(fake.received[0]!.body.split('\n')[2]!) as SentryEvent;
    expect(event.exception.values[0]!.type).toBe('ConfigError');
  });

  it('sends nothing for a request that succeeds or fails with a 4xx', async () => {
    const fake = fakeEndpoint();
    const app = makeApp({ ERROR_REPORTER_DSN: DSN }, { reportFetch: fake.reportFetch });
    expect((await fetchWithCtx(app, '/healthz')).status).toBe(200);
    expect((await fetchWithCtx(app, '/api/nao-existe')).status).toBe(404);
    expect(fake.received).toEqual([]);
  });

  it('is off when ERROR_REPORTER_DSN is unset', async () => {
    const fake = fakeEndpoint();
    const app = makeApp({ DB: unreachableD1() } as Partial<Bindings>, { reportFetch: fake.reportFetch });
    expect((await fetchWithCtx(app, '/entregas')).status).toBe(503);
    expect(fake.received).toEqual([]);
  });

  it('a DSN that does not parse is logged once and reporting stays off', async () => {
    const fake = fakeEndpoint();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const app = makeApp(
      { ERROR_REPORTER_DSN: 'https://errors.example.com/no-key', DB: unreachableD1() } as Partial<Bindings>,
      { reportFetch: fake.reportFetch },
    );
    expect((await fetchWithCtx(app, '/entregas')).status).toBe(503);
    expect((await fetchWithCtx(app, '/')).status).toBe(503);
    expect(fake.received).toEqual([]);
    const warned = warn.mock.calls.map((args) => String(args[0])).filter((line) => line.includes('ERROR_REPORTER_DSN'));
    expect(warned).toHaveLength(1);
  });

  it('a reporter that fails does not change the answer', async () => {
    const app = makeApp({ ERROR_REPORTER_DSN: DSN, DB: unreachableD1() } as Partial<Bindings>, {
      reportFetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    expect((await fetchWithCtx(app, '/entregas')).status).toBe(503);
  });
});
