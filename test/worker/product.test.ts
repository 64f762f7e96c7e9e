import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../src/contracts/errors';
import { ProductDetailSchema } from '../../src/contracts/product';
import { makeApp, seed } from './app-harness';

const { request } = makeApp();

async function one<T>(sql: string, ...params: (string | number)[]): Promise<T> {
  const row = await env.DB.prepare(sql)
    .bind(...params)
    .first<T>();
  if (!row) throw new Error(`no row for ${sql}`);
  return row;
}

/** A product (not a gift) with a size sold out in every store and another size in stock, in one colour. */
async function productWithSoldOutSize() {
  return one<{ slug: string; color: string; soldOut: string; inStock: string }>(
    `SELECT p.slug, a.color_slug AS color, a.size AS soldOut,
            (SELECT b.size FROM product_items b WHERE b.product_id = p.id AND b.color_slug = a.color_slug
               AND (SELECT sum(quantity) FROM stock WHERE product_item_id = b.id) > 0 ORDER BY b.size_order LIMIT 1) AS inStock
       FROM products p JOIN product_items a ON a.product_id = p.id
      WHERE p.gift = 0 AND (SELECT sum(quantity) FROM stock WHERE product_item_id = a.id) = 0
        AND EXISTS (SELECT 1 FROM product_items b WHERE b.product_id = p.id AND b.color_slug = a.color_slug
                      AND (SELECT sum(quantity) FROM stock WHERE product_item_id = b.id) > 0)
      ORDER BY p.id LIMIT 1`,
  );
}

describe('GET /api/products/:slug', () => {
  beforeAll(() => seed());

  it('answers the contract: colours with photos in order, SKUs with availability, breadcrumb', async () => {
    const row = await one<{ slug: string; id: number }>(
      'SELECT slug, id FROM products WHERE gift = 0 ORDER BY id LIMIT 1',
    );
    const res = await request(`/api/products/${row.slug}`);
    expect(res.status).toBe(200);
    const product = ProductDetailSchema.parse(await res.json());
    expect(product.id).toBe(row.id);
    expect(product.breadcrumb.map((b) => b.slug)).toEqual([product.department.slug, product.category.slug]);
    const photos = await env.DB.prepare(
      'SELECT color_slug, file FROM product_photos WHERE product_id = ? ORDER BY color_slug, position',
    )
      .bind(row.id)
      .all<{ color_slug: string; file: string }>();
    for (const color of product.colors) {
      expect(color.photos).toEqual(photos.results.filter((p) => p.color_slug === color.slug).map((p) => p.file));
      expect(color.photos.length).toBeGreaterThan(0);
    }
    for (const sku of product.skus) {
      const stock = await one<{ qty: number }>(
        'SELECT coalesce(sum(quantity), 0) AS qty FROM stock WHERE product_item_id = ?',
        sku.productItemId,
      );
      expect(sku.available).toBe(stock.qty > 0);
      expect(sku.priceCents).toBeLessThanOrEqual(sku.listPriceCents);
    }
  });

  it('computes 0% discount when the item has no second price, and the discount when it has', async () => {
    const plain = await one<{ slug: string }>(
      'SELECT p.slug FROM products p JOIN product_items i ON i.product_id = p.id WHERE p.gift = 0 AND i.sale_price_cents = 0 LIMIT 1',
    );
    const sale = await one<{ slug: string }>(
      'SELECT p.slug FROM products p JOIN product_items i ON i.product_id = p.id WHERE p.gift = 0 AND i.sale_price_cents > 0 LIMIT 1',
    );
    const a = ProductDetailSchema.parse(await (await request(`/api/products/${plain.slug}`)).json());
    expect(a.skus.every((s) => s.discountPct === 0 && s.priceCents === s.listPriceCents)).toBe(true);
    const b = ProductDetailSchema.parse(await (await request(`/api/products/${sale.slug}`)).json());
    expect(b.skus.every((s) => s.discountPct > 0 && s.priceCents < s.listPriceCents)).toBe(true);
    expect(b.discountPct).toBeGreaterThan(0);
  });

  it('is a 404 with a pt-BR message for an unknown or malformed slug', async () => {
    for (const path of ['/api/products/nao-existe-este-produto', '/api/products/..%2F..%2Fetc']) {
      const res = await request(path);
      expect(res.status).toBe(404);
      expect(ApiErrorSchema.parse(await res.json()).error).toBe('Produto não encontrado.');
    }
  });
});

