import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import styles from '../generated/styles.json';
import { PRIVATE_CACHE_CONTROL, SHARED_CACHE_CONTROL } from '../pages/edge-cache';

function makeNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * No `'unsafe-inline'` for styles (issue 15 item 8, issue 16): the stylesheet is a file (`'self'`), the inline
 * critical CSS is allowed by its build-time hash, and style attributes only by the hashes of the exact values
 * a page renders from data (`'unsafe-hashes'`); everything else in markup uses classes. Scripts may still set
 * styles through the CSSOM, which CSP does not restrict.
 */
export function contentSecurityPolicy(nonce: string, imageHost: string, styleAttrHashes: readonly string[] = []): string {
  const images = /^https?:\/\//.test(imageHost) ? ` ${new URL(imageHost).origin}` : '';
  const attrs = [...new Set(styleAttrHashes)].map((h) => `'${h}'`);
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
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
 * Per-response CSP nonce and the baseline security headers. HTML is `private, no-store` unless it is an
 * anonymous page of the edge cache (src/pages/edge-cache.ts), whose nonces are rewritten per response.
 */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  const nonce = makeNonce();
  c.set('nonce', nonce);
  await next();
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', c.res.headers.get('Referrer-Policy') ?? 'strict-origin-when-cross-origin');
  c.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
  c.header('Cross-Origin-Opener-Policy', 'same-origin');
  if (new URL(c.req.url).protocol === 'https:') {
    c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  }
  if ((c.res.headers.get('Content-Type') ?? '').startsWith('text/html')) {
    c.header('Content-Security-Policy', contentSecurityPolicy(nonce, c.var.config.imageHost, c.var.styleAttrHashes));
    const shared = c.var.sharedRender && c.res.status === 200 && !c.res.headers.has('set-cookie');
    c.header('Cache-Control', shared ? SHARED_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
  }
});
