import { ProviderError as CheckoutProviderError, type ChargeStatus } from '../provider';
import { ProviderError, type ChargeState, type LiveStatus } from './live-provider';
import { dict } from '../../../lib/security/dict';

// What every checkout slot's live adapter shares: return URLs and ids, and how adapter failures read at checkout.
/** Where a provider sends the shopper back (3-D Secure, PayPal): the route re-reads the charge, never the query. */
export const returnUrlOf = (origin: string, reference: string) => `${origin}/checkout/retorno/${reference}`;

/** Our 25-character reference is one short of an API Pix txid (26–35): the live txid extends it. */
export const pixTxidOf = (reference: string) => `${reference}PIX`;

/** Live statuses as the checkout names them (a cancelled charge is a voided payment). */
export const STATUS: Record<LiveStatus, ChargeStatus> = dict({
  pending: 'pending',
  authorized: 'authorized',
  paid: 'paid',
  failed: 'failed',
  expired: 'expired',
  cancelled: 'voided',
  refunded: 'refunded',
});

/**
 * A provider's answer that refuses our request (the data): 400 and 422 (a 409 is a conflict with its own state).
 * Not 401/403 (our credentials), 404, 408 or 429 (try again): those are failures, not refusals.
 */
export const isRefusal = (status: number) => status === 400 || status === 422;

/**
 * A live adapter's failure as the checkout reads it: the outcome is unknown, nothing is assumed approved — except a
 * refusal (isRefusal), which created nothing at the provider (`refused`: a 422 for the shopper, nothing to withdraw).
 */
export async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    throw new CheckoutProviderError(
      error.status === 0 ? 'timeout' : isRefusal(error.status) ? 'refused' : 'unavailable',
      error.message,
      error.status || undefined,
      error.providerRef,
    );
  }
}

/** A live adapter's "not found" is no charge at all: nothing to withdraw (never created). */
export async function unlessMissing(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof ProviderError && error.notFound) return;
    throw error;
  }
}

/** A charge's status as the checkout reads it: `unknown` when the provider has no such charge. */
export async function statusOf(read: () => Promise<ChargeState | null>): Promise<ChargeStatus> {
  return call(async () => {
    try {
      const state = await read();
      return state ? STATUS[state.status] : 'unknown';
    } catch (error) {
      if (error instanceof ProviderError && error.notFound) return 'unknown';
      throw error;
    }
  });
}
