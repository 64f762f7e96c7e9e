import {
  PAYMENT_METHOD_IDS,
  type CardServiceResponse,
  type InstallmentsResponse,
  type PaypalCreate,
  type PaypalCreateResponse,
} from '../../contracts/checkout';
import type { SandboxActionInput, SandboxPaymentView } from '../../contracts/payments-sandbox';
import { installmentTable } from '../../lib/installments';
import { getCart } from '../cart/service';
import { DomainError } from '../domain-error';
import { expireDue, failPayment, markPaid } from '../orders/lifecycle';
import { ORDER_MESSAGES, type OrdersDeps } from '../orders/finish';
import { ordersByToken } from '../orders/read';
import { SANDBOX_3DS_CODE } from './providers/debit';
import { assertPaypalAvailable, paypalApprovalPath } from './providers/paypal';
import { minutesFrom } from './providers/types';
import { newReference } from './reference';
import { paymentsRepo } from './repo';

export function cardService(deps: OrdersDeps): CardServiceResponse {
  return { service: deps.payments.cardService };
}

export function installments(total: number): InstallmentsResponse {
  return { installments: installmentTable(total) };
}

function paypalAnswer(reference: string, charged: number, state: string): PaypalCreateResponse {
  return {
    paypal: {
      id: reference,
      intent: 'sale',
      state,
      links: [
        { rel: 'approval_url', href: paypalApprovalPath(reference), method: 'REDIRECT' },
        { rel: 'self', href: `/api/paypal/${reference}`, method: 'GET' },
      ],
      transactions: [{ amount: { total: (charged / 100).toFixed(2), currency: 'BRL' } }],
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
  deps: OrdersDeps,
  input: PaypalCreate,
  token: string | null,
): Promise<PaypalCreateResponse> {
  const repo = paymentsRepo(deps.db);
  const now = deps.now();
  const me = await deps.identity();
  if (input.customerId && (!me || me.id !== input.customerId))
    throw new DomainError('UNAUTHENTICATED', ORDER_MESSAGES.session);
  if (input.retryPayment) {
    await expireDue(deps.db, now);
    const orderId = input.payment.order.id;
    const owned = me ? await repo.orderPayment(orderId, me.id) : null;
    const byToken =
      !owned && (token ?? input.token)
        ? (await ordersByToken(deps.repo, [orderId], (token ?? input.token)!, now).catch(() => []))[0]
        : null;
    const payment = owned ?? (byToken ? await repo.paymentOfOrder(orderId) : null);
    if (!payment) throw new DomainError('NOT_FOUND', 'Pedido não encontrado.');
    if (payment.provider !== 'paypal' || payment.status !== 'pending' || !payment.provider_reference) {
      throw new DomainError('CONFLICT', 'Este pedido não aguarda pagamento pelo PayPal.');
    }
    assertPaypalAvailable(payment.charged_cents, deps.payments.paypalDown);
    return paypalAnswer(payment.provider_reference, payment.charged_cents, 'created');
  }
  const cart = await getCart(deps.carts, input.cartId).catch(() => null);
  const meta = cart ? await deps.repo.cartMeta(input.cartId) : null;
  if (!cart || !meta || (meta.customer_id !== null && meta.customer_id !== (me?.id ?? null)))
    throw new DomainError('NOT_FOUND', ORDER_MESSAGES.cartNotFound);
  if (cart.items.length === 0) throw new DomainError('UNPROCESSABLE', ORDER_MESSAGES.emptyCart);
  const total = cart.subtotal - cart.discount - cart.cashback_value + input.shipping;
  assertPaypalAvailable(total, deps.payments.paypalDown);
  const reference = newReference(PAYMENT_METHOD_IDS.paypal);
  await repo.createPaypal({
    reference,
    methodId: input.payment.paymentMethodId,
    amount: total,
    expiresAt: minutesFrom(now, deps.payments.stepTtlMinutes),
    actionUrl: paypalApprovalPath(reference),
  });
  return paypalAnswer(reference, total, 'created');
}

export type SandboxPayment = SandboxPaymentView;

/** What a sandbox step page shows (PayPal approval, 3-D Secure, consent). */
export async function sandboxPayment(deps: OrdersDeps, reference: string): Promise<SandboxPayment> {
  await expireDue(deps.db, deps.now());
  const row = await paymentsRepo(deps.db).byReference(reference);
  if (!row) throw new DomainError('NOT_FOUND', 'Pagamento não encontrado.');
  return row;
}

export const SANDBOX_MESSAGES = {
  notPayable: 'Este pagamento não está mais aguardando confirmação.',
  wrongCode: 'Código de verificação incorreto. O pagamento foi recusado.',
} as const;

/**
 * Sandbox stand-ins for the provider callbacks: PayPal approval (capture), Pix/boleto "simulate
 * payment", 3-D Secure challenge, open-finance consent. Returns the payment's status afterwards.
 */
export async function sandboxAction(deps: OrdersDeps, input: SandboxActionInput): Promise<{ status: string }> {
  const now = deps.now();
  const payment = await sandboxPayment(deps, input.reference);
  const repo = paymentsRepo(deps.db);
  const id = await repo.idOf(input.reference);
  if (payment.status !== 'pending' || id === null) throw new DomainError('CONFLICT', SANDBOX_MESSAGES.notPayable);
  const claimed = payment.orderIds.length > 0;
  switch (input.action) {
    case 'approve':
      if (payment.provider !== 'paypal' && payment.provider !== 'open-finance') break;
      // Approved before finish-order claimed it: finish-order captures it then.
      if (!claimed) await repo.authorize(id, now);
      else await markPaid(deps.db, id, now);
      break;
    case 'pay':
      if (payment.provider === 'pix' || payment.provider === 'boleto') await markPaid(deps.db, id, now);
      break;
    case 'challenge':
      if (payment.provider !== 'debit') break;
      if (input.code === SANDBOX_3DS_CODE) await markPaid(deps.db, id, now);
      else {
        await failPayment(deps.db, id, now, 'Autenticação 3-D Secure recusada');
        throw new DomainError('PAYMENT_DECLINED', SANDBOX_MESSAGES.wrongCode, 'Pagamento não aprovado');
      }
      break;
    case 'cancel':
      if (payment.provider === 'open-finance' && claimed)
        await failPayment(deps.db, id, now, 'Consentimento recusado no banco');
      break;
  }
  return { status: (await sandboxPayment(deps, input.reference)).status };
}
