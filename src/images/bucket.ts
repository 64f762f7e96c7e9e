/**
 * Product and menu images from an R2 bucket (ADR 0022). A Worker version holds at most 20,000
 * static asset files; a catalog past that keeps its pictures in R2 under the same keys as `public/images/`
 * (`product/500x750/<name>.webp`, `menu/<name>.webp`) and the worker answers `/images/<key>` from the `IMAGES`
 * binding. Without the binding nothing changes: static assets answer `/images/*` before the worker runs.
 */
import { dict } from '../lib/security/dict';

/** Content type per image extension: what the worker serves and what scripts/images-upload.mjs uploads. */
export const IMAGE_TYPES: Record<string, string> = dict({
  webp: 'image/webp',
  avif: 'image/avif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
});

/** A day fresh at the browser and the edge, a week served stale while it revalidates (a re-upload shows within a day). */
export const IMAGE_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

/** The content type of an image key (by its extension), or undefined for anything else. */
export const imageType = (key: string): string | undefined =>
  IMAGE_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()];

/** `/images/<key>` → the object key, or null for anything that is not a plain image path. */
export function imageKey(pathname: string): string | null {
  if (!pathname.startsWith('/images/')) return null;
  let key: string;
  try {
    key = decodeURIComponent(pathname.slice('/images/'.length));
  } catch {
    return null;
  }
  // Only what the catalog produces: no traversal, no control characters, a known image type.
  if (!/^[a-z0-9][a-z0-9/_.-]{0,255}$/i.test(key) || key.includes('..') || key.includes('//')) return null;
  return imageType(key) ? key : null;
}

function notFound(): Response {
  return new Response('Imagem não encontrada.', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=60' },
  });
}

/** Answers GET/HEAD `/images/<key>` from the bucket, with ETag revalidation (304) and byte ranges. */
export async function serveImage(request: Request, bucket: R2Bucket): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response('Método não permitido.', { status: 405, headers: { allow: 'GET, HEAD' } });
  }
  const key = imageKey(new URL(request.url).pathname);
  if (!key) return notFound();
  const object =
    request.method === 'HEAD'
      ? await bucket.head(key)
      : await bucket.get(key, { onlyIf: request.headers, range: request.headers });
  if (!object) return notFound();
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  if (!headers.has('content-type')) headers.set('content-type', imageType(key)!);
  headers.set('etag', object.httpEtag);
  headers.set('cache-control', IMAGE_CACHE_CONTROL);
  headers.set('accept-ranges', 'bytes');
  headers.set('x-content-type-options', 'nosniff');
  if (request.method === 'HEAD') {
    headers.set('content-length', String(object.size));
    return new Response(null, { status: 200, headers });
  }
  // `onlyIf` answered with the metadata only: the browser's copy is current.
  if (!('body' in object)) return new Response(null, { status: 304, headers });
  const range = object.range as { offset?: number; length?: number } | undefined;
  const partial = request.headers.has('range') && range && range.length !== undefined && range.length < object.size;
  if (partial) {
    const start = range.offset ?? 0;
    headers.set('content-range', `bytes ${start}-${start + range.length! - 1}/${object.size}`);
  }
  return new Response((object as R2ObjectBody).body, { status: partial ? 206 : 200, headers });
}
