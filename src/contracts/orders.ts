import { z } from 'zod';
import { CARD_BRANDS, ShippingOptionSchema } from './checkout';
import { dict } from '../lib/security/dict';

/**
 * Orders as pages and the account area read them (confirmation page, /minha-conta/pedidos).
 * Amounts are integer cents; dates ISO-8601 UTC (views format them in São Paulo time, lib/format/dates.ts).
 */
export const ORDER_STATUSES = ['pending', 'paid', 'invoiced', 'shipped', 'delivered', 'cancelled', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** pt-BR labels for the shopper. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = dict({
  pending: 'Aguardando pagamento',
  paid: 'Pagamento aprovado',
  invoiced: 'Nota fiscal emitida',
  shipped: 'Enviado',
  delivered: 'Entregue',
  cancelled: 'Cancelado',
  expired: 'Expirado',
});

export const OrderItemSchema = z.object({
  productItemId: z.number().int(),
  name: z.string(),
  slug: z.string(),
  size: z.string(),
  color: z.string(),
  photo: z.string().nullable(),
  amount: z.number().int(),
  unitPrice: z.number().int(),
  listPrice: z.number().int(),
  total: z.number().int(),
  gift: z.boolean(),
  /** Ships when it reaches the stock (pre-sale): its delivery deadline counts from then. */
  preSale: z.boolean().default(false),
});

export const OrderPaymentSchema = z.object({
  /** Our reference at the provider (Pix txid, PayPal payment id…); never card data. */
  reference: z.string().nullable(),
  methodId: z.number().int(),
  provider: z.string(),
  status: z.string(),
  installments: z.number().int(),
  /** Total charged, including installment interest. */
  charged: z.number().int(),
  cardBrand: z.enum(CARD_BRANDS).nullable(),
  cardLast4: z.string().nullable(),
  pix: z.object({ payload: z.string(), expiresAt: z.string() }).nullable(),
  boleto: z
    .object({
      digitableLine: z.string(),
      barcode: z.string(),
      dueDate: z.string(),
      /** "Boleto com Pix": the Pix copia-e-cola printed on it, when the bank gives one. */
      pixPayload: z.string().optional(),
    })
    .nullable(),
  /** A step the shopper still has to complete (PayPal approval, 3-D Secure, open-finance consent). */
  actionUrl: z.string().nullable(),
  expiresAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  /**
   * Made through the sandbox provider: no money moves, on whichever host the order is shown (one deployment may
   * serve a test host and the store's from one D1, ADR 0013). Absent upstream: false.
   */
  sandbox: z.boolean().default(false),
});
export type OrderPayment = z.infer<typeof OrderPaymentSchema>;

export const OrderEventSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  note: z.string().nullable(),
  at: z.string(),
});

export const AddressSnapshotSchema = z.object({
  zipCode: z.string(),
  street: z.string(),
  number: z.string(),
  complement: z.string().optional(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
  receiver: z.string().optional(),
});
export type AddressSnapshot = z.infer<typeof AddressSnapshotSchema>;

export const OrderSummarySchema = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  store: z.string(),
  paymentMethodId: z.number().int(),
  itemsCount: z.number().int(),
  total: z.number().int(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const OrderDetailSchema = OrderSummarySchema.extend({
  storeName: z.string(),
  customer: z.object({ name: z.string(), email: z.string(), cpf: z.string(), guest: z.boolean() }),
  subtotal: z.number().int(),
  discount: z.number().int(),
  shipping: z.number().int(),
  cashback: z.number().int(),
  cashbackEarned: z.number().int(),
  installments: z.number().int(),
  couponCode: z.string().nullable(),
  sellerCode: z.string().nullable(),
  pickup: z.boolean(),
  address: AddressSnapshotSchema.nullable(),
  shippingOption: ShippingOptionSchema,
  trackingCode: z.string().nullable(),
  expiresAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  items: z.array(OrderItemSchema),
  events: z.array(OrderEventSchema),
  payment: OrderPaymentSchema,
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

export const CustomerOrdersResponseSchema = z.object({ orders: z.array(OrderSummarySchema) });

/** What the confirmation page (and the status poll) reads for `/checkout/order/{ids}?token=`. */
export const OrderConfirmationSchema = z.object({
  orders: z.array(OrderDetailSchema),
  total: z.number().int(),
  status: z.enum(ORDER_STATUSES),
});
export type OrderConfirmation = z.infer<typeof OrderConfirmationSchema>;

/** `GET /api/order-status?orderIds=1-2&token=…` for the Pix/boleto polling. */
export const OrderStatusResponseSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  orders: z.array(z.object({ id: z.number().int(), status: z.enum(ORDER_STATUSES) })),
});
export type OrderStatusResponse = z.infer<typeof OrderStatusResponseSchema>;

/** One product of a retried order, as the bag got it back: `back` of the `wanted` units (0: sold out). */
export const RetryLineSchema = z.object({
  name: z.string(),
  size: z.string(),
  color: z.string(),
  wanted: z.number().int(),
  back: z.number().int(),
});
export type RetryLine = z.infer<typeof RetryLineSchema>;

/**
 * "Tentar novamente" on an order whose payment was refused at its step (`POST /api/order-retry`): its products
 * went back to the bag `cartId` (null: no bag of this shopper holds them now). `already`: an earlier retry of
 * these orders put them back. `short`: the products that could not come back whole (stock). `codesDropped`:
 * the order had a coupon or seller code, which does not come back with the products.
 */
export const OrderRetryResultSchema = z.object({
  cartId: z.string().nullable(),
  already: z.boolean(),
  short: z.array(RetryLineSchema),
  codesDropped: z.boolean(),
});
export type OrderRetryResult = z.infer<typeof OrderRetryResultSchema>;
