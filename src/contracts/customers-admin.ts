import { z } from 'zod';
import { ListSearch } from './list-query';

/** Customers in the back office (ADR 0031): search, one customer's page, cashback adjustment, LGPD export/erase. */
const id = (message: string) => z.number({ error: message }).int(message).min(1, message).max(1_000_000_000, message);

export const CustomersQuerySchema = z.object({
  q: ListSearch,
});
export type CustomersQuery = z.infer<typeof CustomersQuerySchema>;

/** The most one adjustment may move (R$ 10.000,00): a typo guard. */
export const MAX_CASHBACK_ADJUSTMENT = 1_000_000;

export const CashbackAdjustSchema = z
  .object({
    customerId: id('Cliente inválido.'),
    /** Cents, signed: a credit (+) or a debit (−). */
    amount: z
      .number({ error: 'Informe o valor do ajuste em reais (use − para retirar).' })
      .int('Informe o valor do ajuste em reais (use − para retirar).')
      .min(-MAX_CASHBACK_ADJUSTMENT, 'O ajuste vai até R$ 10.000,00.')
      .max(MAX_CASHBACK_ADJUSTMENT, 'O ajuste vai até R$ 10.000,00.')
      .refine((v) => v !== 0, 'Informe um valor diferente de zero.'),
    reason: z
      .string({ error: 'Informe o motivo do ajuste.' })
      .trim()
      .min(3, 'Informe o motivo do ajuste.')
      .max(200, 'Motivo: até 200 caracteres.'),
    /** The balance the page showed (cents): the form's version. */
    balance: z
      .number({ error: 'Saldo inválido. Recarregue a página.' })
      .int('Saldo inválido. Recarregue a página.')
      .min(0, 'Saldo inválido. Recarregue a página.'),
  })
  .strict();
export type CashbackAdjust = z.infer<typeof CashbackAdjustSchema>;

export const CustomerEraseSchema = z
  .object({
    customerId: id('Cliente inválido.'),
    confirm: z.literal(true, { error: 'Marque a confirmação para apagar os dados pessoais.' }),
  })
  .strict();
export type CustomerErase = z.infer<typeof CustomerEraseSchema>;

export interface AdminCustomerRow {
  id: number;
  name: string;
  email: string;
  cpf: string;
  createdAt: string;
  erasedAt: string | null;
}

export interface AdminCustomer extends AdminCustomerRow {
  phone: string | null;
  orders: { id: number; createdAt: string; status: string; total: number }[];
  cashback: {
    balance: number;
    entries: { id: number; kind: string; amount: number; note: string | null; createdAt: string }[];
  };
  exchanges: { id: number; orderId: number; kind: string; status: string; createdAt: string }[];
}

export const CUSTOMERS_ADMIN_MESSAGES = {
  notFound: 'Cliente não encontrado.',
  staleBalance: (now: string) =>
    `O saldo de cashback mudou desde que a página foi aberta: agora ${now}. Confira e ajuste de novo.`,
  negative: (now: string) => `O ajuste deixaria o saldo negativo (saldo: ${now}).`,
  erased: 'Os dados pessoais deste cliente já foram apagados.',
  staff: 'Esta pessoa faz parte da equipe da loja: tire-a da equipe antes de apagar os dados.',
  inProgress:
    'Há pedidos ou trocas em andamento: os dados são necessários para concluí-los. Apague depois que forem entregues, concluídos ou cancelados.',
  upstream:
    'Esta loja usa um backend externo (COMMERCE_API_URL): os clientes pertencem a ele. Faça as alterações por lá; nada foi alterado aqui.',
} as const;

/** What an erased customer's personal data become (ADR 0031). */
export const ERASED_NAME = 'Cliente removido';
