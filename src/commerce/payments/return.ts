import type { PaymentMethodId } from '../../lib/payment-methods';
import { DomainError } from '../domain-error';
import { closeCancelled } from './cancel';
import { capturePayment, providerCall } from './charge';
import { failPayment, markPaid } from './payment-lifecycle';
import type { ChargeRef, ChargeStatus } from './provider';
import type { PaymentsDeps } from './service';

/** Who came back: the browser's HttpOnly `cart` cookie (the cart it checked out), if any. */
export interface ReturnCaller {
  cartCookie: string | null;
}

const NOT_FOUND = 'Pagamento não encontrado.';

/**
 * GET /checkout/retorno/{reference}: where a provider sends the shopper back (the issuer's 3-D Secure page for
 * debit at Rede, PayPal's approval). Nothing in the request is trusted — not the query, not the path beyond our
 * reference: the charge is re-read at the provider (`status`) and only that moves the payment:
 *   paid (Rede captured the debit) → orders paid; authorized (approved at PayPal) → captured now when the orders
 *   exist (else the payment waits, authorized, for finish-order to claim it); failed/voided → orders cancelled.
 * A provider that cannot be reached leaves everything as it was (the webhook or the cron settles it).
 * The shopper then lands on the confirmation — with a fresh access token only for the browser holding the cart's
 * cart cookie or the same signed-in customer (as a finish-order replay, ADR 0014); anyone else on the home page.
 */
export async function paymentReturn(deps: PaymentsDeps, reference: string, caller: ReturnCaller): Promise<string> {
  const repo = deps.payments;
  const row = await repo.returning(reference);
  if (!row) throw new DomainError('NOT_FOUND', NOT_FOUND);
  const provider = Object.values(deps.providers).find((p) => p?.name === row.provider);
  const now = deps.now();
  const orders = row.orders ? row.orders.split(',').map(Number) : [];
  if (provider && (row.status === 'pending' || row.status === 'authorized')) {
    const charge: Omit<ChargeRef, 'signal'> = {
      reference,
      providerReference: row.chargeId ?? reference,
      methodId: row.methodId as PaymentMethodId,
      amountCents: row.charged,
      now,
    };
    const status: ChargeStatus | null = await providerCall((signal) => provider.status({ ...charge, signal })).catch(
      () => null,
    );
    let settled = true;
    if (status === 'paid') settled = await markPaid(deps.lifecycle, row.id, now);
    else if (status === 'authorized' && orders.length === 0) await repo.authorize(row.id, now);
    // Captured only while every order still goes ahead: an approved order of a cancelled sale is never captured.
    else if (status === 'authorized' && row.allPending === 1)
      settled = await capturePayment(deps.lifecycle, provider, row.id, charge);
    else if ((status === 'failed' || status === 'voided') && orders.length > 0 && row.status === 'pending')
      await failPayment(deps.lifecycle, row.id, now, 'Pagamento não aprovado no provedor de pagamento');
    // Money moved but the sale was cancelled meanwhile (the cancel raced the capture): it goes back now.
    if (!settled) await closeCancelled({ payments: repo, providers: deps.providers }, now, { paymentId: row.id });
  }
  // PayPal approved before finish-order claimed it: the checkout carries on from the cart.
  if (orders.length === 0) return '/checkout';
  const sameCart = caller.cartCookie !== null && caller.cartCookie === row.cartId;
  const sameCustomer = row.customerId !== null && (await deps.identity())?.id === row.customerId;
  if (!sameCart && !sameCustomer) return '/';
  return deps.confirmationLink(orders, now);
}
