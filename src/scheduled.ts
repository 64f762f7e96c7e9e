import { expireDue } from './commerce/orders/lifecycle';
import { reconcilePending } from './commerce/payments/live/events';
import { liveProviders, type LiveBindings } from './commerce/payments/live/registry';
import type { Bindings } from './env';

/**
 * Cron (wrangler.toml `[triggers]`): unpaid Pix/boleto/step orders past their deadline expire and give
 * their stock back even when nobody reads them (reads also expire them lazily). Before that, every
 * configured live provider is asked about the payments still pending with it (a lost webhook ends here).
 */
export async function scheduled(_controller: ScheduledController, env: Bindings): Promise<void> {
  // Provider first: a Pix paid just before its deadline whose notification was lost is paid, not expired.
  const registry = liveProviders(env as Bindings & LiveBindings);
  if (Object.keys(registry).length > 0) {
    const tally = await reconcilePending(env.DB, registry, new Date());
    if (Object.keys(tally).length > 0) console.log(JSON.stringify({ cron: 'reconcile-payments', ...tally }));
  }
  const expired = await expireDue(env.DB, new Date());
  if (expired > 0) console.log(JSON.stringify({ cron: 'expire-orders', expired }));
}