describe('GET /api/omnichannel', () => {
  let sku: string;
  beforeAll(async () => {
    await seed();
    // This file's fixture: one SKU held by the factory and by a single pickup store (Ipanema).
    const item = await one<{ id: number; sku: string }>(
      'SELECT i.id, i.sku FROM product_items i JOIN products p ON p.id = i.product_id WHERE p.gift = 0 ORDER BY i.id LIMIT 1',
    );
    sku = item.sku;
    await env.DB.batch([
      env.DB.prepare('UPDATE stock SET quantity = 0 WHERE product_item_id = ?').bind(item.id),
      env.DB.prepare(
        "UPDATE stock SET quantity = 7 WHERE product_item_id = ? AND store_id = (SELECT id FROM stores WHERE key = 'fabrica')",
      ).bind(item.id),
      env.DB.prepare(
        "UPDATE stock SET quantity = 2 WHERE product_item_id = ? AND store_id = (SELECT id FROM stores WHERE key = 'rj-ipanema')",
      ).bind(item.id),
    ]);
  });

  it('quotes home deliveries from the factory and pickup only where the SKU is in stock', async () => {
    const res = await request(`/api/omnichannel?zip_code=22410-003&sku=${sku}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<
      string,
      { type: string; carrier: string; carrierId: number; price: number; deadline: number }[]
    >;
    expect(Object.keys(body)).toEqual(['fabrica', 'rj-ipanema']);
    expect(body.fabrica!.map((o) => o.type)).toEqual(expect.arrayContaining(['normal', 'expressa']));
    for (const o of body.fabrica!) {
      expect(o.price).toBeGreaterThan(0);
      expect(o.deadline).toBeGreaterThan(0);
      expect(Number.isInteger(o.price)).toBe(true);
    }
    expect(body['rj-ipanema']).toEqual([
      expect.objectContaining({ type: 'pickup', price: 0, carrier: 'Retirada na loja' }),
    ]);
  });

  it('accepts the side-cart form (total in reais with a decimal comma) and frees express above R$ 499', async () => {
    const cheap = (await (
      await request('/api/omnichannel?zip_code=01310100&total_sale=199,90&shopping_cart_hash=abc123')
    ).json()) as Record<string, { type: string; price: number }[]>;
    expect(Object.keys(cheap)).toEqual(['fabrica']);
    expect(cheap.fabrica!.filter((o) => o.type === 'expressa').every((o) => o.price > 0)).toBe(true);
    const big = (await (await request('/api/omnichannel?zip_code=01310100&total_sale=59990')).json()) as Record<
      string,
      { type: string; price: number }[]
    >;
    expect(big.fabrica!.filter((o) => o.type === 'expressa').map((o) => o.price)).toEqual([0, 0]);
    expect(big.fabrica!.find((o) => o.type === 'normal')!.price).toBeGreaterThan(0);
  });

  it('answers the spec message for Fernando de Noronha (no shipping)', async () => {
    const res = await request(`/api/omnichannel?zip_code=53990-000&sku=${sku}`);
    expect(res.status).toBe(422);
    const body = ApiErrorSchema.parse(await res.json());
    expect(body.title).toBe('Atenção!');
    expect(body.error).toBe('Não encontramos um frete para o endereço informado.');
  });

  it('rejects a bad CEP or SKU with a 400 in pt-BR, never a 500', async () => {
    const cases: [string, string][] = [
      [`/api/omnichannel?sku=${sku}`, 'Informe o CEP.'],
      [`/api/omnichannel?zip_code=&sku=${sku}`, 'Informe o CEP.'],
      [`/api/omnichannel?zip_code=abc&sku=${sku}`, 'CEP inválido. Informe os 8 dígitos do CEP.'],
      [`/api/omnichannel?zip_code=1234&sku=${sku}`, 'CEP inválido. Informe os 8 dígitos do CEP.'],
      [`/api/omnichannel?zip_code=00000-000&sku=${sku}`, 'CEP inexistente. Confira os números digitados.'],
      ['/api/omnichannel?zip_code=01310100&sku=%3Cscript%3E', 'Produto inválido para o cálculo do frete.'],
      ['/api/omnichannel?zip_code=01310100&sku=VT99999-NADA-M', 'Produto não encontrado para o cálculo do frete.'],
      [
        '/api/omnichannel?zip_code=01310100',
        'Informe o produto (sku), a sacola (cart) ou o valor da compra (total_sale).',
      ],
      ['/api/omnichannel?zip_code=01310100&total_sale=muito', 'Valor da compra inválido para o cálculo do frete.'],
    ];
    for (const [path, message] of cases) {
      const res = await request(path);
      expect(res.status, path).toBe(400);
      expect(ApiErrorSchema.parse(await res.json()).error, path).toBe(message);
    }
  });

  it('says the stock ran out for a SKU no store holds', async () => {
    const soldOut = await one<{ sku: string }>(
      `SELECT i.sku FROM product_items i JOIN products p ON p.id = i.product_id
        WHERE p.gift = 0 AND (SELECT sum(quantity) FROM stock WHERE product_item_id = i.id) = 0 LIMIT 1`,
    );
    const res = await request(`/api/omnichannel?zip_code=01310100&sku=${soldOut.sku}`);
    expect(res.status).toBe(422);
    expect(ApiErrorSchema.parse(await res.json())).toMatchObject({
      title: 'Atenção!',
      error: 'O estoque desse produto esgotou!',
    });
  });
});

describe('product page /<slug>/p', () => {
  beforeAll(() => seed());

  it('is a 404 page with status 404 for an unknown slug', async () => {
    for (const path of ['/x/p', '/produto-que-nao-existe/p', '/UPPER/p']) {
      const res = await request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('Página não encontrada');
    }
  });

  it('renders a seeded product with canonical, OpenGraph image, body class and JSON-LD ProductGroup + BreadcrumbList', async () => {
    const row = await one<{ slug: string; name: string; category_name: string }>(
      'SELECT slug, name, category_name FROM products WHERE gift = 0 ORDER BY id LIMIT 1',
    );
    const res = await request(`/${row.slug}/p?cor=nada&utm_source=x`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<link rel="canonical" href="https://www.vitrine.com.br/${row.slug}/p"/>`);
    expect(html).toMatch(
      /<meta property="og:image" content="https:\/\/www\.vitrine\.com\.br\/images\/product\/1000x1500\/[^"]+\.webp"\/>/,
    );
    expect(html).toMatch(/<body class="product-page">/);
    const nonce = /<script id="bootstrap"[^>]*nonce="([^"]+)"/.exec(html)?.[1];
    const ld = /<script type="application\/ld\+json" nonce="([^"]+)">([^<]*)<\/script>/.exec(html);
    expect(ld?.[1]).toBe(nonce);
    const [product, crumbs] = JSON.parse(ld![2]!) as [
      Record<string, unknown>,
      { itemListElement: { name: string; position: number }[] },
    ];
    expect(product).toMatchObject({ '@type': 'ProductGroup', name: row.name, brand: { name: 'Vitrine' } });
    const offers = (product.hasVariant as { offers: Record<string, unknown> }[]).map((v) => v.offers);
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) {
      expect(offer.priceCurrency).toBe('BRL');
      expect(String(offer.availability)).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
    }
    expect(crumbs.itemListElement.map((i) => i.name)).toEqual([
      'Início',
      expect.any(String),
      row.category_name,
      row.name,
    ]);
    expect(html).toContain('<nav class="pdp-breadcrumb" aria-label="Você está em">');
    expect(html).toMatch(/<img[^>]*fetchPriority="high"|<img[^>]*fetchpriority="high"/);
    expect(html).toContain('data-island="ProductPurchase"');
  });

  it('preselects ?cor=&tamanho= and renders a size sold out everywhere as disabled', async () => {
    const p = await productWithSoldOutSize();
    const html = await (await request(`/${p.slug}/p?cor=${p.color}&tamanho=${encodeURIComponent(p.inStock)}`)).text();
    const button = (attr: string, value: string) =>
      new RegExp(`<button[^>]*${attr}="${value.replace(/[$()*+.?[\]^{|}]/g, '\\$&')}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(button('data-color', p.color)).toContain('aria-pressed="true"');
    expect(button('data-size', p.inStock)).toContain('aria-pressed="true"');
    expect(button('data-size', p.soldOut)).toMatch(/disabled=""/);
    expect(button('data-size', p.soldOut)).toContain('aria-pressed="false"');
    // The login hint and the no-JS add come back to this colour and size.
    const here = `/${p.slug}/p?${new URLSearchParams({ cor: p.color, tamanho: p.inStock })}`;
    expect(html).toContain(`href="/login?redirect=${encodeURIComponent(here)}"`);
    expect(html).toContain(`name="back" value="${here.replace(/&/g, '&amp;')}"`);
    // Asking for the sold-out size selects nothing.
    const asked = await (await request(`/${p.slug}/p?cor=${p.color}&tamanho=${encodeURIComponent(p.soldOut)}`)).text();
    expect(asked).not.toMatch(
      /<button[^>]*data-size="[^"]*"[^>]*aria-pressed="true"|<button[^>]*aria-pressed="true"[^>]*data-size=/,
    );
  });

  it('starts on the colour picked a moment ago (cookie color_selected) unless the URL names one', async () => {
    const row = await one<{ slug: string }>(
      `SELECT p.slug FROM products p WHERE p.gift = 0 AND (SELECT count(DISTINCT color_slug) FROM product_items WHERE product_id = p.id) >= 2 ORDER BY p.id LIMIT 1`,
    );
    const product = ProductDetailSchema.parse(await (await request(`/api/products/${row.slug}`)).json());
    const pressed = (html: string) =>
      /<button[^>]*data-color="([^"]+)"[^>]*aria-pressed="true"|<button[^>]*aria-pressed="true"[^>]*data-color="([^"]+)"/
        .exec(html)
        ?.slice(1)
        .find(Boolean);
    const fallback = pressed(await (await request(`/${row.slug}/p`)).text());
    const other = product.colors.find((c) => c.slug !== fallback)!.slug;
    const withCookie = await (
      await request(`/${row.slug}/p`, { headers: { cookie: `color_selected=${other}` } })
    ).text();
    expect(pressed(withCookie)).toBe(other);
    const urlWins = await (
      await request(`/${row.slug}/p?cor=${fallback}`, { headers: { cookie: `color_selected=${other}` } })
    ).text();
    expect(pressed(urlWins)).toBe(fallback);
    const unknown = await (
      await request(`/${row.slug}/p`, { headers: { cookie: 'color_selected=roxo-inexistente' } })
    ).text();
    expect(pressed(unknown)).toBe(fallback);
  });

  it('quotes shipping on the server for the no-JavaScript form (?cep=)', async () => {
    const row = await one<{ slug: string }>(
      `SELECT p.slug FROM products p WHERE p.gift = 0 AND EXISTS (SELECT 1 FROM product_items i JOIN stock s ON s.product_item_id = i.id
          WHERE i.product_id = p.id AND s.quantity > 0) ORDER BY p.id LIMIT 1`,
    );
    const html = await (await request(`/${row.slug}/p?cep=01310-100`)).text();
    expect(html).toContain('Opções para o CEP <strong>01310-100</strong>');
    const noronha = await (await request(`/${row.slug}/p?cep=53990000`)).text();
    expect(noronha).toContain('Não encontramos um frete para o endereço informado.');
    expect(await (await request(`/${row.slug}/p?cep=00000-000`)).text()).toContain(
      'CEP inexistente. Confira os números digitados.',
    );
  });
});
