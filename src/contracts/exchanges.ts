import { z } from 'zod';

/** Days after delivery in which an exchange or return can be requested. */
export const EXCHANGE_WINDOW_DAYS = 30;

const Id = (message: string) =>
  z
    .number({ error: message })
    .int(message)
    .positive(message)
    .max(2 ** 31 - 1, message);

export const ExchangeKindSchema = z.enum(['exchange', 'return'], { error: 'Escolha troca ou devolução.' });
const REFUND_CHOICE = 'Escolha como quer receber o reembolso: cashback ou forma de pagamento original.';
export const RefundMethodSchema = z.enum(['cashback', 'original'], { error: REFUND_CHOICE });
export const EXCHANGE_STATUSES = ['requested', 'approved', 'received', 'refunded', 'completed', 'rejected'] as const;
export const ExchangeStatusSchema = z.enum(EXCHANGE_STATUSES);
export type ExchangeStatus = z.infer<typeof ExchangeStatusSchema>;

/** POST /api/exchanges. Each order line at most once; amounts whole and positive. */
export const ExchangeRequestSchema = z
  .object({
    orderId: Id('Pedido inválido.'),
    kind: ExchangeKindSchema,
    reason: z
      .string({ error: 'Conte o motivo da troca ou devolução.' })
      .trim()
      .min(3, 'Conte o motivo da troca ou devolução (pelo menos 3 caracteres).')
      .max(500, 'O motivo pode ter até 500 caracteres.'),
    items: z
      .array(
        z.object({
          orderItemId: Id('Item do pedido inválido.'),
          amount: z
            .number({ error: 'Quantidade inválida.' })
            .int('Quantidade inválida.')
            .min(1, 'A quantidade deve ser pelo menos 1.')
            .max(999, 'Quantidade inválida.'),
        }),
        { error: 'Escolha os itens da troca ou devolução.' },
      )
      .min(1, 'Escolha pelo menos um item do pedido.')
      .max(50, 'Itens demais em uma só solicitação.')
      .refine(
        (items) => new Set(items.map((i) => i.orderItemId)).size === items.length,
        'Cada item só pode aparecer uma vez.',
      ),
    /** Asked only for a return (devolução); an exchange (troca) ignores it and is stored as cashback. */
    refund: RefundMethodSchema.optional(),
  })
  .superRefine((r, ctx) => {
    if (r.kind === 'return' && !r.refund) ctx.addIssue({ code: 'custom', path: ['refund'], message: REFUND_CHOICE });
  })
  .transform((r) => ({ ...r, refund: r.kind === 'return' && r.refund ? r.refund : ('cashback' as const) }));
export type ExchangeRequest = z.infer<typeof ExchangeRequestSchema>;

export const ExchangeEventSchema = z.object({
  status: ExchangeStatusSchema,
  note: z.string().nullable(),
  at: z.string(),
});
export type ExchangeEvent = z.infer<typeof ExchangeEventSchema>;

export const ExchangeSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  kind: ExchangeKindSchema,
  reason: z.string(),
  refund: RefundMethodSchema,
  status: ExchangeStatusSchema,
  createdAt: z.string(),
  items: z.array(
    z.object({
      orderItemId: z.number().int(),
      name: z.string(),
      size: z.string(),
      colorName: z.string(),
      amount: z.number().int(),
    }),
  ),
  /** Cents refunded (cashback credit or to the original payment) once the request is refunded. */
  refundAmount: z.number().int().nullable().default(null),
  /** Timeline, oldest first (migration 0010). */
  events: z.array(ExchangeEventSchema).default([]),
});
export type Exchange = z.infer<typeof ExchangeSchema>;

/** GET /api/exchanges (and the answer of POST): the customer's requests plus the lines still eligible. */
export const ExchangesResponseSchema = z.object({
  exchanges: z.array(ExchangeSchema),
  eligible: z.array(
    z.object({
      orderId: z.number().int(),
      orderItemId: z.number().int(),
      name: z.string(),
      size: z.string(),
      colorName: z.string(),
      /** How many units can still be requested. */
      available: z.number().int(),
      deliveredAt: z.string(),
    }),
  ),
});
export type ExchangesResponse = z.infer<typeof ExchangesResponseSchema>;
