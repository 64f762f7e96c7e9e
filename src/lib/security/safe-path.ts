/** Base used when the caller has no page origin at hand (only paths on it are ever returned). */
const PLACEHOLDER_ORIGIN = 'https://vitrine.invalid';

/**
 * Characters that never belong in a redirect target: C0 controls (tab, CR, LF…), DEL, C1 controls, the
 * backslash (browsers read it as `/`), and the Unicode line/paragraph separators.
 */
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\\\u2028\u2029]/;
/** Percent-encoded slash, backslash or control character: decoded by someone later, they turn into the above. */
const FORBIDDEN_ENCODED = /%(?:2f|5c|[01][0-9a-f]|7f)/i;
const MAX_LENGTH = 2000;

/**
 * The one redirect-target rule (server routes, form posts and the browser's login script): `target` is
 * followed only when it is a path on `origin` — it must start with a single `/`, contain no control
 * character, backslash or encoded slash, and still be a same-origin path once parsed and normalised
 * against the page's origin (`/a/..//evil.example` normalises to `//evil.example` and is refused).
 * Anything else gives `fallback`. The answer is the parsed path + query + fragment, never the raw text.
 */
export function safeRedirect(
  target: string | null | undefined,
  fallback = '/minha-conta',
  origin: string = PLACEHOLDER_ORIGIN,
): string {
  if (typeof target !== 'string' || target.length === 0 || target.length > MAX_LENGTH) return fallback;
  if (!target.startsWith('/') || target.startsWith('//')) return fallback;
  if (FORBIDDEN.test(target) || FORBIDDEN_ENCODED.test(target)) return fallback;
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(target, base.origin);
  } catch {
    return fallback;
  }
  if (url.origin !== base.origin || url.username || url.password) return fallback;
  if (url.pathname.startsWith('//') || url.pathname.includes('\\')) return fallback;
  return url.pathname + url.search + url.hash;
}
