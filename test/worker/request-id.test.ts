import { beforeAll, describe, expect, it } from 'vitest';
import { makeApp, seed } from './app-harness';

const { request } = makeApp();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request-id middleware', () => {
  beforeAll(() => seed());

  it('generates a UUID when the request has none and echoes it in X-Request-Id', async () => {
    const a = await request('/api/parameters');
    const b = await request('/api/parameters');
    expect(a.headers.get('x-request-id')).toMatch(UUID);
    expect(b.headers.get('x-request-id')).toMatch(UUID);
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
  });

  it('keeps a valid incoming id', async () => {
    const id = '8a1f2c3d4e5f6a7b-GRU';
    const res = await request('/api/parameters', { headers: { 'x-request-id': id } });
    expect(res.headers.get('x-request-id')).toBe(id);
  });

  it('is set on HTML pages and on 404s too', async () => {
    const page = await request('/', { headers: { 'x-request-id': 'page-request-0001' } });
    expect(page.headers.get('x-request-id')).toBe('page-request-0001');
    const missing = await request('/nao-existe', { headers: { 'x-request-id': 'missing-page-0001' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toBe('missing-page-0001');
  });

  it.each([
    ['too short', 'abc123'],
    ['bad characters', 'abc def<script>'],
    ['header injection attempt', 'abcdefgh;rm -rf /'],
    ['too long', 'a'.repeat(129)],
  ])('replaces an invalid incoming id (%s) with a fresh UUID', async (_why, id) => {
    const res = await request('/api/parameters', { headers: { 'x-request-id': id } });
    expect(res.headers.get('x-request-id')).toMatch(UUID);
  });
});
