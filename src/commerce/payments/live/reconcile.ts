import { applyEvent, log, type LiveEventDeps } from './events';
import { STORED_PROVIDERS, type LiveRegistry } from './live-config';
import { ProviderError } from './live-provider';
import { emptyDict } from '../../../lib/security/dict';

/**
 * Cron: asks each configured provider about payments still pending with it (oldest first, bounded), and
 * applies what changed. A notification that never arrived, or arrived while we were down, ends here.
 * Payments that expired in the last 15 minutes are asked too: a read can expire an order lazily just
 * before its (lost) payment notification, and that money must go back (`late_refunded`).
 */
export async function reconcilePending(
  deps: LiveEventDeps,
  registry: LiveRegistry,
  now: Date,
  limit = 50,
  /** One payment only (the back office's check of one order). */
  paymentId?: number,
): Promise<Record<string, number>> {
  const tally: Record<string, number> = emptyDict();
  for (const provider of Object.values(registry)) {
    if (!provider) continue;
    const since = new Date(now.getTime() - 15 * 60_000).toISOString();
    for (const ref of await deps.events.pendingRefs(STORED_PROVIDERS[provider.name], since, limit, paymentId)) {
      try {
        const state = await provider.getCharge(ref);
        if (state.status === 'pending') continue;
        const outcome = await applyEvent(
          deps,
          provider,
          { eventId: `reconcile:${ref}:${state.status}`, state },
          'reconcile',
          now,
        );
        tally[outcome] = (tally[outcome] ?? 0) + 1;
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        tally.unreachable = (tally.unreachable ?? 0) + 1;
        log({ provider: provider.name, reconcile: ref, error: error.message }, 'warn');
      }
    }
  }
  return tally;
}
