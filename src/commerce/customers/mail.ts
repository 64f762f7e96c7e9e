import type { Config } from '../../env';
import type { CustomersRepo } from './repo';

/**
 * Sends unsent outbox mail through the configured provider: `POST <MAIL_PROVIDER_URL>` with JSON
 * `{from, to, subject, text}` and `Authorization: Bearer <MAIL_PROVIDER_TOKEN>` (the shape of the
 * common transactional APIs; another one is a new function here). Failures stay in the outbox
 * (attempts, last_error) and are retried on the next send, up to 5 attempts.
 */
export async function deliverOutbox(
  repo: CustomersRepo,
  mail: NonNullable<Config['mail']>,
  doFetch: typeof fetch = fetch,
  now: () => Date = () => new Date(),
): Promise<number> {
  let sent = 0;
  for (const message of await repo.unsent()) {
    try {
      const response = await doFetch(mail.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(mail.token ? { authorization: `Bearer ${mail.token}` } : {}),
        },
        body: JSON.stringify({
          from: mail.from,
          to: message.to_email,
          subject: message.subject,
          text: message.body_text,
        }),
      });
      if (!response.ok) throw new Error(`provider answered ${response.status}`);
      await repo.markSent(message.id, now().toISOString());
      sent += 1;
    } catch (error) {
      await repo.markFailed(message.id, String(error));
    }
  }
  return sent;
}
