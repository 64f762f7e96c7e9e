import { customersRepo, type CustomersRepo, type Identity } from './repo';

export type { Identity } from './repo';

/** Session lifetime: the spec's auth cookie max age (43200 s). */
export const SESSION_TTL_SECONDS = 43_200;

export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The customer of a live (not expired, not revoked) session, or null. */
export async function resolveIdentity(
  repo: Pick<CustomersRepo, 'sessionCustomer'>,
  token: string | null,
  now: Date = new Date(),
): Promise<Identity | null> {
  if (!token) return null;
  return (await repo.sessionCustomer(await hashToken(token), now.toISOString())) ?? null;
}

/** Memoised per request: the embedded adapter asks at most once. */
export function identityOf(db: D1Database, token: string | null): () => Promise<Identity | null> {
  let pending: Promise<Identity | null> | null = null;
  return () => (pending ??= resolveIdentity(customersRepo(db), token));
}
