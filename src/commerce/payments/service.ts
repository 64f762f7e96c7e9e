import {
  type CardServiceResponse,
  type InstallmentsResponse,
  type PaypalCreate,
  type PaypalCreateResponse,
} from '../../contracts/checkout';
import type { SandboxActionInput, SandboxPaymentView } from '../../contracts/payments-sandbox';
import { installmentTable } from '../../lib/checkout/installments';
import { centsToDecimal } from '../../lib/format/money';
import { paymentMethod, PAYMENT_METHODS, type PaymentMethod } from '../../lib/payments/payment-methods';
import { goodsTotal } from '../../lib/checkout/order-total';
import type { Cart } from '../../contracts/cart';
import type { Identity } from '../customers/identity';
import { DomainError } from '../domain-error';
import { authorizeCharge, capturePayment, chargerFor } from './charge';
import { expireDue, failPayment, markPaid, type PaymentLifecycleDeps } from './payment-lifecycle';
import { PAYMENT_MESSAGES } from './payment-messages';
import type { ProviderSet } from './provider';
import { SANDBOX_3DS_CODE } from './sandbox/debit';
import type { SandboxLedger } from './sandbox/repo';
import { assertPaypalAvailable, PAYPAL_FAILED_MESSAGE, paypalApprovalPath } from './sandbox/paypal';
import type { PaymentsConfig } from './sandbox/payments-config';
import { newReference } from './reference';
import { chargeableMethods } from './live-provider-set';
import type { PaymentsRepo } from './repo';
import { ORDER_LOOKUP_MESSAGES } from '../../lib/messages/orders';

/**
 * The payment calls' dependencies for one request. The cart and order lookups are functions wired by
 * the embedded backend (orders/embedded.ts), so payments never imports the domains that charge through it.
 */
export interface PaymentsDeps {
  payments: PaymentsRepo;
  ledger: SandboxLedger;
  lifecycle: PaymentLifecycleDeps;
  now: () => Date;
  config: PaymentsConfig;
  providers: ProviderSet;
  origin: string;
  identity: () => Promise<Identity | null>;
  /** The priced cart (throws when unknown). */
  cart: (cartId: string) => Promise<Cart>;
  /** Who the cart belongs to, or null for no such cart. */
  cartOwner: (cartId: string) => Promise<{ customer_id: number | null } | null>;
  /** Whether this order access token (confirmation link) opens the order. */
  tokenOpens: (orderId: number, token: string, now: Date) => Promise<boolean>;
  /** A fresh confirmation link for these orders (a new access token stored for them). */
  confirmationLink: (orderIds: number[], now: Date) => Promise<string>;
}

export function cardService(deps: PaymentsDeps): CardServiceResponse {
  return { service: deps.config.cardService };
}

export function installments(total: number): InstallmentsResponse {
  return { installments: installmentTable(total) };
}

/** GET /api/payment-methods: the methods this request's mode can charge (live: configured providers only). */
export function offeredMethods(providers: ProviderSet): PaymentMethod[] {
  return chargeableMethods(providers);
}

/** `approval`: PayPal's own approval link (live), or the sandbox's approval page. */
function paypalAnswer(reference: string, charged: number, state: string, approval: string): PaypalCreateResponse {
  return {
    paypal: {
      id: reference,
      intent: 'sale',
      state,
      links: [
        { rel: 'approval_url', href: approval, method: 'REDIRECT' },
        { rel: 'self', href: `/api/paypal/${reference}`, method: 'GET' },
      ],
      transactions: [{ amount: { total: centsToDecimal(charged), currency: 'BRL' } }],
    },
  };
}

/**
 * POST /api/paypal/create. Create form: a PayPal payment for the cart's total (what finish-order
 * will charge), to be claimed by finish-order with `payment.paypalPaymentId`. Retry form: a new
 * approval for a pending PayPal order (the shopper cancelled or closed PayPal's page).
 * The sandbox refuses (PAYPAL_FAILED) when switched off or above its amount limit.
 */
