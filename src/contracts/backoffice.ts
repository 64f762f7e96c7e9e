import { z } from 'zod';
import { ExchangeSchema, ExchangeStatusSchema, type ExchangeStatus } from './exchanges';
import { ORDER_STATUSES, OrderDetailSchema } from './orders';
import { dict } from '../lib/security/dict';
import { ListPage, ListSearch } from './list-query';

/**
 * The store's back office (`/api/backoffice/*`, ADR 0010): signed-in staff only, each mutation behind
 * its permission (ADR 0028). Amounts are integer cents.
 */
export const BACKOFFICE_PAGE_SIZE = 20;

/** Free text, trimmed; blank counts as absent. */
const optionalText = (max: number, invalid: string, tooLong: string) =>
  z
    .string({ error: invalid })
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((v) => (v ? v : undefined));

export const BackofficeOrdersQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: 'Status de pedido desconhecido.' }).optional(),
  /** Order number, or part of the customer's e-mail or name. */
  q: ListSearch,
  page: ListPage,
});
export type BackofficeOrdersQuery = z.infer<typeof BackofficeOrdersQuerySchema>;

export const BackofficeExchangesQuerySchema = z.object({
  status: z.enum(ExchangeStatusSchema.options, { error: 'Status de troca desconhecido.' }).optional(),
  page: ListPage,
});
export type BackofficeExchangesQuery = z.infer<typeof BackofficeExchangesQuerySchema>;

/** Where the operator can move an order (advanceOrder): the fulfilment steps and cancellation. */
export const ORDER_TARGETS = ['invoiced', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderTarget = (typeof ORDER_TARGETS)[number];

export const OrderStatusChangeSchema = z.object({
  to: z.enum(ORDER_TARGETS, { error: 'Escolha para qual status o pedido vai.' }),
  trackingCode: z
    .string({ error: 'Código de rastreio inválido.' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{4,40}$/, 'O código de rastreio deve ter de 4 a 40 letras, números ou hífens.')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type OrderStatusChange = z.infer<typeof OrderStatusChangeSchema>;

/** Where the operator can move an exchange/return request. */
export const EXCHANGE_TARGETS = ['approved', 'rejected', 'received', 'refunded', 'completed'] as const;
export type ExchangeTarget = (typeof EXCHANGE_TARGETS)[number];

/** requested → approved | rejected; approved → received; received → refunded (or completed for an exchange); refunded → completed. */
export const EXCHANGE_TRANSITIONS: Record<ExchangeStatus, readonly ExchangeTarget[]> = dict({
  requested: ['approved', 'rejected'],
  approved: ['received'],
  received: ['refunded', 'completed'],
  refunded: ['completed'],
  completed: [],
  rejected: [],
});

/** The steps open to a request now: a return must be refunded before it is completed. */
export function nextExchangeSteps(status: ExchangeStatus, kind: 'exchange' | 'return'): ExchangeTarget[] {
  return EXCHANGE_TRANSITIONS[status].filter(
    (to) => !(status === 'received' && to === 'completed' && kind === 'return'),
  );
}

export const ExchangeStatusChangeSchema = z.object({
  to: z.enum(EXCHANGE_TARGETS, { error: 'Escolha para qual status a solicitação vai.' }),
  note: optionalText(500, 'Observação inválida.', 'A observação pode ter até 500 caracteres.'),
});
export type ExchangeStatusChange = z.infer<typeof ExchangeStatusChangeSchema>;

export { OperatorSchema, type Operator } from './staff';

export const BackofficeOrderRowSchema = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  itemsCount: z.number().int(),
  total: z.number().int(),
  paymentMethodId: z.number().int(),
  trackingCode: z.string().nullable(),
});
export type BackofficeOrderRow = z.infer<typeof BackofficeOrderRowSchema>;

const Paging = { page: z.number().int(), pageSize: z.number().int(), total: z.number().int() };

export const BackofficeOrdersPageSchema = z.object({ orders: z.array(BackofficeOrderRowSchema), ...Paging });
export type BackofficeOrdersPage = z.infer<typeof BackofficeOrdersPageSchema>;

export const BackofficeExchangeSchema = ExchangeSchema.extend({
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  next: z.array(z.enum(EXCHANGE_TARGETS)),
});
export type BackofficeExchange = z.infer<typeof BackofficeExchangeSchema>;

export const BackofficeExchangesPageSchema = z.object({ exchanges: z.array(BackofficeExchangeSchema), ...Paging });
export type BackofficeExchangesPage = z.infer<typeof BackofficeExchangesPageSchema>;

export const BackofficeOrderDetailSchema = z.object({
  order: OrderDetailSchema,
  next: z.array(z.enum(ORDER_TARGETS)),
  exchanges: z.array(BackofficeExchangeSchema),
});
export type BackofficeOrderDetail = z.infer<typeof BackofficeOrderDetailSchema>;

/** What the provider last said about one refund (payment_refunds.status; null: not answered yet / sandbox). */
export const REFUND_STATES = ['pending', 'done', 'failed', 'owed'] as const;

/**
 * The back office's per-order provider view: the payment as the provider holds it — provider, its ids,
 * our status, the provider's last known status (the last notification or reconciliation), when it confirmed a
 * cancelled sale closed, the events it sent, and the refunds with their provider answers.
 */
export const BackofficePaymentSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  methodId: z.number().int(),
  status: z.string(),
  reference: z.string().nullable(),
  chargeId: z.string().nullable(),
  charged: z.number().int(),
  /** Every order this one charge paid (one checkout may split into several orders), with its total. */
  orders: z.array(z.object({ id: z.number().int(), total: z.number().int() })).default([]),
  providerStatus: z.string().nullable(),
  providerStatusAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  events: z.array(
    z.object({
      source: z.string(),
      eventId: z.string(),
      providerStatus: z.string(),
      outcome: z.string(),
      at: z.string(),
    }),
  ),
  refunds: z.array(
    z.object({
      id: z.number().int(),
      orderId: z.number().int(),
      amount: z.number().int(),
      status: z.enum(REFUND_STATES).nullable(),
      providerRefundId: z.string().nullable(),
      at: z.string(),
      /** A refund owed by transfer: the shopper's account (from the account area) and when the store paid it out. */
      payout: z
        .object({
          bank: z.string(),
          agency: z.string(),
          account: z.string(),
          holderCpf: z.string(),
          paidOutAt: z.string().nullable(),
        })
        .nullable(),
    }),
  ),
});
export type BackofficePayment = z.infer<typeof BackofficePaymentSchema>;
export const BackofficeOrderPaymentSchema = z.object({ payment: BackofficePaymentSchema.nullable() });
export type BackofficeOrderPayment = z.infer<typeof BackofficeOrderPaymentSchema>;
