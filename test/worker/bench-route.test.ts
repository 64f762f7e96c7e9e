import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeApp, sameOriginJson, seed } from './app-harness';

describe('bench-only D1 write route', () => {
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
});
