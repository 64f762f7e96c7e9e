import { expireDue, failPayment, markPaid, type PaymentLifecycleDeps } from '../payment-lifecycle';
import { STORED_PROVIDERS, type LiveRegistry } from './registry';
import type { LiveEventsRepo, LivePaymentRow as PaymentRow } from './repo';
import { ProviderError, type ChargeState, type LiveProvider, type VerifiedEvent } from './types';

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

const NOTES: Partial<Record<ChargeState['status'], string>> = {
  cancelled: 'Pagamento cancelado no provedor de pagamento',
  failed: 'Pagamento recusado pelo provedor de pagamento',
};

function log(entry: Record<string, unknown>, level: 'log' | 'warn' = 'log'): void {
  console[level](JSON.stringify({ payments: 'live', ...entry }));
}


/** Money that arrived for a payment we no longer honour (expired/cancelled): given back, idempotently. */
async function refundLate(deps: LiveEventDeps, provider: LiveProvider, payment: PaymentRow, state: ChargeState, now: Date) {
  if (state.receipts.length === 0) return false;
  try {
    for (const [i, receipt] of state.receipts.entries()) {
      const result = await provider.refund({
        receiptId: receipt.id,
        refundId: `late${payment.id}n${i}`,
        amountCents: receipt.amountCents,
      });
      if (result.status === 'failed') return false;
      await deps.events.recordLateRefund(payment.id, receipt.amountCents, now.toISOString(), result.providerRefundId);
    }
    return true;
  } catch (error) {
    if (error instanceof ProviderError) return false;
    throw error;
  }
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
        return (await refundLate(deps, provider, payment, state, now)) ? 'late_refunded' : 'late_unrefunded';
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

const json = (status: number, body: Record<string, unknown>) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

/**
 * POST /api/webhooks/<provider>: authenticity first (signature check or re-reading the charge at the
 * provider), then each event once. Forged or malformed notifications are refused with a 4xx and logged;
 * a provider we cannot reach answers 503 so the provider retries later.
 */
export async function handleWebhook(
  deps: LiveEventDeps,
  provider: LiveProvider,
  request: Request,
  now: Date,
): Promise<Response> {
  try {
    const verdict = await provider.verifyWebhook(request);
    if (!verdict.ok) {
      log({ provider: provider.name, webhook: 'refused', status: verdict.status, reason: verdict.reason }, 'warn');
      return json(verdict.status, { code: 'WEBHOOK_REFUSED', error: `Notificação recusada: ${verdict.reason}.` });
    }
    const outcomes: Outcome[] = [];
    for (const event of verdict.events) outcomes.push(await applyEvent(deps, provider, event, 'webhook', now));
    return json(200, { received: outcomes.length, outcomes });
  } catch (error) {
    // The provider could not be asked (verification, re-read or capture): it will retry the notification.
    if (!(error instanceof ProviderError)) throw error;
    log({ provider: provider.name, webhook: 'unavailable', error: error.message }, 'warn');
    return json(503, {
      code: 'PROVIDER_UNAVAILABLE',
      error: 'Não foi possível confirmar a notificação agora. Tente novamente.',
    });
  }
}

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
): Promise<Record<string, number>> {
  const tally: Record<string, number> = {};
  for (const provider of Object.values(registry)) {
    if (!provider) continue;
    const since = new Date(now.getTime() - 15 * 60_000).toISOString();
    for (const ref of await deps.events.pendingRefs(STORED_PROVIDERS[provider.name], since, limit)) {
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
