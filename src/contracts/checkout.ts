import { z } from 'zod';
import { CartIdSchema } from './cart';
import { DeliveryAddressSchema } from './customers';
import { guestErrors } from '../lib/customer/guest';
import { PAYMENT_METHOD_IDS, PAYMENT_METHODS } from '../lib/payments/payment-methods';
import { BAG_FINGERPRINT } from '../lib/checkout/reviewed-bag';

/**
 * Checkout and payment contracts shared by the checkout UI, the /api routes and both adapters
 * (spec §3 payment information and method ids, §7 finish-order / paypal/create / credit-card-service).
 * Amounts are integer cents.
 */
export { PAYMENT_METHOD_IDS };
export type { PaymentMethodId } from '../lib/payments/payment-methods';
export const PaymentMethodIdSchema = z.union(
  Object.values(PAYMENT_METHOD_IDS).map((id) => z.literal(id)),
  {
    error: 'Forma de pagamento inválida.',
  },
);
/** The checkout's method names (spec §3); credit-card is the rede or the PayPal card method by the card service. */
export const PAYMENT_METHOD_NAMES = [
  'credit-card',
  'debit-card',
  'bank-slip',
  'paypal',
  'pix',
  'open-finance',
  'coupon',
] as const;
export type PaymentMethodName = (typeof PAYMENT_METHOD_NAMES)[number];

/** `GET /api/payment-methods`: the methods this store can charge now (live mode: configured providers only). */
export const PaymentMethodsResponseSchema = z.object({
  methods: z.array(
    z.object({
      id: z.number().int(),
      name: z.enum(PAYMENT_METHODS.map((m) => m.name) as [string, ...string[]]),
      label: z.string(),
      kind: z.string(),
      installments: z.number().int(),
    }),
  ),
});
export type PaymentMethodsResponse = z.infer<typeof PaymentMethodsResponseSchema>;

export const CARD_BRANDS = [
  'visa',
  'mastercard',
  'hipercard',
  'hiper',
  'diners',
  'amex',
  'credsystem',
  'unknown',
] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** Payment information (spec §3). Card fields only for card methods; never stored. */
export const PaymentSchema = z.object({
  paymentMethodId: PaymentMethodIdSchema,
  installmentNumber: z.number().int().min(1).max(12).default(1),
  cardNumber: z.string().max(23).optional(),
  securityCode: z.string().max(4).optional(),
  expirationMonth: z.union([z.string(), z.number()]).optional(),
  expirationYear: z.union([z.string(), z.number()]).optional(),
  holderName: z.string().max(80).optional(),
  /** PayPal wallet: the payment created by `/api/paypal/create`; without it finish-order creates one. */
  paypalPaymentId: z.string().max(60).optional(),
});
export type Payment = z.infer<typeof PaymentSchema>;

export const ShippingOptionSchema = z.object({
  type: z.enum(['normal', 'expressa', 'pickup']),
  carrier: z.string().max(80),
  carrierId: z.union([z.string(), z.number()]),
  price: z.number().int().min(0),
  deadline: z.number().int().min(0),
});

/** One package per store (spec: per-store delivery options). */
export const PackageSchema = z.object({
  store: z.string().min(1).max(40),
  selectedOption: ShippingOptionSchema,
});

/** Guest identification (`anonymousConsumer`): the one guest rule (`lib/guest`), then trimmed. */
export const AnonymousConsumerSchema = z
  .object({
    name: z.string().max(200),
    email: z.string().max(300),
    cpf: z.string().max(14),
    phone: z.string().max(20).optional(),
  })
  .superRefine((guest, ctx) => {
    for (const [field, message] of Object.entries(guestErrors(guest)))
      ctx.addIssue({ code: 'custom', path: [field], message });
  })
  .transform((guest) => ({ ...guest, name: guest.name.trim(), email: guest.email.trim() }));

