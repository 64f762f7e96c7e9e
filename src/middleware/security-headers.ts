import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';

function makeNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function contentSecurityPolicy(nonce: string, imageHost: string): string {
  const images = /^https?:\/\//.test(imageHost) ? ` ${new URL(imageHost).origin}` : '';
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data:${images}`,
    "font-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** Per-response CSP nonce and the baseline security headers; HTML carrying a nonce is never cached. */
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
    c.header('Content-Security-Policy', contentSecurityPolicy(nonce, c.var.config.imageHost));
    c.header('Cache-Control', 'no-store');
  }
});
