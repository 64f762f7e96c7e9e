import { expireDue, failPayment, markPaid, type PaymentLifecycleDeps } from '../payment-lifecycle';
import { STORED_PROVIDERS } from './live-config';
import type { LiveEventsRepo, LivePaymentRow as PaymentRow } from './repo';
import { refundLate } from './late-refund';
import type { ChargeState, LiveProvider, VerifiedEvent } from './live-provider';
import { dict } from '../../../lib/security/dict';

/**
 * Acting on what a live provider reports, exactly once per provider event: the event is claimed in
 * `payment_events` (UNIQUE provider + event id) before anything happens, so a duplicate, a replay or a
 * concurrent copy does nothing; the state changes reuse the order lifecycle (`markPaid`, `failPayment`),
 * whose own status guards make a second application a no-op anyway. States always come from a fresh read
 * at the provider (ChargeState), never from a notification body.
 */
export type Outcome =
  | 'duplicate'
  | 'unknown'
  | 'noop'
  | 'paid'
  | 'authorized'
  | 'captured'
  | 'released'
  | 'amount_mismatch'
  | 'late_refunded'
  | 'late_unrefunded';

/** What acting on provider events needs (wired by payments/embedded.ts liveEventDeps): repos, never the database. */
export interface LiveEventDeps {
  events: LiveEventsRepo;
  /** markPaid / failPayment / expireDue, and the PayPal authorization (its payments repo). */
  lifecycle: PaymentLifecycleDeps;
}

const NOTES: Partial<Record<ChargeState['status'], string>> = dict({
  cancelled: 'Pagamento cancelado no provedor de pagamento',
  failed: 'Pagamento recusado pelo provedor de pagamento',
});

export function log(entry: Record<string, unknown>, level: 'log' | 'warn' = 'log'): void {
  console[level](JSON.stringify({ payments: 'live', ...entry }));
}

async function act(
  deps: LiveEventDeps,
  provider: LiveProvider,
  payment: PaymentRow,
  state: ChargeState,
  now: Date,
): Promise<Outcome> {
  switch (state.status) {
    case 'paid': {
      if (state.amountCents === null || state.amountCents < payment.charged_cents) return 'amount_mismatch';
      if (await markPaid(deps.lifecycle, payment.id, now)) return 'paid';
      const current = await deps.events.statusOf(payment.id);
      if (current && ['expired', 'cancelled', 'failed'].includes(current))
        return (await refundLate(deps.events, provider, payment, state, now)) ? 'late_refunded' : 'late_unrefunded';
      return 'noop';
    }
    case 'authorized': {
      if (payment.status !== 'pending' || provider.name !== 'paypal') return 'noop';
      // Approved at PayPal. Money is taken only for a payment that already has its orders.
      if (payment.orders === 0) {
        await deps.lifecycle.payments.authorize(payment.id, now);
        return 'authorized';
      }
      const captured = await provider.capture(state.providerRef, payment.charged_cents);
      if (captured.status !== 'paid') return 'noop';
      return (await act(deps, provider, payment, captured, now)) === 'paid' ? 'captured' : 'noop';
    }
    case 'expired':
      return payment.orders === 0 ? 'noop' : expireNow(deps, payment, now);
    case 'cancelled':
    case 'failed':
      if (payment.orders === 0) return 'noop';
      return (await failPayment(deps.lifecycle, payment.id, now, NOTES[state.status]!)) ? 'released' : 'noop';
    default:
      return 'noop';
  }
}

/**
 * The provider says the charge expired: the orders take the existing expiry path (status `expired`, stock,
 * coupon use and cashback back in its one guarded batch), their deadline brought forward to now if needed.
 */
async function expireNow(deps: LiveEventDeps, payment: PaymentRow, now: Date): Promise<Outcome> {
  await deps.events.deadlineNow(payment.id, now.toISOString());
  await expireDue(deps.lifecycle, now);
  const after = await deps.events.statusOf(payment.id);
  return payment.status === 'pending' && after === 'expired' ? 'released' : 'noop';
}

/** Applies one verified event; returns what it did ('duplicate' when the event id was already seen). */
export async function applyEvent(
  deps: LiveEventDeps,
  provider: LiveProvider,
  event: VerifiedEvent,
  source: 'webhook' | 'reconcile',
  now: Date,
): Promise<Outcome> {
  const payment = await deps.events.payment(event.state.providerRef, STORED_PROVIDERS[provider.name]);
  const claimed = await deps.events.claim({
    provider: provider.name,
    eventId: event.eventId,
    source,
    paymentId: payment?.id ?? null,
    providerRef: event.state.providerRef,
    providerStatus: event.state.status,
    at: now.toISOString(),
  });
  if (!claimed) return 'duplicate';
  let outcome: Outcome;
  try {
    outcome = payment ? await act(deps, provider, payment, event.state, now) : 'unknown';
  } catch (error) {
    // Nothing was decided: free the claim so the provider's retry (or the cron) can do it.
    await deps.events.release(provider.name, event.eventId);
    throw error;
  }
  await deps.events.settle(provider.name, event.eventId, outcome);
  const level =
    outcome === 'amount_mismatch' || outcome === 'late_unrefunded' || outcome === 'unknown' ? 'warn' : 'log';
  log(
    {
      provider: provider.name,
      source,
      event: event.eventId,
      reference: event.state.providerRef,
      status: event.state.status,
      outcome,
    },
    level,
  );
  return outcome;
}
