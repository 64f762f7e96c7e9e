import { z } from 'zod';
import { isValidCpf, normalizeCpf } from '../lib/customer/cpf';

/**
 * The bank account a boleto's refund is paid into: Inter's collection API has no refund, so a paid boleto
 * of a cancelled order is returned by transfer. Bank code (3 digits, COMPE), agência (digits, optional check digit),
 * conta with its check digit, and the CPF of the account holder.
 */
const field = (max: number, empty: string) => z.string({ error: empty }).trim().min(1, empty).max(max, empty);
export const RefundBankDetailsSchema = z.object({
  bank: field(3, 'Informe o código do banco com 3 dígitos (ex.: 001).').regex(
    /^\d{3}$/,
    'Informe o código do banco com 3 dígitos (ex.: 001).',
  ),
  agency: field(6, 'Informe a agência (até 4 dígitos, com o dígito se houver: 1234-5).').regex(
    /^\d{1,4}(-?[0-9xX])?$/,
    'Informe a agência (até 4 dígitos, com o dígito se houver: 1234-5).',
  ),
  account: field(20, 'Informe a conta com o dígito (ex.: 12345-6).').regex(
    /^\d{1,18}-?[0-9xX]$/,
    'Informe a conta com o dígito (ex.: 12345-6).',
  ),
  holderCpf: field(14, 'Informe o CPF do titular da conta.')
    .refine(isValidCpf, 'CPF do titular inválido.')
    .transform((cpf) => normalizeCpf(cpf)),
});
export type RefundBankDetails = z.infer<typeof RefundBankDetailsSchema>;

/** An order's refund owed by transfer, as its shopper sees it: the account given (CPF masked) and when it was paid. */
export const RefundPayoutSchema = z.object({
  amount: z.number().int(),
  given: z.object({ bank: z.string(), agency: z.string(), account: z.string(), holderCpf: z.string() }).nullable(),
  paidOutAt: z.string().nullable(),
});
export type RefundPayout = z.infer<typeof RefundPayoutSchema>;
