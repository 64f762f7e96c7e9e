import { randomToken } from '../../lib/token';
import { hashToken } from '../customers/identity';

/** Confirmation links stay valid this long. */
export const ACCESS_TOKEN_TTL_DAYS = 30;

/**
 * The confirmation URL's `token` (spec §2): base64 of the customer e-mail and an access token, each
 * URI-encoded, joined by `:`. The access token has 256 random bits; D1 keeps only its SHA-256.
 */
export function confirmationToken(email: string, access: string): string {
  const text = `${encodeURIComponent(email)}:${encodeURIComponent(access)}`;
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)));
}

export function readConfirmationToken(token: string): { email: string; access: string } | null {
  try {
    const text = new TextDecoder().decode(Uint8Array.from(atob(token), (ch) => ch.charCodeAt(0)));
    const [email, access, ...rest] = text.split(':');
    if (!email || !access || rest.length) return null;
    return { email: decodeURIComponent(email), access: decodeURIComponent(access) };
  } catch {
    return null;
  }
}

export function confirmationPath(orderIds: number[], token: string): string {
  return `/checkout/order/${orderIds.join('-')}?token=${encodeURIComponent(token)}`;
}

export async function newAccessToken(now: Date): Promise<{ access: string; hash: string; expiresAt: string }> {
  const access = randomToken(32);
  return {
    access,
    hash: await hashToken(access),
    expiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_DAYS * 86_400_000).toISOString(),
  };
}

export { parseOrderIds } from '../../lib/order-ids';
