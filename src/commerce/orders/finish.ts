import { BAG_CHANGED, type FinishOrder, type FinishOrderResult } from '../../contracts/checkout';
import { paymentMethod, type PaymentMethod } from '../../lib/payments/payment-methods';
import { bagFingerprint } from '../../lib/checkout/reviewed-bag';
import { getCart } from '../cart/service';
import { DomainError } from '../domain-error';
import type { Authorization, CardData, ChargeRef } from '../payments/provider';
import { keyedReference, newReference } from '../payments/reference';
import { newAccessToken } from './access';
import { addressFor, buyerOf, payerAddress } from './buyer';
import { authorizeCharge, capturePayment, chargerFor, voidCharge } from '../payments/charge';
import type { OrdersDeps } from './order-deps';
import { ORDER_MESSAGES } from './messages';
import { planOf } from './plan';
import { chargedAmount, packagePrices, priceOrders } from './pricing';
import { checkoutResult } from './order-reads';
import type { OrderPlan } from './finish-repo';
import type { KeyedOrder } from './repo';
import { orderRows, paymentInsert } from './rows';

export { ORDER_MESSAGES } from './messages';
export type { OrdersDeps } from './order-deps';

/** Who is calling finish-order, beyond the session: the HttpOnly `cart` cookie (the cart this browser holds). */
export interface FinishCaller {
  cartCookie: string | null;
}

/** The card as typed, for the provider call only (card methods); never stored or logged. */
function cardOf(input: FinishOrder, method: PaymentMethod): CardData | null {
  if (!method.card) return null;
  const p = input.payment;
  return {
    number: p.cardNumber ?? '',
    securityCode: p.securityCode ?? '',
    expirationMonth: String(p.expirationMonth ?? ''),
    expirationYear: String(p.expirationYear ?? ''),
    holderName: p.holderName ?? '',
  };
}

/**
 * POST /api/finish-order: one order per package, exactly once per idempotency key (body, header, or the
 * cart id), in five steps — buyer (buyer.ts), stock plan (plan.ts), pricing (pricing.ts), charge
 * (charge.ts) and order rows (rows.ts). No charge without an order, no order without a charge:
 * authorize → ONE guarded batch writes payment, orders, stock, coupon/cashback and cart close → capture;
 * a batch that fails voids the authorization. A decline or a provider failure writes nothing.
 */
export async function finishOrder(
  deps: OrdersDeps,
  input: FinishOrder,
  key: string,
  caller: FinishCaller = { cartCookie: null },
): Promise<FinishOrderResult> {
  try {
    return await placeOrders(deps, input, key, caller);
  } catch (error) {
    // The same key's twin committed while this one was reading (the cart closed under it, "sacola não
    // encontrada"…): its orders are this request's answer too, as for any replay.
    if (!(error instanceof DomainError)) throw error;
    const winner = await deps.repo.orderIdsByKey(key);
    if (winner.length) return replayed(deps, winner, input.cartId, deps.now(), caller);
    throw error;
  }
}

