import { paymentsCron } from './commerce/payments/cron';
import type { FetchLike } from './commerce/payments/live/live-provider';
import { liveAdapters, type LiveBindings } from './commerce/payments/live/live-config';
import { paymentsConfigFor } from './commerce/payments/sandbox/payments-config';
import { parseConfig, paymentsModeFor, type Bindings } from './env';
import { defaultProvidersWith } from './http/middleware/commerce';

/**
 * Cron (wrangler.toml `[triggers]`): every configured live provider is asked about the payments still pending
 * with it (a lost webhook ends here); then unpaid Pix/boleto/step orders past their deadline expire and give
 * their stock back even when nobody reads them (reads also expire them lazily); then authorized payments
 * whose capture failed at checkout are captured again, cancelled sales are closed at their provider (charge
 * withdrawn, late money refunded) and refunds whose provider call failed are sent again (payments mode of
 * SITE_URL's host).
 */
export async function scheduled(_controller: ScheduledController, env: Bindings): Promise<void> {
  await runScheduled(env);
}

/** The scheduled work; `fetcher` reaches the payment providers (tests: the fakes), else each adapter's own. */
export async function runScheduled(env: Bindings, fetcher?: FetchLike): Promise<void> {
  const config = parseConfig(env);
  const mode = paymentsModeFor(config, new URL(config.siteUrl).host);
  await paymentsCron(env.DB, {
    registry: liveAdapters(env as Bindings & LiveBindings, fetcher ? { fetch: fetcher } : {}),
    providers: defaultProvidersWith(fetcher)(mode, env, paymentsConfigFor(config)),
  });
}

export { paymentsCron };
