import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import worker from '../../src/index';
import { IMAGE_CACHE_CONTROL, imageKey } from '../../src/images/bucket';

/** Issue 16 item 7 (ADR 0022): with an `IMAGES` R2 binding the worker answers /images/* from the bucket. */
const PICTURE = new Uint8Array(Array.from({ length: 1000 }, (_, i) => i % 251));
const KEY = 'product/500x750/biquini-teste-1.webp';

async function get(path: string, init: RequestInit = {}, bucket: R2Bucket | null = env.TEST_IMAGES): Promise<Response> {
  const ctx = createExecutionContext();
  const request = new Request(`https://www.vitrine.com.br${path}`, init) as Request<
    unknown,
    IncomingRequestCfProperties
  >;
  const res = await worker.fetch(request, { ...env, IMAGES: bucket ?? undefined }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe('images from an R2 bucket', () => {
  beforeAll(async () => {
    await env.TEST_IMAGES.put(KEY, PICTURE);
    await env.TEST_IMAGES.put('menu/verao.png', PICTURE, { httpMetadata: { contentType: 'image/png' } });
  });

  it('answers an object with its type, length, ETag and a cache policy', async () => {
    const res = await get(`/images/${KEY}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe(IMAGE_CACHE_CONTROL);
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]+"$/);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PICTURE);
    expect((await get('/images/menu/verao.png')).headers.get('content-type')).toBe('image/png');
  });

  it('revalidates: the same ETag gets 304 and no body; HEAD gives the length only', async () => {
    const etag = (await get(`/images/${KEY}`)).headers.get('etag')!;
    const again = await get(`/images/${KEY}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const head = await get(`/images/${KEY}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(PICTURE.length));
  });

  it('serves a byte range (206)', async () => {
    const res = await get(`/images/${KEY}`, { headers: { range: 'bytes=10-19' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 10-19/${PICTURE.length}`);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PICTURE.slice(10, 20));
  });

  it('a missing picture, a traversal or a non-image key is a 404 in pt-BR; a POST is 405', async () => {
    for (const path of [
      '/images/product/500x750/nao-existe.webp',
      '/images/a%2f..%2fx.webp',
      '/images/product/x.txt',
      '/images/a%00.webp',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toBe('Imagem não encontrada.');
    }
    expect((await get(`/images/${KEY}`, { method: 'POST' })).status).toBe(405);
    expect(imageKey('/images/product//x.webp')).toBeNull();
  });

  it('without the binding the app answers as before (static assets serve /images/* ahead of the worker)', async () => {
    const res = await get(`/images/${KEY}`, {}, null);
    expect(res.headers.get('cache-control')).not.toBe(IMAGE_CACHE_CONTROL);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
  });
});
