import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_VARIANTS } from '../../src/lib/site/images';
import { generateCatalog } from '../../src/db/seed/catalog';
import { imageJobs, menuImageFiles } from '../../src/db/seed/images';

const root = new URL('../../', import.meta.url).pathname;
const catalog = generateCatalog(320);
const seedFiles = [...new Set(catalog.photos.map((p) => String(p.file)))];

/** WebP container: RIFF….WEBP, and the canvas size from its VP8/VP8L/VP8X header. */
function webpSize(path: string): { width: number; height: number } {
  const b = readFileSync(path);
  expect(b.toString('ascii', 0, 4)).toBe('RIFF');
  expect(b.toString('ascii', 8, 12)).toBe('WEBP');
  const chunk = b.toString('ascii', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
}

interface ImageServer {
  (request: Request): Promise<Response>;
  paths(): string[];
}

describe('seed images', () => {
  // The local runtime renders each picture on its first request (scripts/generate-images.mjs createImageServer);
  // `npm run build` renders them all. Here: into a scratch folder, so the check does not depend on earlier builds.
  let server: ImageServer;
  let scratch: string;
  beforeAll(async () => {
    scratch = mkdtempSync(`${tmpdir()}/vitrine-images-`);
    const generator = (await import(`${root}scripts/generate-images.mjs`)) as {
      createImageServer(dir: string, options: { manifestPath: string }): Promise<ImageServer>;
    };
    server = await generator.createImageServer(scratch, { manifestPath: `${scratch}/manifest.json` });
  }, 120_000);
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  const fetchImage = (path: string) => server(new Request(`http://local/images/${path}`));

  it('the generator renders exactly the photo files the seed writes to product_photos', () => {
    const jobs = imageJobs([320])
      .filter((j) => j.dir === 'product')
      .map((j) => j.file);
    expect(new Set(jobs)).toEqual(new Set(seedFiles));
    expect(seedFiles).toContain('brindes-off-white-1.webp');
  });

  it('every product_photos.file of the 320-product seed can be served as an original and in every variant', () => {
    expect(seedFiles.length).toBeGreaterThan(700);
    const served = new Set(server.paths());
    const missing = seedFiles.flatMap((file) =>
      [`product/${file}`, ...Object.values(PRODUCT_VARIANTS).map((v) => `product/${v}/${file}`)].filter(
        (p) => !served.has(p),
      ),
    );
    expect(missing).toEqual([]);
    expect(served.has('product/not-in-the-seed.webp')).toBe(false);
  });

  it('files are WebP at the size their folder names, written once and then served from disk', async () => {
    const file = seedFiles[0]!;
    for (const v of Object.values(PRODUCT_VARIANTS)) {
      const res = await fetchImage(`product/${v}/${file}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      const [width, height] = v.split('x').map(Number);
      expect(webpSize(`${scratch}/images/product/${v}/${file}`)).toEqual({ width, height });
    }
    expect(webpSize(`${scratch}/images/product/${file}`)).toEqual({ width: 1000, height: 1500 });
    expect(JSON.parse(readFileSync(`${scratch}/manifest.json`, 'utf8')).files).toHaveProperty(`product/${file}`);
  });

  it('menu banner images are WebP files at 800×1000; anything else is a 404', async () => {
    const files = menuImageFiles();
    expect(files.length).toBeGreaterThan(0);
    for (const file of files.slice(0, 2)) {
      expect(file).toMatch(/\.webp$/);
      expect((await fetchImage(`menu/${file}`)).status).toBe(200);
      expect(webpSize(`${scratch}/images/menu/${file}`)).toEqual({ width: 800, height: 1000 });
    }
    expect(server.paths().filter((p) => p.startsWith('menu/'))).toHaveLength(files.length);
    expect((await fetchImage('menu/../../package.json')).status).toBe(404);
    expect((await fetchImage('product/nope.webp')).status).toBe(404);
  });
});
