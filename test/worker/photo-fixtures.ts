import { env } from 'cloudflare:workers';
import { ORIGIN } from './app-harness';

/** A real PNG of `width` × `height` (RGB, a gradient), encoded here: signature, IHDR, zlib IDAT, IEND with CRCs. */
export async function pngOf(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const raw = new Uint8Array((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      raw.set([(x * 255) / width, (y * 255) / height, 120], y * (width * 3 + 1) + 1 + x * 3);
  const idat = new Uint8Array(
    await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream('deflate'))).arrayBuffer(),
  );
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, width);
  new DataView(ihdr.buffer).setUint32(4, height);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', new Uint8Array()),
  ];
  return new Uint8Array(await new Blob(parts).arrayBuffer());
}

function chunk(type: string, data: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(
    [...type].map((ch) => ch.charCodeAt(0)),
    4,
  );
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A PNG's size as its IHDR says (read here, not with the code under test). */
export const pngSize = (b: Uint8Array) => {
  const view = new DataView(b.buffer, b.byteOffset);
  return [view.getUint32(16), view.getUint32(20)];
};

/** Bindings for an app that stores photos: the R2 test bucket and the Node resizer as DEV_IMAGES. */
export const photoBindings = () => ({ IMAGES: env.TEST_IMAGES, DEV_IMAGES: env.TEST_IMAGE_RESIZER });

/** The product form's photo upload, multipart, from this origin. */
export const photoUpload = (
  bytes: Uint8Array<ArrayBuffer>,
  color: string,
  cookie: string,
  name = 'foto.png',
): RequestInit => {
  const body = new FormData();
  body.set('cor', color);
  body.set('foto', new File([bytes], name, { type: 'image/png' }));
  return { method: 'POST', headers: { origin: ORIGIN, cookie }, body };
};
