/**
 * The brand's app opens the store in a webview whose user agent carries this product token
 * (ADR 0004): the server knows app mode before rendering, so nothing flashes.
 */
export const APP_UA_TOKEN = 'VitrineApp/';

export function isAppUserAgent(userAgent: string | undefined | null): boolean {
  return !!userAgent && userAgent.includes(APP_UA_TOKEN);
}

/** Pages about the app itself never try to open the app (spec §2). */
export const APP_REDIRECT_EXCLUDED = ['/live-app', '/live-app/download'];

/**
 * The app-open redirect (spec §2): a mobile browser outside the app could be sent to the app's custom
 * scheme. The logic is kept, but the scheme is unused, so it never produces a visible action:
 * `appOpenTarget` computes where it would go, and `APP_OPEN_REDIRECT_ENABLED` keeps it inert.
 */
export const APP_OPEN_SCHEME = 'vitrine://';
export const APP_OPEN_REDIRECT_ENABLED = false;

export function appOpenTarget(input: { pathname: string; search: string; userAgent: string; inApp: boolean }): string | null {
  if (input.inApp || APP_REDIRECT_EXCLUDED.includes(input.pathname.replace(/\/+$/, '') || '/')) return null;
  if (!/Android|iPhone|iPad|iPod/i.test(input.userAgent)) return null;
  return `${APP_OPEN_SCHEME}${input.pathname.replace(/^\/+/, '')}${input.search}`;
}

/** Cookie carrying the cart's request token (spec §3); the page's script compares app events with it, so not HttpOnly. */
export const CART_TOKEN_COOKIE = 'x-cart-request-token';
