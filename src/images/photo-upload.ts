import type { Bindings } from '../env';
import { PRODUCT_VARIANTS } from '../lib/site/images';
import type { PhotoHeader } from './photo-file';

/**
 * Stores an uploaded product photo in the `IMAGES` bucket with every variant the storefront draws (ADR 0032): the
 * original under `product/<file>` and one object per `PRODUCT_VARIANTS` size under `product/<WxH>/<file>`, the keys
 * `/images/*` already answers (ADR 0022). The Worker decodes no pixels: a resizer makes the variants.
 */
export type Resize = (
  bytes: Uint8Array<ArrayBuffer>,
  photo: PhotoHeader,
  width: number,
  height: number,
) => Promise<Uint8Array<ArrayBuffer>>;

/**
 * Who makes the variants: Cloudflare's Images binding (`IMAGE_TRANSFORMS`, production), else the local runtime's
 * DEV_IMAGES service (sharp, in Node: `npm start --images-on-demand`, and the worker tests); null when neither is bound.
 */
export function resizerOf(env: Pick<Bindings, 'IMAGE_TRANSFORMS' | 'DEV_IMAGES'>): Resize | null {
  const images = env.IMAGE_TRANSFORMS;
  if (images)
    return async (bytes, photo, width, height) => {
      const out = await images
        .input(new Blob([bytes]).stream())
        .transform({ width, height, fit: 'cover' })
        .output({ format: photo.type });
      return new Uint8Array(await out.response().arrayBuffer());
    };
  const dev = env.DEV_IMAGES;
  if (dev)
    return async (bytes, photo, width, height) => {
      const res = await dev.fetch(`http://dev-images/__resize?width=${width}&height=${height}`, {
        method: 'POST',
        headers: { 'content-type': photo.type },
        body: bytes,
      });
      if (!res.ok) throw new Error(`DEV_IMAGES resize answered ${res.status}`);
      return new Uint8Array(await res.arrayBuffer());
    };
  return null;
}

/** A new photo's file name: per product, colour and upload (never overwrites one a cached page still shows). */
export function photoFileName(productSlug: string, colorSlug: string, photo: PhotoHeader, now: Date): string {
  const stamp = `${now.getTime().toString(36)}${crypto.getRandomValues(new Uint32Array(1))[0]!.toString(36)}`;
  return `${productSlug.slice(0, 60).replace(/-+$/, '')}-${colorSlug.slice(0, 30)}-${stamp}.${photo.ext}`;
}

/** A stored photo's object keys: the original and one per storefront variant (what `storePhoto` writes). */
export const photoKeys = (file: string): string[] => [
  `product/${file}`,
  ...Object.values(PRODUCT_VARIANTS).map((size) => `product/${size}/${file}`),
];

/** Makes every variant, then writes them and the original; answers the keys written. */
export async function storePhoto(
  bucket: R2Bucket,
  resize: Resize,
  bytes: Uint8Array<ArrayBuffer>,
  photo: PhotoHeader,
  file: string,
): Promise<string[]> {
  const sizes = Object.values(PRODUCT_VARIANTS);
  const variants = await Promise.all(
    sizes.map((size) => {
      const [width, height] = size.split('x').map(Number) as [number, number];
      return resize(bytes, photo, width, height);
    }),
  );
  const objects: [string, Uint8Array<ArrayBuffer>][] = [
    [`product/${file}`, bytes],
    ...sizes.map((size, i): [string, Uint8Array<ArrayBuffer>] => [`product/${size}/${file}`, variants[i]!]),
  ];
  await Promise.all(objects.map(([key, body]) => bucket.put(key, body, { httpMetadata: { contentType: photo.type } })));
  return objects.map(([key]) => key);
}
