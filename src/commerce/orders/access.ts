import { DAY_MS } from '../../lib/format/dates';
import { randomToken } from '../../lib/security/token';
import { hashToken } from '../customers/identity';

/** Confirmation links stay valid this long. */
export const ACCESS_TOKEN_TTL_DAYS = 30;

/** An access token as `newAccessToken` makes it: 32 random bytes, base64url without padding. */
const ACCESS_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * What a confirmation URL's `token` names: the stored access token (D1 keeps its SHA-256) and, for a link
 * made before ADR 0009's 2026-11-27 addendum, the checkout e-mail it must also match.
 *
 * Links now carry the access token itself (spec §2, ADR 0009): 256 random bits, nothing about the buyer.
 * Older links carried `base64(encodeURIComponent(email) + ':' + encodeURIComponent(access))`; they still
 * open their orders until their access token expires (30 days), so this branch can go 30 days after the
 * release. The two shapes never overlap: a legacy token is at least 68 characters long.
 */
export function readConfirmationToken(token: string): { access: string; email: string | null } | null {
  if (ACCESS_TOKEN.test(token)) return { access: token, email: null };
  try {
    const text = new TextDecoder().decode(Uint8Array.from(atob(token), (ch) => ch.charCodeAt(0)));
    const [email, access, ...rest] = text.split(':');
    if (!email || !access || rest.length) return null;
    return { access: decodeURIComponent(access), email: decodeURIComponent(email) };
  } catch {
    return null;
  }
}

/** `/checkout/order/{ids joined by -}?token={access token}` (spec §2). */
export function confirmationPath(orderIds: number[], token: string): string {
  return `/checkout/order/${orderIds.join('-')}?token=${encodeURIComponent(token)}`;
}

/** A new confirmation-link token: 256 random bits (the link carries `access`, D1 keeps `hash`). */
export async function newAccessToken(now: Date): Promise<{ access: string; hash: string; expiresAt: string }> {
  const access = randomToken(32);
  return {
    access,
    hash: await hashToken(access),
    expiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_DAYS * DAY_MS).toISOString(),
  };
}

export { parseOrderIds } from '../../lib/checkout/order-ids';
