import type { Context } from 'hono';
import type { AppEnv } from '../env';

/**
 * After a call that queued mail (password reset): with a mail provider configured, the port sends it
 * after the answer (`waitUntil`). The upstream adapter sends its own mail; so does nothing here.
 */
export function flushOutbox(c: Context<AppEnv>): void {
  const mail = c.var.config.mail;
  if (!mail || c.var.config.upstream) return;
  const work = c.var.commerce
    .deliverMail(mail)
    .catch((error: unknown) => console.error(JSON.stringify({ requestId: c.var.requestId, mail: String(error) })));
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // No execution context (tests calling app.request): the promise still runs on its own.
  }
}
