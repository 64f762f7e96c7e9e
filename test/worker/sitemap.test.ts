import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { SitemapResponseSchema } from '../../src/contracts/sitemap';
import { makeApp, seed } from './app-harness';
import { checkXml, unescapeXml } from './xml';

const SITE = 'https://www.vitrine.com.br';
const embedded = makeApp();
// The upstream adapter pointed at the embedded app: both must satisfy the same contract.
const proxied = makeApp(
  { COMMERCE_API_URL: 'https://upstream.test/api' },
  { upstreamFetch: async (req) => embedded.app.fetch(req, embedded.bindings) },
);

async function xmlOf(path: string, app = embedded) {
  const res = await app.request(`${SITE}${path}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/xml\b/);
  return res.text();
}

async function sellableSlugs(): Promise<string[]> {
  const { results } = await env.DB.prepare('SELECT slug FROM products WHERE gift = 0').all<{ slug: string }>();
  return results.map((r) => r.slug);
}

describe('sitemap', () => {
  beforeAll(async () => {
    await seed();
    // A same-tab menu link with a query string: its `&` must come out escaped.
    await env.DB.prepare(
      `INSERT INTO menu_items (id, menu_id, parent_id, depth, position, name, url, id_slug, display_type)
       VALUES (9001, 1, NULL, 0, 99, 'Verão & Sol', 'colecao?cor=azul&tamanho=p', 'verao-sol', 'other')`,
    ).run();
  });

  it('/sitemap.xml is an index linking the pages and products sitemaps with lastmod', async () => {
    const xml = await xmlOf('/sitemap.xml');
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(checkXml(xml, 'loc')).toEqual([`${SITE}/sitemap-pages.xml`, `${SITE}/sitemap-products.xml`]);
    expect(checkXml(xml, 'lastmod')).toHaveLength(2);
    for (const loc of checkXml(xml, 'loc')) await xmlOf(new URL(loc).pathname);
  });

  it('the products sitemap lists every sellable product of the seed, absolute, with lastmod, and no gift', async () => {
    const xml = await xmlOf('/sitemap-products.xml');
    const locs = checkXml(xml, 'loc');
    const slugs = await sellableSlugs();
    expect(slugs.length).toBeGreaterThanOrEqual(300);
    expect(new Set(locs)).toEqual(new Set(slugs.map((s) => `${SITE}/${s}/p`)));
    expect(locs).toHaveLength(slugs.length);
    expect(checkXml(xml, 'lastmod')).toHaveLength(slugs.length);
    for (const lastmod of checkXml(xml, 'lastmod')) expect(lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(xml).not.toContain('brinde');
  });

  it('the pages sitemap has the home, same-tab listing pages and content pages, escaped', async () => {
    const locs = checkXml(await xmlOf('/sitemap-pages.xml'), 'loc').map(unescapeXml);
    for (const path of [
      '/',
      '/moda-praia',
      '/moda-praia/biquinis',
      '/fitness/leggings',
      '/novidades',
      '/outlet',
      '/entregas',
      '/perguntas-frequentes',
      '/mapa-do-site',
    ]) {
      expect(locs).toContain(SITE + path);
    }
    expect(locs).toContain(`${SITE}/colecao?cor=azul&tamanho=p`);
    for (const loc of locs) expect(loc.startsWith(`${SITE}/`)).toBe(true);
    // New-tab and external menu entries, the account area and checkout are not listed.
    expect(locs.some((l) => /guia-de-medidas|international|minha-conta|checkout/.test(l))).toBe(false);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('uses SITE_URL for absolute URLs', async () => {
    const other = makeApp({ SITE_URL: 'https://loja.example.com/' });
    const xml = await xmlOf('/sitemap.xml', other);
    expect(checkXml(xml, 'loc')[0]).toBe('https://loja.example.com/sitemap-pages.xml');
  });

  it('GET /api/sitemap returns the contract, and the upstream adapter yields the same sitemap', async () => {
    const res = await embedded.request('/api/sitemap');
    expect(res.status).toBe(200);
    const body = SitemapResponseSchema.parse(await res.json());
    expect(body.products).toHaveLength((await sellableSlugs()).length);
    expect(await xmlOf('/sitemap-products.xml', proxied)).toBe(await xmlOf('/sitemap-products.xml'));
  });

  it('answers 503 (not 500) when the upstream fails', async () => {
    const broken = makeApp(
      { COMMERCE_API_URL: 'https://upstream.test/api' },
      { upstreamFetch: async () => new Response('{"products": 1}') },
    );
    const res = await broken.request(`${SITE}/sitemap-products.xml`);
    expect(res.status).toBe(503);
  });

  it('robots.txt on the production host points at the sitemap index; elsewhere it disallows all', async () => {
    const prod = await (await embedded.request(`${SITE}/robots.txt`)).text();
    expect(prod).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    const preview = await (await embedded.request('https://preview.vitrine.com.br/robots.txt')).text();
    expect(preview).toBe('User-agent: *\nDisallow: /\n');
    const res = await embedded.request('https://preview.vitrine.com.br/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  });
});
