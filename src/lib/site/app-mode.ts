/**
 * The brand's app opens the store in a webview whose user agent carries this product token
 * (ADR 0004): the server knows app mode before rendering, so nothing flashes.
 */
export const APP_UA_TOKEN = 'VitrineApp/';

export function isAppUserAgent(userAgent: string | undefined | null): boolean {
  return !!userAgent && userAgent.includes(APP_UA_TOKEN);
}

/**
 * The spec detects the app "through a native web view bridge" (§1): a page that finds
 * `window.ReactNativeWebView` sets this cookie (value `1`, not HttpOnly: the page writes it) so that the
 * server renders the app layout from the first byte of every later page (ADR 0004). A page that finds
 * no bridge removes it, so a browser never keeps the app layout.
 */
export const APP_MODE_COOKIE = 'app_webview';

/** App mode for a request: the bridge's cookie, or the optional user-agent hint. */
export function isAppRequest(userAgent: string | undefined | null, cookie: string | undefined | null): boolean {
  return cookie === '1' || isAppUserAgent(userAgent);
}

/**
 * Runs in <head> before the first paint (inline, with the CSP nonce): with the bridge, the app layout
 * right away (`html.app-webview` hides the header) and the cookie for the next pages; without it, the
 * cookie goes. One year: the webview's own cookie store, which no browser shares.
 */
export const APP_MODE_HEAD_SCRIPT =
  `(function(){var d=document,b=window.ReactNativeWebView,c=/(?:^|; )${APP_MODE_COOKIE}=1(?:;|$)/.test(d.cookie);` +
  `if(b&&typeof b.postMessage==='function'){d.documentElement.classList.add('app-webview');` +
  `if(!c)d.cookie='${APP_MODE_COOKIE}=1; path=/; max-age=31536000; SameSite=Strict'}` +
  `else if(c)d.cookie='${APP_MODE_COOKIE}=; path=/; max-age=0; SameSite=Strict'})()`;

/** Pages about the app itself never try to open the app (spec §2). */
export const APP_REDIRECT_EXCLUDED = ['/live-app', '/live-app/download'];

/**
 * The app-open redirect (spec §2): a mobile browser outside the app could be sent to the app's custom
 * scheme. The logic is kept, but the scheme is unused, so it never produces a visible action:
 * `appOpenTarget` computes where it would go, and `APP_OPEN_REDIRECT_ENABLED` keeps it inert.
 */
export const APP_OPEN_SCHEME = 'vitrine://';
export const APP_OPEN_REDIRECT_ENABLED = false;

export function appOpenTarget(input: {
  pathname: string;
  search: string;
  userAgent: string;
  inApp: boolean;
}): string | null {
  if (input.inApp || APP_REDIRECT_EXCLUDED.includes(input.pathname.replace(/\/+$/, '') || '/')) return null;
  if (!/Android|iPhone|iPad|iPod/i.test(input.userAgent)) return null;
  return `${APP_OPEN_SCHEME}${input.pathname.replace(/^\/+/, '')}${input.search}`;
}

/** Cookie carrying the cart's request token (spec §3); the page's script compares app events with it, so not HttpOnly. */
export const CART_TOKEN_COOKIE = 'x-cart-request-token';
