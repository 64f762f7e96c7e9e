import { settleAttempts } from './commerce/payments/attempts';
import { closeCancelled } from './commerce/payments/cancel';
import { captureAuthorized } from './commerce/payments/charge';
import { liveEventDeps, paymentLifecycleDeps } from './commerce/payments/embedded';
import { expireDue } from './commerce/payments/payment-lifecycle';
import { reconcilePending } from './commerce/payments/live/reconcile';
import type { FetchLike } from './commerce/payments/live/live-provider';
import { liveProviders as liveAdapters, type LiveBindings, type LiveRegistry } from './commerce/payments/live/registry';
import type { ProviderSet } from './commerce/payments/provider';
import { PAYMENTS_CONFIG } from './commerce/payments/providers/payments-config';
import { refreshPendingRefunds, refundThroughProviders } from './commerce/payments/refunds';
import { parseConfig, paymentsModeFor, type Bindings } from './env';
import { defaultProvidersWith } from './middleware/commerce';

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
  const payments = { ...PAYMENTS_CONFIG, cardService: config.cardService, paypalDown: config.paypalDown };
  await paymentsCron(env.DB, {
    registry: liveAdapters(env as Bindings & LiveBindings, fetcher ? { fetch: fetcher } : {}),
    providers: defaultProvidersWith(fetcher)(mode, env, payments),
  });
}

/** The cron's payment work, with the live adapters (reconciliation) and this mode's checkout adapters. */
export async function paymentsCron(
  db: D1Database,
  adapters: { registry: LiveRegistry; providers: ProviderSet },
): Promise<void> {
  // Provider first: a Pix paid just before its deadline whose notification was lost is paid, not expired.
  const { registry, providers } = adapters;
  if (Object.keys(registry).length > 0) {
    const tally = await reconcilePending(liveEventDeps(db), registry, new Date());
    if (Object.keys(tally).length > 0) console.log(JSON.stringify({ cron: 'reconcile-payments', ...tally }));
  }
  const now = new Date();
  const lifecycle = paymentLifecycleDeps(db);
  const expired = await expireDue(lifecycle, now);
  if (expired > 0) console.log(JSON.stringify({ cron: 'expire-orders', expired }));
  const settled = await captureAuthorized({ lifecycle, providers }, now);
  if (settled.captured + settled.voided > 0) console.log(JSON.stringify({ cron: 'settle-authorized', ...settled }));
  // Provider calls given up on at checkout that may have created a charge (an answer after the timeout): voided.
  const attempts = await settleAttempts({ payments: lifecycle.payments, providers }, now);
  if (attempts.settled + attempts.open > 0) console.log(JSON.stringify({ cron: 'lost-attempts', ...attempts }));
  // Cancelled sales whose provider has not confirmed the withdrawal (or received money anyway): withdrawn / refunded.
  const closed = await closeCancelled({ payments: lifecycle.payments, providers }, now);
  if (closed.closed + closed.refunded + closed.open > 0) console.log(JSON.stringify({ cron: 'close-cancelled', ...closed }));
  // Refunds recorded by the back office whose provider call failed: called again, with the same refund id.
  const refunds = await refundThroughProviders({ payments: lifecycle.payments, providers }, now);
  if (refunds.refunded + refunds.failed > 0) console.log(JSON.stringify({ cron: 'refunds', ...refunds }));
  // Refunds the provider is still processing: read back until it says done (or not made).
  const pending = await refreshPendingRefunds({ payments: lifecycle.payments, providers }, now);
  if (pending.done + pending.failed + pending.pending > 0) console.log(JSON.stringify({ cron: 'refunds-pending', ...pending }));
}
