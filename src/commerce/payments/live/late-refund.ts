import type { LiveEventsRepo, LivePaymentRow as PaymentRow } from './repo';
import { ProviderError, type ChargeState, type LiveProvider } from './live-provider';

/** Money that arrived for a payment we no longer honour (expired/cancelled): given back, idempotently. */
export async function refundLate(
  events: LiveEventsRepo,
  provider: LiveProvider,
  payment: PaymentRow,
  state: ChargeState,
  now: Date,
) {
  if (state.receipts.length === 0) return false;
  try {
    for (const [i, receipt] of state.receipts.entries()) {
      const key = `late${payment.id}n${i}`;
      const result = await provider.refund({ receiptId: receipt.id, refundId: key, amountCents: receipt.amountCents });
      if (result.status === 'failed') return false;
      // Pending (Pix EM_PROCESSAMENTO, PayPal PENDING) until the cron reads it back done (refunds.ts).
      await events.recordLateRefund(payment.id, receipt.amountCents, now.toISOString(), {
        providerRefundId: result.providerRefundId,
        status: result.status,
        key,
      });
    }
    return true;
  } catch (error) {
    if (error instanceof ProviderError) return false;
    throw error;
  }
}
