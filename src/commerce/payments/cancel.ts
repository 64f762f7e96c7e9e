import type { PaymentMethodId } from '../../lib/payments/payment-methods';
import { providerCall, withdraw } from './charge';
import type { ChargeRef, ProviderSet } from './provider';
import type { PaymentsRepo } from './repo';

/** Our refund id for money that reached a payment we no longer honour (the same as live/late-refund.ts's first receipt). */
export const lateRefundId = (paymentId: number) => `late${paymentId}n0`;

function log(entry: Record<string, unknown>): void {
  console.warn(JSON.stringify({ payments: 'close-cancelled', ...entry }));
}

/**
 * A cancel reaches the provider. For each live payment we no longer honour — cancelled with its last
 * order (the cancel batch, repo.ts cancelUnpaidStatements), or authorized with none of its orders going ahead — and
 * not yet confirmed closed at the provider:
 *   1. the charge is withdrawn (`void`: Pix PATCH /cob REMOVIDA_PELO_USUARIO_RECEBEDOR, Inter /cancelar, Rede's
 *      cancellation of the authorization or of a debit still in 3-D Secure; PayPal never captures it);
 *   2. the provider is asked what it holds now, and only its answer moves us: money received (a Pix paid before the
 *      withdrawal arrived, a debit authenticated, a capture that raced the cancel) is refunded with a deterministic
 *      id (a retry is the same refund) and recorded in the same batch that closes the payment; withdrawn, voided,
 *      lapsed or unknown closes it; still payable (the withdrawal failed) leaves it for the next run (the cron).
 * The back office runs it for the cancelled order; the cron for every payment left open.
 */
export async function closeCancelled(
  deps: { payments: Pick<PaymentsRepo, 'toClose' | 'close'>; providers: ProviderSet },
  now: Date,
  only: { orderId?: number; paymentId?: number } = {},
): Promise<{ closed: number; refunded: number; open: number }> {
  const tally = { closed: 0, refunded: 0, open: 0 };
  const at = now.toISOString();
  for (const row of await deps.payments.toClose(only)) {
    const provider = Object.values(deps.providers).find((p) => p?.name === row.provider);
    if (!provider) continue;
    const charge: Omit<ChargeRef, 'signal'> = {
      reference: row.reference,
      providerReference: row.chargeId,
      methodId: row.methodId as PaymentMethodId,
      amountCents: row.amount,
      now,
    };
    const status = await withdraw(provider, charge);
    if (status === 'paid') {
      const key = lateRefundId(row.id);
      try {
        // No refund API (a boleto paid after its cancel): the refund is owed, paid out by transfer (back office).
        const { providerRefundId, status: refund } = provider.refundsByTransfer
          ? { providerRefundId: null, status: 'owed' as const }
          : await providerCall((signal) => provider.refund({ ...charge, refundId: key, signal }));
        if (await deps.payments.close(row.id, at, { amountCents: row.amount, providerRefundId, status: refund, key }))
          tally.refunded += 1;
      } catch (error) {
        tally.open += 1;
        log({ payment: row.id, provider: row.provider, refund: 'failed', error: String(error) });
      }
      continue;
    }
    const stillPayable = status === null || status === 'pending' || status === 'authorized';
    if (stillPayable && !(status !== null && provider.lapsesUncaptured)) {
      tally.open += 1;
      log({ payment: row.id, provider: row.provider, status: status ?? 'unreachable' });
      continue;
    }
    if (await deps.payments.close(row.id, at)) tally.closed += 1;
  }
  return tally;
}
