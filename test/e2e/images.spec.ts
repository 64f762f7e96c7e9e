import { expect, test } from './fixtures';

const VARIANTS = ['80x120', '233x350', '500x750', '750x1125', '1000x1500'];

test.describe('product images', () => {
  test('a photo D1 lists is served as WebP in every variant and as the original', async ({ request }) => {
    const listing = await request.get('/api/catalog/listing?slug=fitness');
    expect(listing.ok()).toBe(true);
    const file = ((await listing.json()) as { products: { image: string | null }[] }).products[0]?.image;
    expect(file).toMatch(/^[a-z-]+-\d\.webp$/);
    for (const path of [...VARIANTS.map((v) => `/images/product/${v}/${file}`), `/images/product/${file}`]) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      expect(res.headers()['content-type']).toBe('image/webp');
    }
  });

  test('Chromium decodes the 233x350 variant and a menu banner at their sizes', async ({ page }) => {
    await page.goto('/');
    const sizes = await page.evaluate(async () => {
      const load = (src: string) =>
        new Promise<[number, number]>((resolve, reject) => {
          const img = new Image();
          img.onload = () => resolve([img.naturalWidth, img.naturalHeight]);
          img.onerror = () => reject(new Error(src));
          img.src = src;
        });
      return Promise.all([
        load('/images/product/233x350/brindes-off-white-1.webp'),
        load('/images/menu/verao-2027.webp'),
      ]);
    });
    expect(sizes).toEqual([
      [233, 350],
      [800, 1000],
    ]);
  });

  test('the sitemap index is served by the worker as XML', async ({ request }) => {
    const res = await request.get('/sitemap.xml');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/xml/);
    expect(await res.text()).toContain('/sitemap-products.xml</loc>');
  });
});
