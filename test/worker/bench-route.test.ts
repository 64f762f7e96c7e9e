import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeApp, sameOriginJson, seed } from './app-harness';

describe('bench-only routes', () => {
  beforeAll(() => seed());

  it('does not exist unless BENCH_ROUTES=1', async () => {
    const res = await makeApp().request('/api/__bench/d1-write', sameOriginJson('POST'));
    expect(res.status).toBe(404);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM parameters WHERE key = '__bench_write'").first('n')).toBe(0);
  });

  it('writes one row per call when enabled', async () => {
    const res = await makeApp({ BENCH_ROUTES: '1' }).request('/api/__bench/d1-write', sameOriginJson('POST'));
    expect(res.status).toBe(200);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM parameters WHERE key = '__bench_write'").first('n')).toBe(1);
  });

  it('forgets the stored listing summaries and orders only when enabled', async () => {
    expect((await makeApp().request('/api/catalog/listing?slug=moda-praia')).status).toBe(200);
    const stored = async () =>
      (await env.DB.prepare(
        'SELECT (SELECT count(*) FROM listing_summaries) + (SELECT count(*) FROM listing_orders) AS n',
      ).first<number>('n'))!;
    expect(await env.DB.prepare('SELECT count(*) AS n FROM listing_orders').first('n')).toBe(1);
    expect(await stored()).toBeGreaterThan(0);
    expect((await makeApp().request('/api/__bench/forget-summaries', sameOriginJson('POST'))).status).toBe(404);
    expect(await stored()).toBeGreaterThan(0);
    expect(
      (await makeApp({ BENCH_ROUTES: '1' }).request('/api/__bench/forget-summaries', sameOriginJson('POST'))).status,
    ).toBe(200);
    expect(await stored()).toBe(0);
  });
});
