import type { PaymentMethodId } from '../../lib/payments/payment-methods';
import { withdraw } from './charge';
import type { ChargeStatus, ProviderSet } from './provider';
import type { PaymentsRepo } from './repo';

/** How long a provider may still create a charge we gave up on (an answer after our timeout); then "never found" is final. */
export const ATTEMPT_GRACE_MS = 30 * 60_000;

/** What the provider says when nothing is held for an attempt. */
const CLOSED: ReadonlySet<ChargeStatus> = new Set(['voided', 'failed', 'expired', 'refunded']);

/**
 * Cron: attempts whose provider call we gave up on (payment_attempts, kept by charge.ts authorizeCharge) are looked up
 * by our reference again — Rede may approve an authorization after our timeout, when the checkout's own lookup found
 * nothing — and voided; an attempt is settled once the provider says nothing is held, or once it was never found for
 * ATTEMPT_GRACE_MS. No authorization is left open.
 */
export async function settleAttempts(
  deps: { payments: Pick<PaymentsRepo, 'openAttempts' | 'attemptSettled'>; providers: ProviderSet },
  now: Date,
): Promise<{ settled: number; open: number }> {
  const tally = { settled: 0, open: 0 };
  for (const row of await deps.payments.openAttempts()) {
    if (row.taken === 1) {
      await deps.payments.attemptSettled(row.reference, now.toISOString());
      tally.settled += 1;
      continue;
    }
    const provider = Object.values(deps.providers).find((p) => p?.name === row.provider);
    if (!provider) continue;
    const charge = {
      reference: row.reference,
      providerReference: row.providerRef,
      methodId: row.methodId as PaymentMethodId,
      amountCents: row.amount,
      now,
    };
    const status = await withdraw(provider, charge);
    const old = now.getTime() - Date.parse(row.createdAt) >= ATTEMPT_GRACE_MS;
    if (status !== null && (CLOSED.has(status) || (status === 'unknown' && old))) {
      await deps.payments.attemptSettled(row.reference, now.toISOString());
      tally.settled += 1;
    } else {
      tally.open += 1;
      if (status !== 'unknown')
        console.warn(
          JSON.stringify({ payments: 'attempt-open', reference: row.reference, provider: row.provider, status }),
        );
    }
  }
  return tally;
}
