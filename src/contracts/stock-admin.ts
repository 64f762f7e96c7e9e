import { z } from 'zod';
import { ListSearch, ListPage } from './list-query';
import { dict } from '../lib/security/dict';

/** Why stock changed: the back office's pt-BR reasons list; keys are what the log stores. */
export const STOCK_REASONS = dict({
  recebimento: 'Recebimento de mercadoria',
  contagem: 'Contagem de inventário',
  avaria: 'Avaria ou defeito',
  perda: 'Perda ou furto',
  devolucao: 'Devolução de cliente',
  transferencia: 'Transferência entre lojas',
  correcao: 'Correção de lançamento',
} as const);
export type StockReason = keyof typeof STOCK_REASONS;
const REASON_KEYS = Object.keys(STOCK_REASONS) as [StockReason, ...StockReason[]];

export const STOCK_PAGE_SIZE = 20;
/** The most one location may hold of one SKU (a typo guard: 1e9 units is a typing accident, not a delivery). */
export const MAX_STOCK = 100_000;

const int = (message: string) => z.coerce.number({ error: message }).int(message);

export const StockQuerySchema = z.object({
  q: ListSearch,
  page: ListPage,
});
export type StockQuery = z.infer<typeof StockQuerySchema>;

/**
 * One adjustment of one SKU at one location: either `delta` (units in, positive, or out, negative) or `quantity`
 * (the counted on-hand), with the reason and the `version` the form was shown with (optimistic concurrency).
 */
export const StockAdjustmentSchema = z
  .object({
    sku: z.string({ error: 'Informe o SKU.' }).trim().min(1, 'Informe o SKU.').max(64, 'SKU inválido.'),
    store: z
      .string({ error: 'Informe a loja.' })
      .trim()
      .regex(/^[a-z0-9-]{1,40}$/, 'Loja não encontrada.'),
    delta: int('Informe a quantidade como número inteiro.')
      .min(-MAX_STOCK, 'Quantidade fora do limite.')
      .max(MAX_STOCK, 'Quantidade fora do limite.')
      .refine((v) => v !== 0, 'Informe uma quantidade diferente de zero.')
      .optional(),
    quantity: int('Informe a quantidade como número inteiro.')
      .min(0, 'O estoque não pode ficar negativo.')
      .max(MAX_STOCK, 'Quantidade fora do limite.')
      .optional(),
    reason: z.enum(REASON_KEYS, { error: 'Escolha o motivo do ajuste.' }),
    note: z
      .string({ error: 'Observação inválida.' })
      .trim()
      .max(200, 'A observação pode ter até 200 caracteres.')
      .optional()
      .transform((v) => (v ? v : undefined)),
    version: int('Versão do estoque inválida. Recarregue a página.').min(
      0,
      'Versão do estoque inválida. Recarregue a página.',
    ),
  })
  .strict()
  .refine((v) => (v.delta === undefined) !== (v.quantity === undefined), {
    message: 'Informe a entrada/saída ou a quantidade contada (uma das duas).',
  });
export type StockAdjustment = z.infer<typeof StockAdjustmentSchema>;

export type { StockAdjusted, StockLocation, StockLogEntry, StockPage, StockSku } from './stock-admin-views';
