import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { ProductDetailSchema } from '../../src/contracts/product';
import { OmnichannelResponseSchema } from '../../src/contracts/shipping';
import { makeApp, seed } from './app-harness';

// One contract, two adapters: the same calls through an app whose upstream is the embedded backend.
const embedded = makeApp();
const calls: string[] = [];
const upstream = makeApp(
  { COMMERCE_API_URL: 'https://commerce.test/api' },
  {
    upstreamFetch: async (request) => {
      const url = new URL(request.url);
      calls.push(url.pathname + url.search);
      return embedded.app.request(
        new Request(`http://localhost${url.pathname}${url.search}`, request),
        undefined,
        embedded.bindings,
      );
    },
  },
);

describe('product and omnichannel over the upstream adapter', () => {
  let slug: string;
  beforeAll(async () => {
    await seed();
    slug = (await env.DB.prepare('SELECT slug FROM products WHERE gift = 0 ORDER BY id LIMIT 1').first<{
      slug: string;
    }>())!.slug;
  });

  it('answers /api/products/:slug and /api/omnichannel exactly like the embedded backend', async () => {
    const direct = ProductDetailSchema.parse(await (await embedded.request(`/api/products/${slug}`)).json());
    const proxied = ProductDetailSchema.parse(await (await upstream.request(`/api/products/${slug}`)).json());
    expect(proxied).toEqual(direct);
    const sku = direct.skus.find((s) => s.available)!.sku;
    const path = `/api/omnichannel?zip_code=01310-100&sku=${sku}`;
    const a = OmnichannelResponseSchema.parse(await (await embedded.request(path)).json());
    const b = OmnichannelResponseSchema.parse(await (await upstream.request(path)).json());
    expect(b).toEqual(a);
    const noronha = await upstream.request(`/api/omnichannel?zip_code=53990000&sku=${sku}`);
    expect(noronha.status).toBe(422);
    expect(await noronha.json()).toMatchObject({
      title: 'Atenção!',
      error: 'Não encontramos um frete para o endereço informado.',
    });
  });

  it('renders the product page from the upstream (parsed with the contract), 404 included', async () => {
    calls.length = 0;
    const page = await upstream.request(`/${slug}/p?cep=53990000`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('application/ld+json');
    expect(html).toContain('Não encontramos um frete para o endereço informado.');
    expect(calls).toEqual(
      expect.arrayContaining([
        `/api/products/${slug}`,
        expect.stringMatching(/^\/api\/omnichannel\?zip_code=53990000&sku=/),
      ]),
    );
    const missing = await upstream.request('/nao-existe-mesmo/p');
    expect(missing.status).toBe(404);
  });
});
