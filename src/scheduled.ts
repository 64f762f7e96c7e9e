import { expireDue } from './commerce/orders/lifecycle';
import type { Bindings } from './env';

/**
 * Cron (wrangler.toml `[triggers]`): unpaid Pix/boleto/step orders past their deadline expire and give
 * their stock back even when nobody reads them (reads also expire them lazily).
 */
export async function scheduled(_controller: ScheduledController, env: Bindings): Promise<void> {
  const expired = await expireDue(env.DB, new Date());
  if (expired > 0) console.log(JSON.stringify({ cron: 'expire-orders', expired }));
}
