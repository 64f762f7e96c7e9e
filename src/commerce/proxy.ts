import type { Context } from 'hono';
import { callUpstream, type UpstreamFetch } from './upstream-http';
import type { AppEnv } from '../env';
import { isSafeMethod } from '../http/same-origin';

// Hop-by-hop and per-connection headers never cross the proxy (RFC 9110 §7.6.1).
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'content-encoding',
];

/** Forwards `/api/*` to `COMMERCE_API_URL/*` (the `/api` prefix maps onto the base URL). */
export function proxyHandler(doFetch: UpstreamFetch) {
  return async (c: Context<AppEnv>) => {
    const upstream = c.var.config.upstream;
    if (!upstream) return c.notFound();
    const url = new URL(c.req.url);
    const hasBody = !['GET', 'HEAD'].includes(c.req.method);
    const response = await callUpstream(upstream, doFetch, {
      method: c.req.method,
      path: url.pathname.replace(/^\/api/, '') + url.search,
      body: hasBody ? await c.req.arrayBuffer() : null,
      token: c.var.session.token,
      forward: c.req.raw.headers,
      // Only reached after `sameOrigin` and `jsonOnly` accepted the call.
      sameOrigin: !isSafeMethod(c.req.method),
    });
    const headers = new Headers(response.headers);
    // Connection also names extra per-hop headers (RFC 9110 §7.6.1); read it before deleting it.
    const named = (headers.get('connection') ?? '').split(',').map((n) => n.trim().toLowerCase());
    for (const name of [...HOP_BY_HOP, ...named]) if (name) headers.delete(name);
    headers.delete('set-cookie');
    return new Response(response.body, { status: response.status, headers });
  };
}
