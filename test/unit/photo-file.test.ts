import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photoHeader } from '../../src/images/photo-file';

/** ADR 0032: an upload's format and size from its header, on files a real encoder wrote (sharp, as in the resizer). */
const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } } });

describe('photoHeader', () => {
  it('reads JPEG (with EXIF before the frame), PNG, lossy and lossless WebP, and WebP with metadata (VP8X)', async () => {
    const cases: [Buffer, string][] = [
      [
        await image(640, 960)
          .withMetadata({ exif: { IFD0: { Artist: 'Vitrine' } } })
          .jpeg()
          .toBuffer(),
        'image/jpeg 640x960',
      ],
      [await image(501, 777).png().toBuffer(), 'image/png 501x777'],
      [await image(1200, 1800).webp({ quality: 50 }).toBuffer(), 'image/webp 1200x1800'],
      [await image(700, 513).webp({ lossless: true }).toBuffer(), 'image/webp 700x513'],
      [
        await image(333, 1001)
          .webp()
          .withMetadata({ exif: { IFD0: { Artist: 'Vitrine' } } })
          .toBuffer(),
        'image/webp 333x1001',
      ],
    ];
    for (const [bytes, want] of cases) {
      const header = photoHeader(new Uint8Array(bytes));
      expect(header && `${header.type} ${header.width}x${header.height}`).toBe(want);
    }
  });

  it('is null for anything else: SVG, GIF, a truncated PNG, an empty file', async () => {
    const png = await image(600, 600).png().toBuffer();
    for (const bytes of [
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      await image(600, 600).gif().toBuffer(),
      png.subarray(0, 20),
      new Uint8Array(),
    ])
      expect(photoHeader(new Uint8Array(bytes))).toBeNull();
  });
});
