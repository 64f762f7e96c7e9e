import type { PaymentMethodId } from '../../lib/payments/payment-methods';
import { providerCall } from './charge';
import type { ProviderSet } from './provider';
import type { UnsentRefund } from './refunds-repo';
import type { PaymentsRepo } from './repo';

/**
 * Refunds at the provider for what D1 has recorded (`payment_refunds`: a cancelled paid order, a return refunded
 * to the original method). The back office's batch records the refund; this then calls the provider's refund
 * API and stores the provider's refund id and answer (`status`: pending until the provider says done, ADR 0027;
 * the payment turns `refunded` only then). A call that fails leaves the id NULL and the cron calls again with
 * the same idempotency key (`refundId`: the Pix devolução id, PayPal-Request-Id), so a retry is the same refund.
 * Only live charges (they carry the provider's id, `provider_charge_id`) go to a provider; the sandbox's
 * refunds stay recorded-only, as before. Boleto has no refund API: those are `owed` (a bank transfer).
 */
export async function refundThroughProviders(
  deps: {
    payments: Pick<PaymentsRepo, 'unsentRefunds' | 'refundSent' | 'refundOwed'>;
    providers: ProviderSet;
  },
  now: Date,
  only: { orderId?: number; exchangeId?: number } = {},
): Promise<{ refunded: number; failed: number }> {
  const results = await deps.payments.unsentRefunds(only);
  let refunded = 0;
  let failed = 0;
  for (const row of results) {
    const provider = Object.values(deps.providers).find((p) => p?.name === row.provider);
    if (!provider) continue;
    if (provider.refundsByTransfer) {
      // No refund API (boleto): owed to the shopper until the back office pays it out by transfer — never "refunded".
      await deps.payments.refundOwed(row.id);
      console.warn(JSON.stringify({ payments: 'refund-owed', refund: row.id, provider: row.provider }));
      continue;
    }
    try {
      const { providerRefundId, status } = await providerCall((signal) =>
        provider.refund({ ...chargeOf(row, now), refundId: refundKeyOf(row), signal }),
      );
      await deps.payments.refundSent(row.id, providerRefundId, status);
      refunded += 1;
    } catch (error) {
      failed += 1;
      console.warn(
        JSON.stringify({ payments: 'refund-failed', refund: row.id, provider: row.provider, error: String(error) }),
      );
    }
  }
  return { refunded, failed };
}

/** Our idempotency id for a refund at its provider: the one it was sent with, else `VTRRF<row>`. */
const refundKeyOf = (row: UnsentRefund) => row.refundKey ?? `VTRRF${row.id}`;

const chargeOf = (row: UnsentRefund, now: Date) => ({
  reference: row.reference,
  providerReference: row.chargeId,
  methodId: row.methodId as PaymentMethodId,
  amountCents: row.amount,
  now,
});

/**
 * Cron: refunds a provider answered as still processing (Pix devolução EM_PROCESSAMENTO, PayPal PENDING) are read
 * back (GET /pix/{e2eid}/devolucao/{id}, GET /v2/payments/refunds/{id}) until the provider settles them: done (the
 * payment becomes `refunded` once covered) or not made (`failed`, logged: the money is still ours to give back).
 */
export async function refreshPendingRefunds(
  deps: { payments: Pick<PaymentsRepo, 'pendingRefunds' | 'refundSettled'>; providers: ProviderSet },
  now: Date,
  paymentId?: number,
): Promise<{ done: number; failed: number; pending: number }> {
  const tally = { done: 0, failed: 0, pending: 0 };
  for (const row of await deps.payments.pendingRefunds(paymentId)) {
    const provider = Object.values(deps.providers).find((p) => p?.name === row.provider);
    if (!provider?.refundStatus) continue;
    const status = await providerCall((signal) =>
      provider.refundStatus!({
        ...chargeOf(row, now),
        refundId: refundKeyOf(row),
        providerRefundId: row.providerRefundId,
        signal,
      }),
    ).catch(() => 'pending' as const);
    if (status === 'pending') {
      tally.pending += 1;
      continue;
    }
    if (!(await deps.payments.refundSettled(row.id, status))) continue;
    if (status === 'done') tally.done += 1;
    else {
      tally.failed += 1;
      console.warn(JSON.stringify({ payments: 'refund-not-made', refund: row.id, provider: row.provider }));
    }
  }
  return tally;
}
