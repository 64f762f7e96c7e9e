import type { RefundBankDetails, RefundPayout } from '../../contracts/refund-payout';
import { DomainError } from '../domain-error';
import type { PaymentsDeps } from './service';

export const PAYOUT_MESSAGES = {
  signIn: 'Entre na sua conta para informar os dados bancários.',
  none: 'Este pedido não tem reembolso por transferência.',
  paid: 'Este reembolso já foi pago; os dados bancários não podem mais mudar.',
} as const;

const masked = (cpf: string) => `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;

/** A paid boleto's refund owed by transfer, for the signed-in customer's own order; null: none. Nobody signed in: 401, as for giving it. */
export async function refundPayout(deps: PaymentsDeps, orderId: number): Promise<RefundPayout | null> {
  const who = await deps.identity();
  if (!who) throw new DomainError('UNAUTHENTICATED', PAYOUT_MESSAGES.signIn);
  const row = await deps.payments.owedRefund(orderId, who.id);
  if (!row) return null;
  return {
    amount: row.amount,
    given: row.bank
      ? { bank: row.bank, agency: row.agency!, account: row.account!, holderCpf: masked(row.holderCpf!) }
      : null,
    paidOutAt: row.paidOutAt,
  };
}

/** The shopper's account for that refund (replaces an earlier one until the back office paid it out). */
export async function giveRefundBank(
  deps: PaymentsDeps,
  orderId: number,
  input: RefundBankDetails,
): Promise<RefundPayout> {
  const who = await deps.identity();
  if (!who) throw new DomainError('UNAUTHENTICATED', PAYOUT_MESSAGES.signIn);
  const row = await deps.payments.owedRefund(orderId, who.id);
  if (!row) throw new DomainError('NOT_FOUND', PAYOUT_MESSAGES.none);
  if (row.paidOutAt || !(await deps.payments.giveRefundBank(row.id, input, deps.now().toISOString())))
    throw new DomainError('CONFLICT', PAYOUT_MESSAGES.paid);
  return (await refundPayout(deps, orderId))!;
}