/**
 * What the shopper saw at Revisão: the total (cents, before installment interest) and the bag's lines
 * (`lib/checkout/reviewed-bag.ts bagFingerprint`). Finish-order refuses (409 `BAG_CHANGED`) when the bag it is
 * about to order differs. Optional on the wire (spec §7 callers, a page loaded before a deploy); the
 * store's own checkout and the no-JS form always send it.
 */
export const ReviewedSchema = z.object({
  total: z.number().int().min(0).max(10_000_000_00),
  lines: z.string().max(2000).regex(BAG_FINGERPRINT).optional(),
});

/** POST /api/finish-order (spec §7 field names). `idempotencyKey` (or header `Idempotency-Key`) makes retries safe. */
/** `screen.colorDepth`, `screen.height`/`width`, `navigator.javaEnabled()`, `navigator.language`, `getTimezoneOffset()`. */
export const BrowserDeviceSchema = z.object({
  colorDepth: z.number().int().min(1).max(48).optional(),
  screenHeight: z.number().int().min(1).max(100_000).optional(),
  screenWidth: z.number().int().min(1).max(100_000).optional(),
  javaEnabled: z.boolean().optional(),
  language: z.string().trim().min(2).max(8).optional(),
  /** Minutes, as `Date#getTimezoneOffset` gives them (São Paulo: 180). */
  timeZoneOffset: z.number().int().min(-840).max(840).optional(),
});
export const FinishOrderSchema = z.object({
  customerId: z.number().int().positive().nullish(),
  cartId: CartIdSchema,
  shippingInfo: z.object({
    store: z.string().max(40).nullish(),
    addressId: z.number().int().positive().nullish(),
    selectedOption: ShippingOptionSchema.nullish(),
  }),
  shipping: z.number().int().min(0).default(0),
  payment: PaymentSchema,
  anonymousConsumer: AnonymousConsumerSchema.nullish(),
  /** The typed delivery address (no addressId): a saved address's rules (UF, CEP of that UF, house number). */
  address: DeliveryAddressSchema.nullish(),
  packages: z.array(PackageSchema).min(1).max(10),
  hasPreSale: z.boolean().default(false),
  userAgent: z.string().max(500).optional(),
  /**
   * The shopper's browser as 3-D Secure 2 wants it (card issuers' risk checks); sent by the store's checkout. Measured
   * by the browser, not typed by the shopper: an implausible value is dropped (3-D Secure then uses defaults), never a 400.
   */
  device: BrowserDeviceSchema.optional().catch(undefined),
  idempotencyKey: z.string().min(16).max(80).optional(),
  reviewed: ReviewedSchema.optional(),
});
export type FinishOrder = z.infer<typeof FinishOrderSchema>;
export type BrowserDevice = z.infer<typeof BrowserDeviceSchema>;
/** The body the store's own checkouts send: always with what the shopper reviewed. */
export type ReviewedFinishOrder = FinishOrder & { reviewed: NonNullable<FinishOrder['reviewed']> };
/** `code` of the body's `reason` when finish-order refuses because the bag changed since Revisão. */
export const BAG_CHANGED = 'BAG_CHANGED';
/** Its words (pt-BR), also shown by the no-JS form. */
export const BAG_CHANGED_PROBLEM = {
  title: 'Sua sacola mudou',
  message: 'Sua sacola mudou desde a revisão. Confira os itens e o novo total antes de finalizar.',
} as const;
/** The extra fields of that refusal: what would be charged now (cents, before interest) and the lines. */
export const BagChangedSchema = z.object({
  reason: z.literal(BAG_CHANGED),
  total: z.number().int(),
  lines: z.string(),
});

/** What the shopper must do next for a pending payment. */
export type PaymentNextStep =
  | { kind: 'none' }
  | { kind: 'pix'; payload: string; qrSvg: string; expiresAt: string }
  | {
      kind: 'boleto';
      digitableLine: string;
      barcode: string;
      dueDate: string;
      url: string;
      pixPayload?: string;
      qrSvg?: string;
    }
  | { kind: 'redirect'; url: string };

