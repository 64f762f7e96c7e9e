import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Bootstrap } from '../../client/stores';
import type { WebVitalLogLine } from '../../src/commerce/site/rum';
import { makeApp, sameOriginJson, seed } from './app-harness';

// Real-user measurement: sampled page views report LCP, INP and CLS to /api/rum, which logs one line each.

let logs: MockInstance<typeof console.log>;
beforeEach(() => {
  logs = vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

function vitalLines(): WebVitalLogLine[] {
  return logs.mock.calls.flatMap((args) => {
    try {
      const value = JSON.parse(String(args[0])) as { type?: string };
      return value.type === 'web-vital' ? [value as WebVitalLogLine] : [];
    } catch {
      return [];
    }
  });
}

const VITAL = { name: 'INP', value: 184, rating: 'good', route: '/:slug/p', navigation: 'navigate' };

function bootstrapOf(html: string): Bootstrap {
  return JSON.parse(
    html.match(/<script id="bootstrap" type="application\/json"[^>]*>([^<]*)<\/script>/)![1]!,
  ) as Bootstrap;
}

describe('web vitals', () => {
  beforeAll(() => seed());

  it('logs a sampled page view’s vital as one JSON line with the request id, and answers 204', async () => {
    const { request } = makeApp();
    const res = await request('/api/rum', sameOriginJson('POST', VITAL, { 'x-request-id': 'vital-request-001' }));
    expect(res.status).toBe(204);
    expect(vitalLines()).toEqual([{ type: 'web-vital', requestId: 'vital-request-001', mode: 'web', ...VITAL }]);
  });

  it.each([
    ['an unknown metric', { ...VITAL, name: 'FID' }],
    ['a path instead of a route pattern', { ...VITAL, route: '/minha-conta/pedidos/123?token=abc' }],
    ['a field that could carry personal data', { ...VITAL, email: 'ana@example.com' }],
    ['a negative value', { ...VITAL, value: -1 }],
    ['a prototype word as the metric', { ...VITAL, name: '__proto__' }],
    ['a control character in the route', { ...VITAL, route: '/\u0000' }],
  ])('refuses %s with a pt-BR 400 and logs nothing', async (_why, body) => {
    const { request } = makeApp();
    const res = await request('/api/rum', sameOriginJson('POST', body));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/[a-zà-ú]{3}/i);
    expect(vitalLines()).toEqual([]);
  });

  it('is refused from another site, like every state-changing call', async () => {
    const { request } = makeApp();
    const res = await request('/api/rum', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify(VITAL),
    });
    expect(res.status).toBe(403);
    expect(vitalLines()).toEqual([]);
  });

  it('pages carry the sample rate and their route pattern (not their path) in the bootstrap; 0 turns it off', async () => {
    const on = await (await makeApp({ RUM_SAMPLE_RATE: '0.25' }).request('/moda-praia?pagina=2')).text();
    const vitals = bootstrapOf(on).vitals!;
    expect(vitals.sample).toBe(0.25);
    expect(vitals.route).toMatch(/^\/:/);
    expect(vitals.route).not.toContain('moda-praia');
    const off = await (await makeApp({ RUM_SAMPLE_RATE: '0' }).request('/moda-praia')).text();
    expect(bootstrapOf(off).vitals).toBeUndefined();
  });
});
