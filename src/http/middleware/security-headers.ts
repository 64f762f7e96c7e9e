import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../env';
import styles from '../../generated/styles.json';
import { PRIVATE_CACHE_CONTROL, SHARED_CACHE_CONTROL } from '../../edge-cache/store';

export function makeNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * No `'unsafe-inline'` for styles (ADR 0018): the stylesheet is a file (`'self'`), the inline
 * critical CSS is allowed by its build-time hash, and style attributes only by the hashes of the exact values
 * a page renders from data (`'unsafe-hashes'`); everything else in markup uses classes. Scripts may still set
 * styles through the CSSOM, which CSP does not restrict.
 */
export function contentSecurityPolicy(
  scripts: ScriptTrust,
  imageHost: string,
  styleAttrHashes: readonly string[] = [],
): string {
  const images = /^https?:\/\//.test(imageHost) ? ` ${new URL(imageHost).origin}` : '';
  const attrs = [...new Set(styleAttrHashes)].map((h) => `'${h}'`);
  return [
    "default-src 'self'",
    scriptSources(scripts),
    `style-src 'self' '${styles.hash}'`,
    attrs.length ? `style-src-attr 'unsafe-hashes' ${attrs.join(' ')}` : "style-src-attr 'none'",
    `img-src 'self' data:${images}`,
    "font-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * Which scripts a page may run. A rendered response: its nonce, trusted onwards (`'strict-dynamic'`: the scripts it
 * loads may load theirs). A page from the edge cache (ADR 0018) has no nonce: its inline scripts by their hashes,
 * taken when it was stored, and our own files (`'self'`: the bundle and its chunks; the API answers JSON with
 * `nosniff`, never a script).
 */
export type ScriptTrust = { nonce: string } | { hashes: readonly string[] };

function scriptSources(scripts: ScriptTrust): string {
  if ('nonce' in scripts) return `script-src 'nonce-${scripts.nonce}' 'strict-dynamic'`;
  return ["script-src 'self'", ...[...new Set(scripts.hashes)].map((h) => `'${h}'`)].join(' ');
}

/** The CSP of every answer that is not an HTML page. */
export const NOT_A_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'";

export interface SecurityHeaderInput {
  https: boolean;
  scripts: ScriptTrust;
  imageHost: string;
  /** The response's own headers, as the handler (or the stored page) left them. */
  headers: Headers;
  status: number;
  styleAttrHashes?: readonly string[];
  /** Rendered for (or served from) the shared edge cache. */
  sharedRender?: boolean;
}

/** The baseline security headers of a response; the app's middleware and the edge cache's fast path (src/edge-cache/hit.ts) both set these. */
export function securityHeaderValues(input: SecurityHeaderInput): [string, string][] {
  const out: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', input.headers.get('Referrer-Policy') ?? 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
  ];
  if (input.https) out.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  if ((input.headers.get('Content-Type') ?? '').startsWith('text/html')) {
    out.push(['Content-Security-Policy', contentSecurityPolicy(input.scripts, input.imageHost, input.styleAttrHashes)]);
    const shared = input.sharedRender && input.status === 200 && !input.headers.has('set-cookie');
    out.push(['Cache-Control', shared ? SHARED_CACHE_CONTROL : PRIVATE_CACHE_CONTROL]);
  } else if (!input.headers.has('Content-Security-Policy')) {
    // Anything else (JSON, the feeds, a redirect): never a document that may run or embed anything, if opened as one.
    out.push(['Content-Security-Policy', NOT_A_DOCUMENT_CSP]);
  }
  return out;
}

/**
 * Per-response CSP nonce and the baseline security headers. HTML is `private, no-store` unless it is an
 * anonymous page of the edge cache (src/edge-cache/); a stored page served by the app (a stale one while
 * it is refreshed) names its inline scripts by hash instead of the nonce.
 */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  const nonce = makeNonce();
  c.set('nonce', nonce);
  await next();
  const values = securityHeaderValues({
    https: new URL(c.req.url).protocol === 'https:',
    scripts: c.var.scriptHashes ? { hashes: c.var.scriptHashes } : { nonce },
    imageHost: c.var.config.imageHost,
    headers: c.res.headers,
    status: c.res.status,
    styleAttrHashes: c.var.styleAttrHashes,
    sharedRender: c.var.sharedRender,
  });
  for (const [name, value] of values) c.header(name, value);
});
