import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_VARIANTS } from '../../src/lib/images';
import { generateCatalog } from '../../src/db/seed/catalog';
import { imageJobs, menuImageFiles } from '../../src/db/seed/images';

const root = new URL('../../', import.meta.url).pathname;
const images = `${root}public/images`;
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

describe('seed images', () => {
  // The build runs the generator; here it only verifies (incremental), or renders on a fresh checkout.
  beforeAll(() => {
    execFileSync(process.execPath, [`${root}scripts/generate-images.mjs`], { cwd: root, stdio: 'pipe' });
  }, 600_000);

  it('the generator renders exactly the photo files the seed writes to product_photos', () => {
    const jobs = imageJobs([320]).filter((j) => j.dir === 'product').map((j) => j.file);
    expect(new Set(jobs)).toEqual(new Set(seedFiles));
    expect(seedFiles).toContain('brindes-off-white-1.webp');
  });

  it('every product_photos.file of the 320-product seed exists as an original and in every variant', () => {
    expect(seedFiles.length).toBeGreaterThan(700);
    const missing = seedFiles.flatMap((file) =>
      [`product/${file}`, ...Object.values(PRODUCT_VARIANTS).map((v) => `product/${v}/${file}`)].filter((p) => !existsSync(`${images}/${p}`)),
    );
    expect(missing).toEqual([]);
  });

  it('files are WebP at the size their folder names', () => {
    const file = seedFiles[0]!;
    for (const v of Object.values(PRODUCT_VARIANTS)) {
      const [width, height] = v.split('x').map(Number);
      expect(webpSize(`${images}/product/${v}/${file}`)).toEqual({ width, height });
    }
    expect(webpSize(`${images}/product/${file}`)).toEqual({ width: 1000, height: 1500 });
  });

  it('menu banner images are WebP files that exist', () => {
    const files = menuImageFiles();
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(file).toMatch(/\.webp$/);
      expect(webpSize(`${images}/menu/${file}`)).toEqual({ width: 800, height: 1000 });
    }
  });
});
