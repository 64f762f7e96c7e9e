import { settleAttempts } from './attempts';
import { closeCancelled } from './cancel';
import { captureAuthorized } from './charge';
import { liveEventDeps, paymentLifecycleDeps } from './embedded';
import { expireDue } from './payment-lifecycle';
import { reconcilePending } from './live/reconcile';
import type { LiveRegistry } from './live/live-config';
import type { ProviderSet } from './provider';
import { refreshPendingRefunds, refundThroughProviders } from './refunds';

/** One order's payment (the back office's "Conferir com o provedor"): every step narrowed to it. */
export interface CronScope {
  orderId: number;
  paymentId: number;
}

/**
 * The cron's payment work (src/scheduled.ts), with the live adapters (reconciliation) and this mode's checkout
 * adapters. With `only`, the same steps for one order's payment — what the back office runs for that order; the
 * attempts given up on at checkout belong to no order and are left to the cron.
 */
export async function paymentsCron(
  db: D1Database,
  adapters: { registry: LiveRegistry; providers: ProviderSet },
  only?: CronScope,
): Promise<void> {
  // Provider first: a Pix paid just before its deadline whose notification was lost is paid, not expired.
  const { registry, providers } = adapters;
  const log = (entry: Record<string, unknown>) =>
    console.log(JSON.stringify({ ...entry, ...(only ? { order: only.orderId } : {}) }));
  if (Object.keys(registry).length > 0) {
    const tally = await reconcilePending(liveEventDeps(db), registry, new Date(), 50, only?.paymentId);
    if (Object.keys(tally).length > 0) log({ cron: 'reconcile-payments', ...tally });
  }
  const now = new Date();
  const lifecycle = paymentLifecycleDeps(db);
  const expired = await expireDue(lifecycle, now);
  if (expired > 0) log({ cron: 'expire-orders', expired });
  const settled = await captureAuthorized({ lifecycle, providers }, now, only?.paymentId);
  if (settled.captured + settled.voided > 0) log({ cron: 'settle-authorized', ...settled });
  if (!only) {
    // Provider calls given up on at checkout that may have created a charge (an answer after the timeout): voided.
    const attempts = await settleAttempts({ payments: lifecycle.payments, providers }, now);
    if (attempts.settled + attempts.open > 0) log({ cron: 'lost-attempts', ...attempts });
  }
  // Cancelled sales whose provider has not confirmed the withdrawal (or received money anyway): withdrawn / refunded.
  const closed = await closeCancelled(
    { payments: lifecycle.payments, providers },
    now,
    only ? { paymentId: only.paymentId } : {},
  );
  if (closed.closed + closed.refunded + closed.open > 0) log({ cron: 'close-cancelled', ...closed });
  // Refunds recorded by the back office whose provider call failed: called again, with the same refund id.
  const refunds = await refundThroughProviders(
    { payments: lifecycle.payments, providers },
    now,
    only ? { orderId: only.orderId } : {},
  );
  if (refunds.refunded + refunds.failed > 0) log({ cron: 'refunds', ...refunds });
  // Refunds the provider is still processing: read back until it says done (or not made).
  const pending = await refreshPendingRefunds({ payments: lifecycle.payments, providers }, now, only?.paymentId);
  if (pending.done + pending.failed + pending.pending > 0) log({ cron: 'refunds-pending', ...pending });
}
