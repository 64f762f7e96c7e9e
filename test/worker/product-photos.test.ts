import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import worker from '../../src/index';
import { PRODUCT_VARIANTS } from '../../src/lib/site/images';
import { makeApp, seed } from './app-harness';
import { client, createOperatorSession } from './backoffice-fixtures';
import { photoBindings, photoUpload, pngOf, pngSize } from './photo-fixtures';
import { auditCount, form, lastAudit, text } from './staff-fixtures';

/** Issue 30 (ADR 0032): a product photo uploaded from /painel/produtos/:id into the IMAGES bucket, with its variants. */
const app = makeApp(photoBindings());
let cookie: string;
let product: { id: number; slug: string; color: string };

const photos = async () =>
  (
    await env.DB.prepare(
      'SELECT color_slug, position, file FROM product_photos WHERE product_id = ? ORDER BY color_slug, position',
    )
      .bind(product.id)
      .all<{ color_slug: string; position: number; file: string }>()
  ).results;

beforeAll(async () => {
  await seed();
  cookie = (await createOperatorSession('catalogo', 'Equipe Catálogo')).cookie;
  const slug = `vestido-foto-${Date.now()}`;
  const category = (await env.DB.prepare(
    "SELECT category_slug FROM products WHERE gift = 0 AND category_slug LIKE '%/%' LIMIT 1",
  ).first<string>('category_slug'))!;
  const res = await client(app, cookie).post('/api/backoffice/products', {
    name: 'Vestido Foto Marajó',
    slug,
    description: 'Com foto enviada pelo painel.',
    details: 'Linho.',
    category,
    published: true,
    variants: [
      { sku: `FOTO${Date.now()}-P`, color: 'Verde Musgo', size: 'P', gtin: null, price: 15990, compareAt: null },
    ],
  });
  expect(res.status).toBe(201);
  product = { id: ((await res.json()) as { product: { id: number } }).product.id, slug, color: 'Verde Musgo' };
});

