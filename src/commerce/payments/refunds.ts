import type { PaymentMethodId } from '../../lib/payment-methods';
import { providerCall } from '../orders/charge';
import type { ProviderSet } from './provider';

/**
 * Refunds at the provider for what D1 has recorded (`payment_refunds`: a cancelled paid order, a return refunded
 * to the original method). The back office's batch records the refund; this then calls the provider's refund
 * API and stores the provider's refund id. A call that fails leaves the id NULL and the cron calls again with
 * the same idempotency key (`refundId`: the Pix devolução id, PayPal-Request-Id), so a retry is the same refund.
 * Only live charges (they carry the provider's id, `provider_charge_id`) go to a provider; the sandbox's
 * refunds stay recorded-only, as before. Boleto has no refund API: those stay for a bank transfer (logged).
 */
export async function refundThroughProviders(
  db: D1Database,
  providers: ProviderSet,
  now: Date,
  only: { orderId?: number; exchangeId?: number } = {},
): Promise<{ refunded: number; failed: number }> {
  const filters: string[] = [];
  const params: unknown[] = [];
  for (const [column, value] of [
    ['order_id', only.orderId],
    ['exchange_id', only.exchangeId],
  ] as const) {
    if (value === undefined) continue;
    filters.push(`AND r.${column} = ?`);
    params.push(value);
  }
  const { results } = await db
    .prepare(
      `SELECT r.id, r.amount_cents AS amount, p.provider, p.method_id AS methodId, p.provider_reference AS reference,
              p.provider_charge_id AS chargeId
         FROM payment_refunds r JOIN payments p ON p.id = r.payment_id
        WHERE r.provider_refund_id IS NULL AND p.provider_charge_id IS NOT NULL ${filters.join(' ')}
        ORDER BY r.id LIMIT 50`,
    )
    .bind(...params)
    .all<{ id: number; amount: number; provider: string; methodId: number; reference: string; chargeId: string }>();
  let refunded = 0;
  let failed = 0;
  for (const row of results) {
    const provider = Object.values(providers).find((p) => p?.name === row.provider);
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
      await db
        .prepare('UPDATE payment_refunds SET provider_refund_id = ? WHERE id = ? AND provider_refund_id IS NULL')
        .bind(providerRefundId, row.id)
        .run();
      refunded += 1;
    } catch (error) {
      failed += 1;
      console.warn(JSON.stringify({ payments: 'refund-failed', refund: row.id, provider: row.provider, error: String(error) }));
    }
  }
  return { refunded, failed };
}
