import { beforeAll, describe, expect, it } from 'vitest';
import { makeApp, robotsMeta, seed } from './app-harness';

const { request } = makeApp();

const NON_PRODUCTION = [
  'staging.vitrine.com.br',
  '127.0.0.1:8787',
  'preview.example.com',
  'localhost:8787',
  'vitrine-staging.pages.dev',
];
const PRODUCTION = ['www.vitrine.com.br', 'vitrine.com.br', 'WWW.Vitrine.com.br', 'www.vitrine.com.br.:443'];

const withHost = (host: string, path = '/') => request(path, { headers: { host } });

describe('noindex-by-host middleware (spec §6)', () => {
  beforeAll(() => seed());

  it.each(NON_PRODUCTION)('marks pages on %s noindex, nofollow (header and meta tag)', async (host) => {
    const res = await withHost(host);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(robotsMeta(await res.text())).toBe('noindex, nofollow');
  });

  it.each(PRODUCTION)('leaves pages on %s indexable (no header, no meta tag)', async (host) => {
    const res = await withHost(host);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBeNull();
    const html = await res.text();
    expect(robotsMeta(html)).toBeNull();
    expect(html).not.toMatch(/noindex/i);
  });

  it('reads the host from the URL when no Host header is sent', async () => {
    const staging = await request('http://staging.vitrine.com.br/entregas');
    expect(staging.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const production = await request('https://www.vitrine.com.br/entregas');
    expect(production.headers.get('x-robots-tag')).toBeNull();
  });

  it('follows PRODUCT_NAME for the production label', async () => {
    const other = makeApp({ PRODUCT_NAME: 'Loja' });
    expect((await other.request('/', { headers: { host: 'loja.com.br' } })).headers.get('x-robots-tag')).toBeNull();
    expect((await other.request('/', { headers: { host: 'vitrine.com.br' } })).headers.get('x-robots-tag')).toBe(
      'noindex, nofollow',
    );
  });

  it('never emits a search-engine-specific robots tag', async () => {
    for (const host of [...NON_PRODUCTION, ...PRODUCTION]) {
      for (const path of ['/', '/nao-existe']) {
        const html = await (await withHost(host, path)).text();
        expect(html).not.toMatch(/<meta[^>]+name="(googlebot|bingbot|google|slurp)[^"]*"/i);
      }
    }
  });

  it('marks 404 pages on non-production hosts too', async () => {
    const res = await withHost('staging.vitrine.com.br', '/nao-existe');
    expect(res.status).toBe(404);
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(robotsMeta(await res.text())).toBe('noindex, nofollow');
  });

  it.each([
    ['/api/parameters', 200],
    ['/api/nope', 404],
  ])('applies the same header rule to %s', async (path, status) => {
    const staging = await withHost('staging.vitrine.com.br', path);
    expect(staging.status).toBe(status);
    expect(staging.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const production = await withHost('www.vitrine.com.br', path);
    expect(production.status).toBe(status);
    expect(production.headers.get('x-robots-tag')).toBeNull();
  });
});

describe('/robots.txt', () => {
  it.each(NON_PRODUCTION)('disallows everything on %s', async (host) => {
    const res = await withHost(host, '/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const body = await res.text();
    expect(body).toMatch(/^User-agent: \*$/m);
    expect(body).toMatch(/^Disallow: \/$/m);
    expect(body).not.toMatch(/^Allow:/m);
    expect(body).not.toMatch(/Sitemap:/);
  });

  it.each(PRODUCTION)('allows crawling and lists the sitemap on %s', async (host) => {
    const res = await withHost(host, '/robots.txt');
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toMatch(/^User-agent: \*$/m);
    expect(body).toMatch(/^Allow: \/$/m);
    expect(body).not.toMatch(/^Disallow: \/$/m);
    expect(body).toMatch(/^Disallow: \/api\/$/m);
    expect(body).toMatch(/^Sitemap: https:\/\/www\.vitrine\.com\.br\/sitemap\.xml$/m);
  });

  it('takes the sitemap URL from SITE_URL without doubling a trailing slash', async () => {
    const other = makeApp({ SITE_URL: 'https://vitrine.com.br/' });
    const body = await (await other.request('/robots.txt', { headers: { host: 'vitrine.com.br' } })).text();
    expect(body).toMatch(/^Sitemap: https:\/\/vitrine\.com\.br\/sitemap\.xml$/m);
  });
});