async function placeOrders(
  deps: OrdersDeps,
  input: FinishOrder,
  key: string,
  caller: FinishCaller,
): Promise<FinishOrderResult> {
  const now = deps.now();
  const method = paymentMethod(input.payment.paymentMethodId)!;
  // Independent reads go out together (D1 round trips dominate a checkout's time).
  const [replay, buyer, meta, stores, stock] = await Promise.all([
    deps.repo.orderIdsByKey(key),
    buyerOf(deps, input),
    deps.repo.cartMeta(input.cartId),
    deps.inventory.stores(),
    deps.inventory.stockForCart(input.cartId),
  ]);
  if (replay.length) return replayed(deps, replay, input.cartId, now, caller);
  if (!meta || (meta.customer_id !== null && meta.customer_id !== buyer.customerId))
    throw new DomainError('NOT_FOUND', ORDER_MESSAGES.cartNotFound);
  if (meta.status !== 'open') throw new DomainError('CONFLICT', ORDER_MESSAGES.closed);
  // Live mode: a method without a configured provider is refused before anything else happens.
  const provider = chargerFor(deps.providers, method);
  const [cart, address] = await Promise.all([getCart(deps.carts, input.cartId), addressFor(deps, input, buyer)]);
  if (cart.items.length === 0) throw new DomainError('UNPROCESSABLE', ORDER_MESSAGES.emptyCart);
  const lines = cart.items.map((i) => ({ productItemId: i.id_item_product, amount: i.amount, name: i.product.name }));
  const { packages, plan } = planOf(input, lines, stock, stores);
  const { prices, storeRows } = packagePrices(packages, cart, address, stores, now, deps.shipping);
  const pricing = priceOrders(cart, plan, packages, prices);
  reviewedOrRefuse(input, cart.items, pricing.total);
  const installments = input.payment.installmentNumber;
  const charged = chargedAmount(method, pricing.total, installments);

  // The charge: a PayPal payment made by /api/paypal/create is claimed; anything else is authorized now.
  const paypalRef = method.kind === 'wallet' ? input.payment.paypalPaymentId : undefined;
  let reference: string;
  let auth: Exclude<Authorization, { outcome: 'declined' }>;
  let payment: OrderPlan['payment'];
  let ownAuthorization = false;
  if (paypalRef) {
    const existing = await deps.repo.paypalPayment(paypalRef);
    if (
      !existing ||
      !existing.idempotency_key.startsWith('paypal:') ||
      !['pending', 'authorized'].includes(existing.status)
    )
      throw new DomainError('CONFLICT', ORDER_MESSAGES.paypalMissing);
    if (existing.charged_cents !== charged) throw new DomainError('CONFLICT', ORDER_MESSAGES.paypalAmount);
    reference = paypalRef;
    auth =
      existing.status === 'authorized'
        ? { outcome: 'authorized', providerReference: existing.provider_charge_id ?? paypalRef, card: null }
        : { outcome: 'pending', providerReference: paypalRef, expiresAt: existing.expires_at ?? '', card: null };
    payment = { paypalReference: paypalRef, charged };
  } else {
    // A provider whose create is idempotent by our reference gets one derived from this attempt (a retry reuses it).
    reference = provider?.idempotentCreate
      ? await keyedReference(method.id, { cartId: input.cartId, key, chargedCents: charged })
      : newReference(method.id);
    if (provider) {
      // A retry after a lost answer: the adapter may find what the given-up call created (idempotent create only).
      const resume = provider.idempotentCreate === true && (await deps.lifecycle.payments.attemptKept(reference));
      const result = await authorizeCharge(
        provider,
        {
          methodId: method.id,
          kind: method.kind,
          reference,
          amountCents: pricing.total,
          chargedCents: charged,
          installments,
          card: cardOf(input, method),
          buyer: { name: buyer.name, email: buyer.email, cpf: buyer.cpf },
          address: method.kind === 'boleto' ? await payerAddress(deps, buyer, address) : null,
          userAgent: input.userAgent ?? null,
          device: input.device ?? null,
          origin: deps.origin,
          resume,
          now,
        },
        (attempt) => deps.lifecycle.payments.recordAttempt(attempt),
      );
      if (result.outcome === 'declined')
        throw new DomainError('PAYMENT_DECLINED', result.message, ORDER_MESSAGES.declinedTitle);
      auth = result;
      ownAuthorization = true;
    } else auth = { outcome: 'paid', providerReference: reference, card: null };
    const name = provider?.name ?? 'coupon';
    payment = { insert: paymentInsert(auth, name, method, pricing.total, charged, installments, reference, now) };
  }
  const chargeRef: ChargeRef = {
    reference,
    providerReference: auth.providerReference,
    methodId: method.id,
    amountCents: charged,
    now,
  };

  const paid = auth.outcome === 'paid';
  const at = now.toISOString();
  const token = await newAccessToken(now);
  const orders = orderRows({
    input,
    cart,
    buyer,
    address,
    packages,
    plan,
    prices,
    storeRows,
    stock,
    pricing,
    method,
    affiliateSiteId: meta.affiliate_site_id,
    paid,
    expiresAt: auth.outcome === 'pending' ? auth.expiresAt : null,
    at,
  });
  const orderPlan: OrderPlan = {
    key,
    cartId: input.cartId,
    payment,
    orders,
    tokenHash: token.hash,
    tokenExpiresAt: token.expiresAt,
    now: at,
  };
  // What the order does to promotions and cashback, from their repos, inside the order's own batch.
  const effects: D1PreparedStatement[] = [];
  const couponId = cart.coupon ? await deps.repo.couponId(cart.coupon.code) : null;
  if (couponId !== null)
    effects.push(
      ...deps.promotions.useStatements({ couponId, customerId: buyer.customerId, key, cartId: input.cartId }),
    );
  if (buyer.customerId !== null && cart.cashback_value > 0)
    effects.push(
      deps.cashback.debitStatement({ customerId: buyer.customerId, amount: cart.cashback_value, key, now: at }),
    );
  if (paid) effects.push(deps.cashback.accrualStatement('o.idempotency_key = ?', [key], at));
  try {
    await deps.repo.finish(orderPlan, effects);
  } catch (error) {
    // A guard aborted the batch: nothing was written, so what we authorized must not stay held.
    if (ownAuthorization && provider) await voidCharge(provider, chargeRef);
    // Say why, or answer the replay that beat us.
    const winner = await deps.repo.orderIdsByKey(key);
    if (winner.length) return replayed(deps, winner, input.cartId, now, caller);
    const after = await deps.repo.cartMeta(input.cartId);
    if (after?.status !== 'open') throw new DomainError('CONFLICT', ORDER_MESSAGES.closed);
    planOf(input, lines, await deps.inventory.stockForCart(input.cartId), stores);
    if (paypalRef) throw new DomainError('CONFLICT', ORDER_MESSAGES.paypalMissing);
    if (couponId !== null && !(await deps.repo.couponUsable(couponId, buyer.customerId)))
      throw new DomainError('CONFLICT', ORDER_MESSAGES.coupon, ORDER_MESSAGES.couponTitle);
    if (cart.cashback_value > 0)
      throw new DomainError('CONFLICT', ORDER_MESSAGES.cashback, ORDER_MESSAGES.cashbackTitle);
    throw error;
  }
  // The orders exist: now the held funds are taken. A failed capture leaves them pending (cron retries).
  if (auth.outcome === 'authorized' && provider) {
    const paymentId = await deps.repo.paymentIdByKey(key);
    if (paymentId !== null) await capturePayment(deps.lifecycle, provider, paymentId, chargeRef);
  }
  const created = await deps.repo.orderIdsByKey(key);
  return checkoutResult(
    deps.repo,
    created.map((o) => o.id),
    token.access,
  );
}

