import type { Context } from 'hono';
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

/** Pages about one shopper (account, bag, checkout, order, sign-in forms, tools): never stored anywhere. */
const PRIVATE_PAGES = /^\/(minha-conta|sacola|cart|checkout|login|cadastro|sair|esqueci-senha|redefinir-senha|dev|painel)(\/|$)/;

/**
 * HTML carries a per-response nonce, so no shared cache may keep it (`private`) and the browser revalidates
 * it on every load (`no-cache`). Public pages for an anonymous visitor may still be kept in the back/forward
 * cache (a `no-store` page never is); a signed-in visitor's pages and the private pages are `no-store`.
 */
function htmlCacheControl(c: Context<AppEnv>): string {
  const path = new URL(c.req.url).pathname;
  return c.var.session?.token || PRIVATE_PAGES.test(path) ? 'no-store' : 'private, no-cache';
}

/** Per-response CSP nonce and the baseline security headers; HTML is never kept by a shared cache. */
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
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', htmlCacheControl(c));
  }
});
