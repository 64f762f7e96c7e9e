import { captureAuthorized } from './commerce/payments/charge';
import { liveEventDeps, paymentLifecycleDeps } from './commerce/payments/embedded';
import { expireDue } from './commerce/payments/payment-lifecycle';
import { reconcilePending } from './commerce/payments/live/reconcile';
import { liveProviders as liveAdapters, type LiveBindings } from './commerce/payments/live/registry';
import { PAYMENTS_CONFIG } from './commerce/payments/providers/payments-config';
import { refundThroughProviders } from './commerce/payments/refunds';
import { parseConfig, paymentsModeFor, type Bindings } from './env';
import { defaultProviders } from './middleware/commerce';

/**
 * Cron (wrangler.toml `[triggers]`): every configured live provider is asked about the payments still pending
 * with it (a lost webhook ends here); then unpaid Pix/boleto/step orders past their deadline expire and give
 * their stock back even when nobody reads them (reads also expire them lazily); then authorized payments
 * whose capture failed at checkout are captured again (payments mode of SITE_URL's host).
 */
export async function scheduled(_controller: ScheduledController, env: Bindings): Promise<void> {
  // Provider first: a Pix paid just before its deadline whose notification was lost is paid, not expired.
  const registry = liveAdapters(env as Bindings & LiveBindings);
  if (Object.keys(registry).length > 0) {
    const tally = await reconcilePending(liveEventDeps(env.DB), registry, new Date());
    if (Object.keys(tally).length > 0) console.log(JSON.stringify({ cron: 'reconcile-payments', ...tally }));
  }
  const now = new Date();
  const lifecycle = paymentLifecycleDeps(env.DB);
  const expired = await expireDue(lifecycle, now);
  if (expired > 0) console.log(JSON.stringify({ cron: 'expire-orders', expired }));
  const config = parseConfig(env);
  const mode = paymentsModeFor(config, new URL(config.siteUrl).host);
  const payments = { ...PAYMENTS_CONFIG, cardService: config.cardService, paypalDown: config.paypalDown };
  const providers = defaultProviders(mode, env, payments);
  const settled = await captureAuthorized({ lifecycle, providers }, now);
  if (settled.captured + settled.voided > 0) console.log(JSON.stringify({ cron: 'settle-authorized', ...settled }));
  // Refunds recorded by the back office whose provider call failed: called again, with the same refund id.
  const refunds = await refundThroughProviders({ payments: lifecycle.payments, providers }, now);
  if (refunds.refunded + refunds.failed > 0) console.log(JSON.stringify({ cron: 'refunds', ...refunds }));
}
