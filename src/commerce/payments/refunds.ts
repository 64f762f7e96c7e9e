import type { PaymentMethodId } from '../../lib/payment-methods';
import { providerCall } from './charge';
import type { ProviderSet } from './provider';
import type { PaymentsRepo } from './repo';

/**
 * Refunds at the provider for what D1 has recorded (`payment_refunds`: a cancelled paid order, a return refunded
 * to the original method). The back office's batch records the refund; this then calls the provider's refund
 * API and stores the provider's refund id. A call that fails leaves the id NULL and the cron calls again with
 * the same idempotency key (`refundId`: the Pix devolução id, PayPal-Request-Id), so a retry is the same refund.
 * Only live charges (they carry the provider's id, `provider_charge_id`) go to a provider; the sandbox's
 * refunds stay recorded-only, as before. Boleto has no refund API: those stay for a bank transfer (logged).
 */
export async function refundThroughProviders(
  deps: { payments: Pick<PaymentsRepo, 'unsentRefunds' | 'refundSent'>; providers: ProviderSet },
  now: Date,
  only: { orderId?: number; exchangeId?: number } = {},
): Promise<{ refunded: number; failed: number }> {
  const results = await deps.payments.unsentRefunds(only);
  let refunded = 0;
  let failed = 0;
  for (const row of results) {
    const provider = Object.values(deps.providers).find((p) => p?.name === row.provider);
    if (!provider) continue;
    try {
      const { providerRefundId } = await providerCall((signal) =>
        provider.refund({
          reference: row.reference,
          providerReference: row.chargeId,
          methodId: row.methodId as PaymentMethodId,
          amountCents: row.amount,
          refundId: `VTRRF${row.id}`,
          now,
          signal,
        }),
      );
      await deps.payments.refundSent(row.id, providerRefundId);
      refunded += 1;
    } catch (error) {
      failed += 1;
      console.warn(JSON.stringify({ payments: 'refund-failed', refund: row.id, provider: row.provider, error: String(error) }));
    }
  }
  return { refunded, failed };
}
