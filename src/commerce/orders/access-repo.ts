// The orders' access tokens: the links that open an order's page without a session.
import { ids } from './sql';

export function orderAccessRepo(db: D1Database) {
  return {
    async addAccessToken(orderIds: number[], tokenHash: string, expiresAt: string): Promise<void> {
      await db.batch(
        orderIds.map((id) =>
          db
            .prepare('INSERT INTO order_access_tokens (token_hash, order_id, expires_at) VALUES (?, ?, ?)')
            .bind(tokenHash, id, expiresAt),
        ),
      );
    },
    /** The orders among `orderIds` this token opens (live token; a legacy link's e-mail must match too). */
    async tokenOrders(orderIds: number[], tokenHash: string, email: string | null, now: string): Promise<number[]> {
      const { results } = await db
        .prepare(
          `SELECT o.id FROM order_access_tokens t JOIN orders o ON o.id = t.order_id
            WHERE t.token_hash = ? AND t.expires_at > ? AND (? IS NULL OR o.email = ? COLLATE NOCASE)
              AND o.id IN (${ids(orderIds)})`,
        )
        .bind(tokenHash, now, email, email, ...orderIds)
        .all<{ id: number }>();
      return results.map((r) => r.id);
    },
  };
}
