import type { OrderDetail, OrderRetryResult, RetryLine } from '../../contracts/orders';
import { randomToken } from '../../lib/security/token';
import { ownedCart } from '../cart/service';
import { DomainError } from '../domain-error';
import type { OrdersDeps } from './order-deps';
import { shopperOrders } from './order-reads';
import { ORDER_LOOKUP_MESSAGES } from '../../lib/messages/orders';

export const RETRY_MESSAGES = {
  notFound: ORDER_LOOKUP_MESSAGES.orderNotFound,
  paid: 'Este pedido já foi pago: não há pagamento para tentar de novo.',
  pending: 'Este pedido ainda aguarda o pagamento. Conclua o pagamento pelo link do pedido.',
  other: 'Só um pedido cancelado porque o pagamento não foi aprovado pode voltar para a sacola.',
} as const;

/** Why these orders cannot go back to the bag, or null when every one's payment was refused at its step. */
function refusalOf(orders: OrderDetail[]): string | null {
  if (orders.some((o) => o.paidAt !== null || o.payment.status === 'paid' || o.payment.status === 'refunded'))
    return RETRY_MESSAGES.paid;
  if (orders.some((o) => o.status === 'pending')) return RETRY_MESSAGES.pending;
  return orders.every((o) => o.status === 'cancelled' && o.payment.status === 'failed') ? null : RETRY_MESSAGES.other;
}

/** The ordered units per SKU (gifts stay out: they came with a coupon, which does not come back). */
function wantedLines(orders: OrderDetail[]) {
  const lines = new Map<number, RetryLine & { productItemId: number }>();
  for (const item of orders.flatMap((o) => o.items).filter((i) => !i.gift)) {
    const line = lines.get(item.productItemId);
    if (line) line.wanted += item.amount;
    else
      lines.set(item.productItemId, {
        productItemId: item.productItemId,
        name: item.name,
        size: item.size,
        color: item.color,
        wanted: item.amount,
        back: 0,
      });
  }
  return [...lines.values()];
}

/**
 * "Tentar novamente" (spec §4, checkout): the products of orders whose payment was refused at its step
 * (3-D Secure, Open Finance consent) go back to the shopper's bag, once. Access is the confirmation page's
 * (the order token opens the orders, `ordersByToken`) or, without a token, "Minha conta"'s (the signed-in
 * customer's own orders, `customerOrder`); an order bound to a customer never goes to another signed-in
 * customer's bag. ONE batch: the orders' retry claim (orders repo) and the cart's lines (cart repo),
 * the cart's statements guarded by the claim, so parallel retries put the products back exactly once.
 */
export async function retryOrder(
  deps: OrdersDeps,
  ids: number[],
  token: string | null,
  cartId: string | null,
): Promise<OrderRetryResult> {
  const now = deps.now();
  const me = await deps.identity();
  const orders = await shopperOrders(deps.repo, ids, token, me, now);
  const refusal = refusalOf(orders);
  if (refusal) throw new DomainError('CONFLICT', refusal);
  const codesDropped = orders.some((o) => o.couponCode !== null || o.sellerCode !== null);
  // The bag these orders' products went back to, while it is still open (and this shopper's).
  const answer = async (retried: string | null, already: boolean, short: RetryLine[]): Promise<OrderRetryResult> => {
    const open = retried ? await ownedCart(deps.carts, retried) : null;
    return { cartId: open?.id ?? null, already, short, codesDropped };
  };
  const earlier = await deps.repo.retriedCart(ids);
  if (earlier) return answer(earlier, true, []);
  const existing = cartId ? await ownedCart(deps.carts, cartId) : null;
  const target = existing?.id ?? randomToken();
  const lines = wantedLines(orders);
  const stock = await Promise.all(lines.map((l) => deps.carts.repo.sku(l.productItemId)));
  const max = deps.carts.config.maxItemAmount;
  const claim = deps.repo.retryClaim(ids, target, randomToken(), now.toISOString());
  const results = await deps.batch([
    claim.statement,
    ...deps.carts.repo.restoreStatements(
      target,
      lines.map((l) => ({ productItemId: l.productItemId, amount: l.wanted })),
      existing ? null : { requestToken: randomToken(), customerId: me?.id ?? null },
      max,
      { sql: claim.claimed, value: claim.nonce },
    ),
  ]);
  // Another retry of these orders claimed them first: its answer is this one's too.
  if ((results[0]?.meta.changes ?? 0) === 0) return answer(await deps.repo.retriedCart(ids), true, []);
  const short = lines
    .map(({ productItemId: _, ...line }, i) => ({ ...line, back: Math.min(line.wanted, max, stock[i]?.stock ?? 0) }))
    .filter((line) => line.back < line.wanted);
  return answer(target, false, short);
}