export async function paypalCreate(
  deps: PaymentsDeps,
  input: PaypalCreate,
  token: string | null,
): Promise<PaypalCreateResponse> {
  const repo = deps.payments;
  const now = deps.now();
  const me = await deps.identity();
  if (input.customerId && (!me || me.id !== input.customerId))
    throw new DomainError('UNAUTHENTICATED', PAYMENT_MESSAGES.session);
  if (input.retryPayment) {
    await expireDue(deps.lifecycle, now);
    const orderId = input.payment.order.id;
    const owned = me ? await repo.orderPayment(orderId, me.id) : null;
    const byToken =
      !owned && (token ?? input.token) ? await deps.tokenOpens(orderId, (token ?? input.token)!, now) : false;
    const payment = owned ?? (byToken ? await repo.paymentOfOrder(orderId) : null);
    if (!payment) throw new DomainError('NOT_FOUND', ORDER_LOOKUP_MESSAGES.orderNotFound);
    if (payment.provider !== 'paypal' || payment.status !== 'pending' || !payment.provider_reference) {
      throw new DomainError('CONFLICT', 'Este pedido não aguarda pagamento pelo PayPal.');
    }
    assertPaypalAvailable(payment.charged_cents, deps.config.paypalDown);
    return paypalAnswer(
      payment.provider_reference,
      payment.charged_cents,
      'created',
      payment.action_url ?? paypalApprovalPath(payment.provider_reference),
    );
  }
  const cart = await deps.cart(input.cartId).catch(() => null);
  const meta = cart ? await deps.cartOwner(input.cartId) : null;
  if (!cart || !meta || (meta.customer_id !== null && meta.customer_id !== (me?.id ?? null)))
    throw new DomainError('NOT_FOUND', PAYMENT_MESSAGES.cartNotFound);
  if (cart.items.length === 0) throw new DomainError('UNPROCESSABLE', PAYMENT_MESSAGES.emptyCart);
  const total = goodsTotal(cart) + input.shipping;
  // The PayPal order is created at the provider (pending until the shopper approves it).
  const wallet = PAYMENT_METHODS.find((m) => m.kind === 'wallet')!;
  const provider = chargerFor(deps.providers, wallet)!;
  const reference = newReference(wallet.id);
  const auth = await authorizeCharge(provider, {
    methodId: wallet.id,
    kind: wallet.kind,
    reference,
    amountCents: total,
    chargedCents: total,
    installments: 1,
    card: null,
    buyer: { name: me?.name ?? '', email: me?.email ?? '', cpf: me?.cpf ?? '' },
    address: null,
    userAgent: null,
    origin: deps.origin,
    now,
  });
  if (auth.outcome !== 'pending' || !auth.actionUrl) throw new DomainError('PAYPAL_FAILED', PAYPAL_FAILED_MESSAGE);
  await repo.createPaypal({
    reference,
    methodId: input.payment.paymentMethodId,
    amount: total,
    expiresAt: auth.expiresAt,
    actionUrl: auth.actionUrl,
    chargeId: auth.providerReference === reference ? null : auth.providerReference,
  });
  return paypalAnswer(reference, total, 'created', auth.actionUrl);
}

export type SandboxPayment = SandboxPaymentView;

/** What a sandbox step page shows (PayPal approval, 3-D Secure, consent). */
export async function sandboxPayment(deps: PaymentsDeps, reference: string): Promise<SandboxPayment> {
  await expireDue(deps.lifecycle, deps.now());
  const row = await deps.payments.byReference(reference);
  if (!row) throw new DomainError('NOT_FOUND', ORDER_LOOKUP_MESSAGES.paymentNotFound);
  return row;
}

export const SANDBOX_MESSAGES = {
  notPayable: 'Este pagamento não está mais aguardando confirmação.',
  wrongCode: 'Código de verificação incorreto. O pagamento foi recusado.',
} as const;

/**
 * Sandbox stand-ins for the provider callbacks (sandbox mode only; routes 404 otherwise): PayPal
 * approval, Pix/boleto "simulate payment", 3-D Secure challenge, open-finance consent. The sandbox
 * bank's ledger moves first, then our side (markPaid / failPayment). Returns the payment's status.
 */
export async function sandboxAction(deps: PaymentsDeps, input: SandboxActionInput): Promise<{ status: string }> {
  const now = deps.now();
  const payment = await sandboxPayment(deps, input.reference);
  const repo = deps.payments;
  const ledger = deps.ledger;
  const id = await repo.idOf(input.reference);
  if (payment.status !== 'pending' || id === null) throw new DomainError('CONFLICT', SANDBOX_MESSAGES.notPayable);
  const kind = paymentMethod(payment.methodId)?.kind;
  const claimed = payment.orderIds.length > 0;
  const settle = async () => {
    if (await ledger.move(input.reference, ['pending'], 'paid', now)) await markPaid(deps.lifecycle, id, now);
  };
  const fail = async (note: string) => {
    if (await ledger.move(input.reference, ['pending'], 'failed', now))
      await failPayment(deps.lifecycle, id, now, note);
  };
  switch (input.action) {
    case 'approve': {
      if (kind !== 'wallet' && kind !== 'open-finance') break;
      if (kind === 'open-finance') {
        await settle();
        break;
      }
      // PayPal: approved (authorized at PayPal); captured now when the order exists, else by finish-order.
      if (!(await ledger.move(input.reference, ['pending'], 'authorized', now))) break;
      await repo.authorize(id, now);
      const provider = deps.providers.paypal;
      if (claimed && provider)
        await capturePayment(deps.lifecycle, provider, id, {
          reference: input.reference,
          providerReference: input.reference,
          methodId: payment.methodId as PaymentMethod['id'],
          amountCents: payment.charged,
          now,
        });
      break;
    }
    case 'pay':
      if (kind === 'pix' || kind === 'boleto') await settle();
      break;
    case 'challenge':
      if (kind !== 'debit') break;
      if (input.code === SANDBOX_3DS_CODE) await settle();
      else {
        await fail('Autenticação 3-D Secure recusada');
        throw new DomainError('PAYMENT_DECLINED', SANDBOX_MESSAGES.wrongCode, 'Pagamento não aprovado');
      }
      break;
    case 'cancel':
      if (kind === 'open-finance' && claimed) await fail('Consentimento recusado no banco');
      break;
  }
  return { status: (await sandboxPayment(deps, input.reference)).status };
}
