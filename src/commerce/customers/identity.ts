/** Who a session token belongs to (embedded backend). Tokens are stored only as SHA-256 hex digests. */
export interface Identity {
  id: number;
  email: string;
  name: string;
  cpf: string;
}

/** Session lifetime: the spec's auth cookie max age (43200 s). */
export const SESSION_TTL_SECONDS = 43_200;

export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The customer of a live (not expired, not revoked) session, or null. */
export async function resolveIdentity(
  db: D1Database,
  token: string | null,
  now: Date = new Date(),
): Promise<Identity | null> {
  if (!token) return null;
  const row = await db
    .prepare(
      `SELECT c.id, c.email, c.name, c.cpf FROM sessions s JOIN customers c ON c.id = s.customer_id
        WHERE s.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ?`,
    )
    .bind(await hashToken(token), now.toISOString())
    .first<Identity>();
  return row ?? null;
}

/** Memoised per request: the embedded adapter asks at most once. */
export function identityOf(db: D1Database, token: string | null): () => Promise<Identity | null> {
  let pending: Promise<Identity | null> | null = null;
  return () => (pending ??= resolveIdentity(db, token));
}
