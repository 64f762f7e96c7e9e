/**
 * THE payment-method registry (spec §3 ids): every method's id, checkout name, pt-BR label, the
 * provider slot that charges it and its kind. Providers, finish-order, the checkout store, the
 * confirmation and the payment UI read it; no other module spells a method id. Here (no zod) so
 * the browser bundle can use it; `src/contracts/checkout.ts` re-exports it.
 */
import { dict } from '../security/dict';

/** What kind of payment a method is: decides the provider call and the checkout form. */
export type PaymentKind = 'credit' | 'debit' | 'pix' | 'boleto' | 'wallet' | 'open-finance' | 'coupon';

/**
 * The provider slot a method is charged through. In live mode a slot is served by the adapter
 * configured for it (`src/commerce/payments/provider.ts`); `internal` needs no provider (nothing to charge).
 */
export type ProviderSlot = 'card' | 'paypal' | 'pix' | 'boleto' | 'open-finance' | 'internal';

export interface PaymentMethodInfo {
  id: number;
  /** The checkout's method name (spec §3). */
  name: string;
  /** What the shopper reads (pt-BR). */
  label: string;
  provider: ProviderSlot;
  kind: PaymentKind;
  /** At most this many installments (1: paid at once). */
  installments: number;
  /** The shopper types card data for it (never stored). */
  card: boolean;
}

export const PAYMENT_METHODS = [
  {
    id: 1,
    name: 'credit-card',
    label: 'Cartão de crédito',
    provider: 'card',
    kind: 'credit',
    installments: 10,
    card: true,
  },
  {
    id: 43,
    name: 'credit-card-paypal',
    label: 'Cartão de crédito (PayPal)',
    provider: 'paypal',
    kind: 'credit',
    installments: 10,
    card: true,
  },
  { id: 26, name: 'coupon', label: 'Cupom', provider: 'internal', kind: 'coupon', installments: 1, card: false },
  {
    id: 31,
    name: 'debit-card',
    label: 'Cartão de débito',
    provider: 'card',
    kind: 'debit',
    installments: 1,
    card: true,
  },
  {
    id: 6,
    name: 'bank-slip',
    label: 'Boleto bancário',
    provider: 'boleto',
    kind: 'boleto',
    installments: 1,
    card: false,
  },
  { id: 32, name: 'paypal', label: 'PayPal', provider: 'paypal', kind: 'wallet', installments: 1, card: false },
  { id: 47, name: 'pix', label: 'Pix', provider: 'pix', kind: 'pix', installments: 1, card: false },
  {
    id: 53,
    name: 'open-finance',
    label: 'Open Finance',
    provider: 'open-finance',
    kind: 'open-finance',
    installments: 1,
    card: false,
  },
] as const satisfies readonly PaymentMethodInfo[];

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type PaymentMethodId = PaymentMethod['id'];
export type PaymentMethodKey = PaymentMethod['name'];

/** Method ids by name: `PAYMENT_METHOD_IDS.pix` → 47. */
export const PAYMENT_METHOD_IDS = dict(
  Object.fromEntries(PAYMENT_METHODS.map((m) => [m.name, m.id])) as {
    [M in PaymentMethod as M['name']]: M['id'];
  },
);

const BY_ID = new Map<number, PaymentMethod>(PAYMENT_METHODS.map((m) => [m.id, m]));

/** The registry entry of a method id, or undefined for an unknown id. */
export function paymentMethod(id: number): PaymentMethod | undefined {
  return BY_ID.get(id);
}

/** The pt-BR label of a method id ('Outro' for an unknown one). */
export function methodLabel(id: number): string {
  return BY_ID.get(id)?.label ?? 'Outro';
}

/** Whether the shopper pays this method with card data (credit, PayPal card, debit). */
export function isCardMethod(id: number): boolean {
  return BY_ID.get(id)?.card ?? false;
}

/** The checkout's words when the store can charge no paying method now (a production host without providers). */
export const NO_PAYMENT_METHODS =
  'No momento não conseguimos receber pagamentos online. Tente novamente mais tarde ou fale com a gente pelo WhatsApp.';

/** Every badge the footer may show, in its order: the card brands come with a card method. */
export const PAYMENT_BADGES = ['Pix', 'Visa', 'Mastercard', 'Amex', 'Diners', 'Hipercard', 'Boleto', 'PayPal'] as const;
const CARD_BRANDS = ['Visa', 'Mastercard', 'Amex', 'Diners', 'Hipercard'];

/** The footer's badges for the methods a host offers (by kind): nothing it cannot charge. */
export function paymentBadges(methods: readonly { kind: string }[]): string[] {
  const kinds = new Set(methods.map((m) => m.kind));
  const shown = new Set<string>();
  if (kinds.has('pix')) shown.add('Pix');
  if (kinds.has('credit') || kinds.has('debit')) for (const brand of CARD_BRANDS) shown.add(brand);
  if (kinds.has('boleto')) shown.add('Boleto');
  if (kinds.has('wallet')) shown.add('PayPal');
  return PAYMENT_BADGES.filter((badge) => shown.has(badge));
}
