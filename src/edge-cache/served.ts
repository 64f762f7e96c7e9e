import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { STORED } from './store';

/**
 * A stored page for this response, exactly as stored: gzip bytes passed through untouched when the client takes
 * gzip, else inflated on the way. The app's middleware or the fast path (hit.ts) adds the per-response headers
 * (CSP with the stored script hashes, request id…) around it.
 */
export function servedFromCache(
  hit: Response,
  acceptEncoding: string | null | undefined,
  state: 'HIT' | 'STALE',
): Response {
  const headers = new Headers(hit.headers);
  for (const name of [...Object.values(STORED), 'Cache-Control', 'Content-Length', 'CF-Cache-Status', 'Age', 'Expires'])
    headers.delete(name);
  headers.set('X-Edge-Cache', state);
  headers.set('Vary', 'Accept-Encoding');
  if (hit.headers.get('Content-Encoding') !== 'gzip') return new Response(hit.body, { status: 200, headers });
  if (/\bgzip\b/i.test(acceptEncoding ?? ''))
    return new Response(hit.body, { status: 200, headers, encodeBody: 'manual' });
  headers.delete('Content-Encoding');
  return new Response(hit.body?.pipeThrough(new DecompressionStream('gzip')) ?? null, { status: 200, headers });
}

/** Work after the answer (`waitUntil`), or before it where there is no execution context (tests). */
export function later(c: Context<AppEnv>, work: Promise<unknown>): Promise<void> {
  const settled = work.then(
    () => undefined,
    (error: unknown) => console.error(JSON.stringify({ requestId: c.var.requestId, edgeCache: String(error) })),
  );
  try {
    c.executionCtx.waitUntil(settled);
    return Promise.resolve();
  } catch {
    // No execution context (tests calling app.request): finish before answering.
    return settled;
  }
}