/**
 * The bag the order is built from (this same cart read, so nothing can change in between) must be the
 * one the shopper reviewed: same total and, when sent, same lines. Otherwise 409 before any provider is
 * called — nothing charged, nothing written — with what would be charged now, for the checkout to show.
 */
function reviewedOrRefuse(
  input: FinishOrder,
  items: { id_item_product: number; amount: number }[],
  total: number,
): void {
  if (!input.reviewed) return;
  const lines = bagFingerprint(items);
  if (input.reviewed.total === total && (input.reviewed.lines === undefined || input.reviewed.lines === lines)) return;
  throw new DomainError('CONFLICT', ORDER_MESSAGES.bagChanged, ORDER_MESSAGES.bagChangedTitle, {
    reason: BAG_CHANGED,
    total,
    lines,
  });
}

/**
 * How long after an order a guest's browser may replay its finish-order for a fresh token: a lost answer is retried
 * within seconds, a resubmitted form within minutes. A cart id that turns up later (a shared device's history, a
 * forwarded link) opens nothing.
 */
export const GUEST_REPLAY_WINDOW_MS = 60 * 60 * 1000;

/**
 * The same orders again for a retried key, with a fresh access token (the first stays valid) — only to the original
 * buyer. A customer's order: the same signed-in customer, nothing else (a `cart` cookie is whatever the sender writes,
 * and the cart id is no secret from its owner's answers). A guest's order: the browser holding the cart's `cart`
 * cookie, within GUEST_REPLAY_WINDOW_MS of the order. Anyone else gets 409 and no token.
 */
async function replayed(
  deps: OrdersDeps,
  orders: KeyedOrder[],
  cartId: string,
  now: Date,
  caller: FinishCaller,
): Promise<FinishOrderResult> {
  const first = orders[0]!;
  if (first.cart_id !== cartId) throw new DomainError('CONFLICT', 'Chave de idempotência já usada em outro pedido.');
  const buyer =
    first.customer_id !== null
      ? (await deps.identity())?.id === first.customer_id
      : caller.cartCookie !== null &&
        caller.cartCookie === first.cart_id &&
        now.getTime() - Date.parse(first.created_at) <= GUEST_REPLAY_WINDOW_MS;
  if (!buyer) throw new DomainError('CONFLICT', ORDER_MESSAGES.closed);
  const token = await newAccessToken(now);
  const ids = orders.map((o) => o.id);
  await deps.repo.addAccessToken(ids, token.hash, token.expiresAt);
  return checkoutResult(deps.repo, ids, token.access);
}
