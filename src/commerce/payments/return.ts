import type { PaymentMethodId } from '../../lib/payments/payment-methods';
import { DomainError } from '../domain-error';
import { closeCancelled } from './cancel';
import { capturePayment, providerCall } from './charge';
import { failPayment, markPaid } from './payment-lifecycle';
import type { ChargeRef, ChargeStatus, PaymentProvider } from './provider';
import type { PaymentsDeps } from './service';
import { ORDER_LOOKUP_MESSAGES } from '../../lib/messages/orders';

/** Who came back: the browser's HttpOnly `cart` cookie (the cart it checked out), if any. */
export interface ReturnCaller {
  cartCookie: string | null;
}

/**
 * Where the return goes: a redirect, or — the provider still answering after `RETURN_WAIT_MS` — the "Confirmando
 * seu pagamento…" page, whose poll lands on `confirmation` (the order's confirmation link for this browser; null for
 * anyone else, who is sent on once the payment settled, `paymentReturnState`).
 */
export type ReturnAnswer = { redirect: string } | { waiting: { confirmation: string | null } };

/** Hands work that must outlive the response to the runtime (`executionCtx.waitUntil`). */
export type Defer = (work: Promise<unknown>) => void;

/** How long the shopper's return waits for the provider before it shows the "Confirmando…" page. */
export const RETURN_WAIT_MS = 2500;

const NOT_FOUND = ORDER_LOOKUP_MESSAGES.paymentNotFound;

type ReturnRow = NonNullable<Awaited<ReturnType<PaymentsDeps['payments']['returning']>>>;

const ordersOf = (row: ReturnRow) => (row.orders ? row.orders.split(',').map(Number) : []);

/**
 * The provider is asked (`status`) and only its answer moves the payment:
 *   paid (Rede captured the debit) → orders paid; authorized (approved at PayPal) → captured now when the orders
 *   exist (else the payment waits, authorized, for finish-order to claim it); failed/voided → orders cancelled.
 * A provider that cannot be reached leaves everything as it was (the webhook or the cron settles it).
 */
async function settleAtProvider(
  deps: PaymentsDeps,
  row: ReturnRow,
  provider: PaymentProvider,
  reference: string,
): Promise<void> {
  const repo = deps.payments;
  const now = deps.now();
  const orders = ordersOf(row);
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

/**
 * Where this browser lands: the confirmation — with a fresh access token only for the browser holding the cart's
 * cart cookie or the same signed-in customer (as a finish-order replay, ADR 0014); anyone else on the home page;
 * PayPal approved before finish-order claimed it: the checkout carries on from the cart.
 */
async function landing(deps: PaymentsDeps, row: ReturnRow, caller: ReturnCaller): Promise<string> {
  const orders = ordersOf(row);
  if (orders.length === 0) return '/checkout';
  const sameCart = caller.cartCookie !== null && caller.cartCookie === row.cartId;
  const sameCustomer = row.customerId !== null && (await deps.identity())?.id === row.customerId;
  if (!sameCart && !sameCustomer) return '/';
  return deps.confirmationLink(orders, deps.now());
}

const isConfirmation = (path: string) => path.startsWith('/checkout/order/');

/**
 * GET /checkout/retorno/{reference}: where a provider sends the shopper back (the issuer's 3-D Secure page for
 * debit at Rede, PayPal's approval). Nothing in the request is trusted — not the query, not the path beyond our
 * reference: the charge is re-read at the provider (`settleAtProvider`). That work is never cut short once
 * started (money may be moving): when it takes longer than `waitMs`, it goes on after the answer (`defer`) and the
 * shopper gets the "Confirmando seu pagamento…" page; so does a failure of our own after the provider answered
 * (logged) — the page's poll (`paymentReturnState`) reads where the payment ended, never an error page.
 */
export async function paymentReturn(
  deps: PaymentsDeps,
  reference: string,
  caller: ReturnCaller,
  defer: Defer = () => {},
  waitMs = RETURN_WAIT_MS,
): Promise<ReturnAnswer> {
  const row = await deps.payments.returning(reference);
  if (!row) throw new DomainError('NOT_FOUND', NOT_FOUND);
  const provider = Object.values(deps.providers).find((p) => p?.name === row.provider);
  if (provider && (row.status === 'pending' || row.status === 'authorized')) {
    const work = settleAtProvider(deps, row, provider, reference).then(
      () => true,
      (error: unknown) => {
        console.error(JSON.stringify({ payments: 'return-failed', reference, error: String(error) }));
        return false;
      },
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), waitMs)));
    const inTime = await Promise.race([work, late]);
    clearTimeout(timer);
    if (!inTime) {
      defer(work);
      const next = await landing(deps, row, caller);
      return { waiting: { confirmation: isConfirmation(next) ? next : null } };
    }
  }
  return { redirect: await landing(deps, row, caller) };
}

/**
 * The "Confirmando…" page's poll: settled once the payment left pending/authorized or one of its orders moved
 * (paid, cancelled) — then where this browser lands. `giveUp`: the poll ran long enough; land anyway (the order's
 * page says it awaits its payment, and the cron settles it). Reads only our store; mints a link only when landing.
 */
export async function paymentReturnState(
  deps: PaymentsDeps,
  reference: string,
  caller: ReturnCaller,
  giveUp: boolean,
): Promise<{ settled: boolean; redirect: string | null }> {
  const row = await deps.payments.returning(reference);
  if (!row) throw new DomainError('NOT_FOUND', NOT_FOUND);
  const open =
    (row.status === 'pending' || row.status === 'authorized') && ordersOf(row).length > 0 && row.allPending === 1;
  if (open && !giveUp) return { settled: false, redirect: null };
  return { settled: !open, redirect: await landing(deps, row, caller) };
}
