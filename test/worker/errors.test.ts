import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { ApiErrorSchema } from '../../src/contracts/errors';
import { json, makeApp, makeProxyWith, seed } from './app-harness';

const { request } = makeApp();

let errors: MockInstance<typeof console.error>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => errors.mockRestore());

describe('user input never produces a 500', () => {
  beforeAll(() => seed());

  it.each([
    { label: '/api/%ZZ', path: '/api/%ZZ', status: 404 },
    { label: '/api/ with broken UTF-8', path: '/api/%E0%A4%A', status: 404 },
    { label: '/api/parameters with a broken query', path: '/api/parameters?q=%ZZ&x=%', status: 200 },
    { label: '/%ZZ', path: '/%ZZ', status: 404 },
    { label: 'an overlong UTF-8 slash', path: '/%C0%AF', status: 404 },
    { label: '/search?q=%ZZ', path: '/search?q=%ZZ', status: 200 },
    { label: '/search with broken UTF-8', path: '/search?q=%E0%A4%A', status: 200 },
    { label: '/checkout/order/%ZZ', path: '/checkout/order/%ZZ', status: 404 },
    { label: 'an order token %ZZ', path: '/checkout/order/123-456?token=%ZZ', status: 404 },
    { label: 'a NUL in a slug', path: '/moda-praia/%00', status: 404 },
    { label: 'a 4000-character path', path: '/' + 'a'.repeat(4000), status: 404 },
    { label: 'a 500-segment path', path: '/' + 'a/'.repeat(500) + 'p', status: 404 },
    { label: 'a 16 kB search term', path: '/search?q=' + encodeURIComponent('biquíni '.repeat(2000)), status: 200 },
    { label: 'a repeated query key', path: '/search?q=a&q=b&q=' + 'x'.repeat(100), status: 200 },
    { label: 'a 16 kB query on /api', path: '/api/parameters?' + 'x='.padEnd(16000, 'y'), status: 200 },
    { label: 'a 16 kB query on an unknown /api path', path: '/api/nope?' + 'x='.padEnd(16000, 'y'), status: 404 },
    { label: '/robots.txt?%ZZ', path: '/robots.txt?%ZZ', status: 200 },
  ])('GET with $label → $status', async ({ path, status }) => {
    const res = await request(path);
    expect(res.status).toBe(status);
    await res.arrayBuffer();
    if (path.startsWith('/api/')) expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(errors).not.toHaveBeenCalled();
  });

  it.each([
    ['a malformed token cookie', { cookie: 'token=%ZZ; cart=%E0%A4%A' }],
    ['an unparsable cookie header', { cookie: ';;==;token' }],
    ['a huge cookie', { cookie: 'token=' + 'a'.repeat(8000) }],
    ['a garbage Authorization header', { authorization: 'Bearer  ;;%%' }],
    ['an IPv6 host', { host: '[::1]:8787' }],
    ['an empty host', { host: '' }],
    ['a strange user agent', { 'user-agent': 'VitrineApp/'.repeat(300) }],
    ['a garbage Accept-Language', { 'accept-language': ';;;q=abc,,' }],
  ])('renders / with %s', async (_why, headers: Record<string, string>) => {
    const res = await request('/', { headers });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('</html>');
  });

  it('answers HEAD / without a body', async () => {
    const res = await request('/', { method: 'HEAD' });
    expect(res.status).toBe(200);
  });

  it.each(['PROPFIND', 'PURGE'])('refuses an odd %s on /api as a client error', async (method) => {
    const res = await request('/api/parameters', { method, headers: { origin: 'https://evil.example' } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('does not turn an upstream answer to bad input into a 500', async () => {
    const proxy = makeProxyWith(() => json({ code: 'VALIDATION', error: 'Dados inválidos.' }, 400));
    const res = await proxy.request('/api/cart', {
      method: 'POST',
      headers: { origin: 'http://localhost', 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(res.status).toBe(400);
  });

  it('logs nothing for ordinary 404s', async () => {
    await request('/api/nope');
    await request('/nao-existe');
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('invalid configuration fails clearly', () => {
  it.each([
    ['COMMERCE_API_URL', 'not a URL', { COMMERCE_API_URL: 'not a url' }],
    ['COMMERCE_API_URL', 'not http(s)', { COMMERCE_API_URL: 'ftp://upstream.test/api' }],
    ['COMMERCE_API_URL', 'with a query', { COMMERCE_API_URL: 'https://upstream.test/api?key=1' }],
    ['COMMERCE_API_URL', 'with credentials', { COMMERCE_API_URL: 'https://loja:segredo@upstream.test/api' }],
    [
      'COMMERCE_API_TIMEOUT_MS',
      'zero',
      { COMMERCE_API_URL: 'https://upstream.test/api', COMMERCE_API_TIMEOUT_MS: '0' },
    ],
    [
      'COMMERCE_API_TIMEOUT_MS',
      'not a number',
      { COMMERCE_API_URL: 'https://upstream.test/api', COMMERCE_API_TIMEOUT_MS: '5s' },
    ],
    ['SITE_URL', 'without a scheme', { SITE_URL: 'www.vitrine.com.br' }],
  ])('answers 500 and logs which variable is bad (%s %s)', async (name, _why, vars) => {
    const bad = makeApp(vars);
    const page = await bad.request('/', { headers: { 'x-request-id': 'bad-config-0001' } });
    expect(page.status).toBe(500);
    expect(page.headers.get('x-request-id')).toBe('bad-config-0001');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain(
      '<p class="content-page__lead">Tivemos um problema. Tente novamente em instantes.</p>',
    );
    const logged = errors.mock.calls.map((args) => String(args[0]));
    expect(
      logged.some((line) => line.includes('bad-config-0001') && line.includes(`Invalid configuration: ${name}`)),
    ).toBe(true);
  });

  it('answers JSON on /api when the configuration is invalid', async () => {
    const bad = makeApp({ COMMERCE_API_URL: 'not a url' });
    const res = await bad.request('/api/parameters');
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(ApiErrorSchema.parse(await res.json())).toEqual({
      code: 'INTERNAL',
      error: 'Tivemos um problema. Tente novamente em instantes.',
    });
  });

  it('treats a blank COMMERCE_API_URL as not set (embedded backend)', async () => {
    await seed();
    const app = makeApp({ COMMERCE_API_URL: '  ', COMMERCE_API_TIMEOUT_MS: '' });
    const res = await app.request('/api/parameters');
    expect(res.status).toBe(200);
  });
});