/** Answer of finish-order: the orders created (one per package/store) and where to go next. */
export interface FinishOrderResult {
  orderIds: number[];
  /** `/checkout/order/{ids joined with -}?token={token}` */
  redirect: string;
  token: string;
  status: 'pending' | 'paid';
  total: number;
  next: PaymentNextStep;
}

/** `POST /api/credit-card-service` → which provider processes credit cards (rede, or the PayPal card method). */
export const CardServiceResponseSchema = z.object({ service: z.enum(['rede', 'paypal']) });
export type CardServiceResponse = z.infer<typeof CardServiceResponseSchema>;

/** `GET /api/installments?total=` (cents). */
export const InstallmentsQuerySchema = z.object({
  total: z.coerce
    .number({ error: 'Informe o valor total.' })
    .int('Valor total inválido.')
    .min(0, 'Valor total inválido.')
    .max(10_000_000_00, 'Valor total inválido.'),
});
export const InstallmentSchema = z.object({
  number: z.number().int(),
  value: z.number().int(),
  total: z.number().int(),
  interestFree: z.boolean(),
});
export const InstallmentsResponseSchema = z.object({ installments: z.array(InstallmentSchema) });
export type InstallmentsResponse = z.infer<typeof InstallmentsResponseSchema>;

/**
 * `POST /api/paypal/create` (spec §7): create form `{customerId, cartId, shipping, payment}`, or retry form
 * `{retryPayment: true, customerId, payment: {order: {id}, paymentMethodId}}` for a pending order.
 */
const PaypalMethodIdSchema = z.union(
  PAYMENT_METHODS.filter((m) => m.provider === 'paypal').map((m) => z.literal(m.id)),
  { error: 'Forma de pagamento inválida.' },
);
export const PaypalCreateSchema = z.union([
  z.object({
    retryPayment: z.literal(true),
    customerId: z.number().int().positive().nullish(),
    token: z.string().max(400).optional(),
    payment: z.object({ order: z.object({ id: z.number().int().positive() }), paymentMethodId: PaypalMethodIdSchema }),
  }),
  z.object({
    retryPayment: z.literal(false).optional(),
    customerId: z.number().int().positive().nullish(),
    cartId: CartIdSchema,
    shipping: z.number().int().min(0).default(0),
    payment: z.object({
      installmentNumber: z.number().int().min(1).max(12).default(1),
      paymentMethodId: PaypalMethodIdSchema,
    }),
  }),
]);
export type PaypalCreate = z.infer<typeof PaypalCreateSchema>;

export const PaypalCreateResponseSchema = z.object({
  paypal: z.object({
    id: z.string(),
    intent: z.literal('sale').or(z.literal('capture')),
    state: z.string(),
    links: z.array(z.object({ rel: z.string(), href: z.string(), method: z.string().optional() })),
    transactions: z.array(z.object({ amount: z.object({ total: z.string(), currency: z.literal('BRL') }) })),
  }),
});
export type PaypalCreateResponse = z.infer<typeof PaypalCreateResponseSchema>;
/** Failure body of paypal/create: the checkout switches the card service to rede and the method to 1. */
export const PAYPAL_FAILED = 'PAYPAL_FAILED';

export const PaymentNextStepSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('pix'), payload: z.string(), qrSvg: z.string(), expiresAt: z.string() }),
  z.object({
    kind: z.literal('boleto'),
    digitableLine: z.string(),
    barcode: z.string(),
    dueDate: z.string(),
    url: z.string(),
    pixPayload: z.string().optional(),
    qrSvg: z.string().optional(),
  }),
  z.object({ kind: z.literal('redirect'), url: z.string() }),
]);
export const FinishOrderResultSchema = z.object({
  orderIds: z.array(z.number().int()),
  redirect: z.string(),
  token: z.string(),
  status: z.enum(['pending', 'paid']),
  total: z.number().int(),
  next: PaymentNextStepSchema,
});
