import { isIndexableHost, isLocalHost } from '../lib/site/host';

/**
 * A production host (spec §6: first label `www` or the product name) is served over HTTPS only. A request that reached
 * the worker over plain http (the zone's "Always Use HTTPS" switched off, a link typed without the scheme) gets the
 * same address on https and nothing else: no page, no cookie, no API answer (301 for GET and HEAD; 308 for the rest,
 * which keeps the method, and the same-origin rule then refuses the http Origin it carries). Other hosts (previews,
 * a developer's machine) are left as they are. The local runtime behind a TLS proxy sees the client's scheme through
 * `X-Forwarded-Proto` (workerd's `forwardedProtoHeader`), so its URL says https as the edge's does.
 */
export function httpsRedirect(request: Request, productName: string): Response | null {
  const url = new URL(request.url);
  if (url.protocol !== 'http:' || isLocalHost(url.hostname) || !isIndexableHost(url.hostname, productName)) return null;
  url.protocol = 'https:';
  const status = request.method === 'GET' || request.method === 'HEAD' ? 301 : 308;
  return new Response(null, { status, headers: { Location: url.toString(), 'Cache-Control': 'no-store' } });
}