describe('POST /painel/produtos/:id/fotos', () => {
  it('stores the original and every storefront variant in R2, links the photo to the colour and writes one audit row', async () => {
    const png = await pngOf(600, 900);
    const before = await auditCount();
    const res = await app.request(`/painel/produtos/${product.id}/fotos`, photoUpload(png, product.color, cookie));
    expect(res.status, await text(res.clone())).toBe(303);
    expect(res.headers.get('location')).toBe(`/painel/produtos/${product.id}?foto=1`);
    const [row] = await photos();
    expect(row).toMatchObject({ color_slug: 'verde-musgo', position: 1 });
    expect(row!.file).toMatch(new RegExp(`^${product.slug}-verde-musgo-[a-z0-9]+\\.png$`));
    const original = await env.TEST_IMAGES.get(`product/${row!.file}`);
    expect(new Uint8Array(await original!.arrayBuffer())).toEqual(png);
    for (const size of Object.values(PRODUCT_VARIANTS)) {
      const object = await env.TEST_IMAGES.get(`product/${size}/${row!.file}`);
      expect(object?.httpMetadata?.contentType, size).toBe('image/png');
      expect(pngSize(new Uint8Array(await object!.arrayBuffer())).join('x'), size).toBe(size);
    }
    expect((await auditCount()) - before).toBe(1);
    expect(await lastAudit()).toMatchObject({
      action: 'product.photo',
      entity: 'product',
      entity_id: String(product.id),
    });
    // The storefront's /images/ path answers the variant from the bucket (the worker's entry, ADR 0022).
    const ctx = createExecutionContext();
    const image = await worker.fetch(
      new Request(`https://www.vitrine.com.br/images/product/500x750/${row!.file}`) as Request<
        unknown,
        IncomingRequestCfProperties
      >,
      { ...env, IMAGES: env.TEST_IMAGES },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png']);
    await image.arrayBuffer();
  });

  it('refuses below 500 × 500 px, a non-image, a colour the product lacks, and a store without the bucket: pt-BR, nothing stored', async () => {
    const before = [await photos(), await auditCount(), (await env.TEST_IMAGES.list()).objects.length];
    const cases: [RequestInit, number, string][] = [
      [
        photoUpload(await pngOf(499, 800), product.color, cookie),
        422,
        'A foto precisa ter pelo menos 500 × 500 px; esta tem 499 × 800 px.',
      ],
      [
        photoUpload(
          new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
          product.color,
          cookie,
          'foto.png',
        ),
        422,
        'A foto precisa ser JPEG, PNG ou WebP.',
      ],
      [photoUpload(await pngOf(500, 500), 'Roxo', cookie), 422, 'Escolha uma das cores do produto para a foto.'],
    ];
    for (const [init, status, message] of cases) {
      const res = await app.request(`/painel/produtos/${product.id}/fotos`, init);
      expect(res.status, message).toBe(status);
      expect(await text(res)).toContain(message);
    }
    const bare = await makeApp().request(
      `/painel/produtos/${product.id}/fotos`,
      photoUpload(await pngOf(500, 500), product.color, cookie),
    );
    expect(bare.status).toBe(409);
    expect(await text(bare)).toContain('O envio de fotos precisa do bucket de imagens');
    expect([await photos(), await auditCount(), (await env.TEST_IMAGES.list()).objects.length]).toEqual(before);
  });

  it('lists the photos on the form and removes one: its row, one audit row, then its objects; a stale form gets 409 and removes nothing', async () => {
    await app.request(
      `/painel/produtos/${product.id}/fotos`,
      photoUpload(await pngOf(500, 750), product.color, cookie),
    );
    const [first, second] = await photos();
    const formPage = await text(await app.request(`/painel/produtos/${product.id}`, { headers: { cookie } }));
    expect(formPage).toContain(`value="${first!.file}"`);
    expect(formPage).toContain(`value="${second!.file}"`);
    const version = (await env.DB.prepare('SELECT version FROM products WHERE id = ?')
      .bind(product.id)
      .first<number>('version'))!;
    const keys = (file: string) => [
      `product/${file}`,
      ...Object.values(PRODUCT_VARIANTS).map((size) => `product/${size}/${file}`),
    ];
    const stored = async (file: string) =>
      (await Promise.all(keys(file).map((k) => env.TEST_IMAGES.head(k)))).filter(Boolean).length;
    expect(await stored(first!.file)).toBe(6);

    const stale = [await photos(), await auditCount()];
    const refused = await app.request(
      `/painel/produtos/${product.id}/fotos/remover`,
      form({ version: String(version + 1), foto: first!.file }, cookie),
    );
    expect(refused.status, await text(refused.clone())).toBe(409);
    expect(await text(refused)).toContain('Este produto foi alterado por outra pessoa');
    expect([await photos(), await auditCount(), await stored(first!.file)]).toEqual([...stale, 6]);

    const before = await auditCount();
    const res = await app.request(
      `/painel/produtos/${product.id}/fotos/remover`,
      form({ version: String(version), foto: first!.file }, cookie),
    );
    expect(res.status, await text(res.clone())).toBe(303);
    expect(res.headers.get('location')).toBe(`/painel/produtos/${product.id}?foto=removida`);
    expect((await photos()).map((p) => p.file)).toEqual([second!.file]);
    expect((await auditCount()) - before).toBe(1);
    expect(await lastAudit()).toMatchObject({
      action: 'product.photo.remove',
      entity: 'product',
      entity_id: String(product.id),
    });
    expect(await stored(first!.file)).toBe(0);
    expect(await stored(second!.file)).toBe(6);
    // The page it came from is now stale too: the product's version moved on.
    const again = await app.request(
      `/painel/produtos/${product.id}/fotos/remover`,
      form({ version: String(version), foto: second!.file }, cookie),
    );
    expect(again.status).toBe(409);
    expect((await photos()).map((p) => p.file)).toEqual([second!.file]);
  });
});
