// Password resets: the link and its e-mail written together, and its one use that sets the password.
import { outboxStatement, type MailMessage } from './outbox-repo';

export function passwordResetsRepo(db: D1Database) {
  const outboxInsert = (mail: MailMessage) => outboxStatement(db, mail);
  return {
    async recentResets(customerId: number, since: string): Promise<number> {
      const row = await db
        .prepare('SELECT count(*) AS n FROM password_resets WHERE customer_id = ? AND created_at > ?')
        .bind(customerId, since)
        .first<{ n: number }>();
      return row?.n ?? 0;
    },
    /** The reset token and its e-mail are written together; older unused links of the customer die. */
    createReset: (customerId: number, tokenHash: string, expiresAt: string, mail: MailMessage, now: string) =>
      db.batch([
        // A new link supersedes every older link still unused.
        db
          .prepare('UPDATE password_resets SET used_at = ? WHERE customer_id = ? AND used_at IS NULL')
          .bind(`superseded:${now}`, customerId),
        db
          .prepare('INSERT INTO password_resets (token_hash, customer_id, expires_at) VALUES (?, ?, ?)')
          .bind(tokenHash, customerId, expiresAt),
        outboxInsert(mail),
      ]),
    /**
     * Consumes a live reset token and sets the password in one batch: the password and session updates
     * only touch the customer whose token this very batch marked used (`used_at` = this call's stamp).
     */
    /** The customer a reset link belongs to (its login count is cleared with it), or null. */
    async resetOwner(tokenHash: string): Promise<number | null> {
      const row = await db
        .prepare('SELECT customer_id FROM password_resets WHERE token_hash = ?')
        .bind(tokenHash)
        .first<{ customer_id: number }>();
      return row?.customer_id ?? null;
    },
    /** `account`: the owner's login-limit key; the account's login attempts end with the link's use (ADR 0011). */
    async consumeReset(
      tokenHash: string,
      passwordHash: string,
      now: string,
      stamp: string,
      account: string | null,
    ): Promise<boolean> {
      const owner = '(SELECT customer_id FROM password_resets WHERE token_hash = ? AND used_at = ?)';
      const [used] = await db.batch([
        db
          .prepare('UPDATE password_resets SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?')
          .bind(stamp, tokenHash, now),
        db
          .prepare(`UPDATE customers SET password_hash = ?, updated_at = ? WHERE id = ${owner}`)
          .bind(passwordHash, now, tokenHash, stamp),
        db
          .prepare(`UPDATE sessions SET revoked_at = ? WHERE revoked_at IS NULL AND customer_id = ${owner}`)
          .bind(now, tokenHash, stamp),
        // Using a link kills every other unused link of the same customer.
        db
          .prepare(`UPDATE password_resets SET used_at = ? WHERE used_at IS NULL AND customer_id = ${owner}`)
          .bind(`superseded:${stamp}`, tokenHash, stamp),
        db
          .prepare(
            `DELETE FROM auth_attempts WHERE action = 'login' AND account = ?
                AND EXISTS (SELECT 1 FROM password_resets WHERE token_hash = ? AND used_at = ?)`,
          )
          .bind(account ?? '', tokenHash, stamp),
      ]);
      return (used?.meta.changes ?? 0) === 1;
    },
  };
}
