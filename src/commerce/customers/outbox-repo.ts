// The mail outbox: mails queued by the batch that decides to send them, and the sender's reads and marks.

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  kind: string;
}

/** A mail queued in the outbox, as a statement for the batch that decides to send it (password reset, staff invitation). */
export const outboxStatement = (db: D1Database, mail: MailMessage) =>
  db
    .prepare('INSERT INTO mail_outbox (to_email, subject, body_text, kind) VALUES (?, ?, ?, ?)')
    .bind(mail.to, mail.subject, mail.text, mail.kind);

export function mailOutboxRepo(db: D1Database) {
  return {
    outbox: (limit = 50) =>
      db
        .prepare(
          'SELECT id, to_email, subject, body_text, kind, sent_at, created_at FROM mail_outbox ORDER BY id DESC LIMIT ?',
        )
        .bind(limit)
        .all<{
          id: number;
          to_email: string;
          subject: string;
          body_text: string;
          kind: string;
          sent_at: string | null;
          created_at: string;
        }>()
        .then((r) => r.results),
    markSent: (id: number, now: string) =>
      db.prepare('UPDATE mail_outbox SET sent_at = ?, attempts = attempts + 1 WHERE id = ?').bind(now, id).run(),
    markFailed: (id: number, error: string) =>
      db
        .prepare('UPDATE mail_outbox SET attempts = attempts + 1, last_error = ? WHERE id = ?')
        .bind(error.slice(0, 500), id)
        .run(),
    unsent: () =>
      db
        .prepare(
          'SELECT id, to_email, subject, body_text FROM mail_outbox WHERE sent_at IS NULL AND attempts < 5 ORDER BY id LIMIT 20',
        )
        .all<{ id: number; to_email: string; subject: string; body_text: string }>()
        .then((r) => r.results),
  };
}
