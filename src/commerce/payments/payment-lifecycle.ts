import type { Batch, GiveBack } from '../d1';
import type { CashbackRepo } from '../cashback/repo';
import type { PaymentsRepo } from './repo';

/**
 * The payment lifecycle's effect on its orders: pending → paid (markPaid), pending → cancelled
 * (failPayment), unpaid past the deadline → expired (expireDue). Each is ONE guarded batch of statements
 * from the payments repo, with what the orders give back (stock, coupon use, cashback: `giveBack`) or
 * earn (the cashback accrual) from the other domains' repos.
 */
export interface PaymentLifecycleDeps {
  payments: PaymentsRepo;
  cashback: Pick<CashbackRepo, 'accrualStatement'>;
  giveBack: GiveBack;
  batch: Batch;
}

/** Expires every unpaid order (and unclaimed PayPal payment) past its deadline; returns how many orders. */
export async function expireDue(deps: PaymentLifecycleDeps, now: Date): Promise<number> {
  const results = await deps.batch(deps.payments.expireStatements(now.toISOString(), deps.giveBack));
  return results.at(-1)?.meta.changes ?? 0;
}

/**
 * A pending payment is confirmed (Pix received, boleto paid, PayPal captured, 3-D Secure passed,
 * consent given) or an authorized one captured: its orders become paid and earn cashback. False when it was no longer payable
 * (already paid, expired or cancelled).
 */
export async function markPaid(deps: PaymentLifecycleDeps, paymentId: number, now: Date): Promise<boolean> {
  const results = await deps.batch(
    deps.payments.paidStatements(paymentId, now.toISOString(), deps.cashback.accrualStatement),
  );
  return (results[0]?.meta.changes ?? 0) > 0;
}

/** A pending payment failed or was refused at its step: its orders are cancelled and the stock returns. */
export async function failPayment(
  deps: PaymentLifecycleDeps,
  paymentId: number,
  now: Date,
  note: string,
): Promise<boolean> {
  const results = await deps.batch(deps.payments.failStatements(paymentId, now.toISOString(), note, deps.giveBack));
  return (results[0]?.meta.changes ?? 0) > 0;
}
