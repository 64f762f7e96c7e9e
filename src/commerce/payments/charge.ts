import type { PaymentMethod } from '../../lib/payments/payment-methods';
import { DomainError } from '../domain-error';
import {
  ProviderError,
  type Authorization,
  type AuthorizeRequest,
  type ChargeRef,
  type ChargeStatus,
  type PaymentProvider,
  type ProviderSet,
} from './provider';
import { markPaid, type PaymentLifecycleDeps } from './payment-lifecycle';
import { PAYMENT_MESSAGES } from './payment-messages';

/** A provider call that has not answered by then is a timeout (its outcome unknown). */
export const PROVIDER_TIMEOUT_MS = 15_000;

/**
 * Finish-order step 4, the charge, around the guarded batch (provider.ts): authorize first, void when
 * the batch wrote nothing, capture once the orders exist. Nothing here approves by default: every
 * provider failure is a refusal (before the batch) or leaves the orders unpaid (after it).
 */

/** The adapter that charges `method` in this request's mode; null for the internal coupon method. */
export function chargerFor(providers: ProviderSet, method: PaymentMethod): PaymentProvider | null {
  if (method.provider === 'internal') return null;
  const provider = providers[method.provider];
  if (!provider || !provider.kinds.includes(method.kind))
    throw new DomainError('UNPROCESSABLE', PAYMENT_MESSAGES.methodUnavailable);
  return provider;
}

function log(event: string, reference: string, error: unknown): void {
  // Never the request (card data): the reference and the error only.
  console.error(JSON.stringify({ payments: event, reference, error: String(error) }));
}

/** Runs one provider call with a deadline; anything but a business refusal becomes a ProviderError. */
export async function providerCall<T>(work: (signal: AbortSignal) => Promise<T>, ms = PROVIDER_TIMEOUT_MS): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new ProviderError('timeout', `no answer in ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), deadline]);
  } catch (error) {
    if (error instanceof DomainError || error instanceof ProviderError) throw error;
    throw new ProviderError('unavailable', String(error));
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Authorizes before anything is written. A provider failure voids whatever the call may have created
 * (by our reference; an idempotent create's is left to the retry, else to the cron) and refuses with a pt-BR 502:
 * nothing charged, nothing written. A provider's refusal of the
 * request (a 4xx: it created nothing, so nothing is withdrawn) is the shopper's 422 with a pt-BR reason.
 */
export async function authorizeCharge(
  provider: PaymentProvider,
  request: Omit<AuthorizeRequest, 'signal'>,
  /** Keeps an attempt that may have created something (payments/attempts.ts: the cron voids it by reference). */
  keepAttempt?: (attempt: {
    reference: string;
    provider: string;
    methodId: number;
    amountCents: number;
    at: string;
    providerRef: string | null;
  }) => Promise<void>,
): Promise<Exclude<Authorization, { outcome: 'paid' }>> {
  try {
    const result = await providerCall((signal) => provider.authorize({ ...request, signal }));
    if (result.outcome === 'paid') throw new ProviderError('invalid', 'a provider must not settle at authorize');
    return result;
  } catch (error) {
    if (error instanceof DomainError) throw error;
    log('authorize-failed', request.reference, error);
    if (error instanceof ProviderError && error.kind === 'refused')
      throw new DomainError('UNPROCESSABLE', PAYMENT_MESSAGES.providerRefused);
    // The provider may still create it after we gave up (an answer after the timeout): the cron looks again — by the
    // provider's own id when the failure named one (a boleto still issuing at Inter).
    const providerRef = (error instanceof ProviderError && error.providerReference) || null;
    await keepAttempt?.({
      reference: request.reference,
      provider: provider.name,
      methodId: request.methodId,
      amountCents: request.chargedCents,
      at: request.now.toISOString(),
      providerRef,
    });
    // What an idempotent create may have made is left for the retry to continue with (the same key, the same
    // reference); the cron withdraws it when no retry takes it. A named object we gave up on is withdrawn now.
    if (!provider.idempotentCreate || providerRef)
      await voidCharge(provider, {
        reference: request.reference,
        providerReference: providerRef,
        methodId: request.methodId,
        amountCents: request.chargedCents,
        now: request.now,
      });
    throw new DomainError('UPSTREAM_UNAVAILABLE', PAYMENT_MESSAGES.providerDown);
  }
}

/** Releases an authorization / cancels a charge; a failure is logged (the hold lapses at the provider). */
export async function voidCharge(provider: PaymentProvider, charge: Omit<ChargeRef, 'signal'>): Promise<boolean> {
  try {
    await providerCall((signal) => provider.void({ ...charge, signal }));
    return true;
  } catch (error) {
    log('void-failed', charge.reference, error);
    return false;
  }
}

/**
 * Withdraws a charge and asks the provider what it now holds: its answer, never our wish, decides what follows (a
 * cancelled order's close, a lost attempt's settlement). Null when the provider could not be asked.
 */
export async function withdraw(
  provider: PaymentProvider,
  charge: Omit<ChargeRef, 'signal'>,
): Promise<ChargeStatus | null> {
  await voidCharge(provider, charge);
  return providerCall((signal) => provider.status({ ...charge, signal })).catch(() => null);
}

/**
 * Captures an authorized payment whose orders exist, then marks them paid. When the capture call fails,
 * the provider is asked what happened: paid there → paid here; otherwise the orders stay pending and the
 * payment `authorized` for the cron to retry (captureAuthorized). True when the orders are now paid.
 */
export async function capturePayment(
  lifecycle: PaymentLifecycleDeps,
  provider: PaymentProvider,
  paymentId: number,
  charge: Omit<ChargeRef, 'signal'>,
): Promise<boolean> {
  try {
    await providerCall((signal) => provider.capture({ ...charge, signal }));
  } catch (error) {
    log('capture-failed', charge.reference, error);
    const status: ChargeStatus = await providerCall((signal) => provider.status({ ...charge, signal })).catch(
      () => 'unknown' as const,
    );
    if (status !== 'paid') return false;
  }
  return markPaid(lifecycle, paymentId, charge.now);
}

/**
 * Cron, for authorized payments whose capture failed at checkout (with the adapter that authorized each):
 * while every order of the payment is still pending, capture again; once none goes ahead (cancelled or
 * expired meanwhile), void the authorization instead and mark the payment cancelled — never capture money
 * for orders that no longer exist. Returns how many became paid and how many were voided.
 */
export async function captureAuthorized(
  deps: { lifecycle: PaymentLifecycleDeps; providers: ProviderSet },
  now: Date,
  paymentId?: number,
): Promise<{ captured: number; voided: number }> {
  const results = await deps.lifecycle.payments.authorizedWithOrders(paymentId);
  let captured = 0;
  let voided = 0;
  for (const row of results) {
    const provider = Object.values(deps.providers).find((p) => p?.name === row.provider);
    if (!provider) continue;
    const charge = {
      reference: row.reference,
      providerReference: row.chargeId ?? row.reference,
      methodId: row.methodId as ChargeRef['methodId'],
      amountCents: row.amount,
      now,
    };
    if (row.allPending === 1 && (await capturePayment(deps.lifecycle, provider, row.id, charge))) captured += 1;
    if (row.noneLeft === 1 && (await voidCharge(provider, charge))) {
      await deps.lifecycle.payments.cancelAuthorized(row.id, now);
      voided += 1;
    }
  }
  return { captured, voided };
}
