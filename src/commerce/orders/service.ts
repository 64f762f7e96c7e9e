import type { CommercePort } from '../port';
import { DomainError } from '../domain-error';
import { expireDue } from '../payments/payment-lifecycle';
import type { OrdersDeps } from './order-deps';
import { finishOrder, ORDER_MESSAGES } from './finish';
import { confirmation, customerOrder, customerOrders, ordersByToken } from './order-reads';
import { retryOrder } from './retry';

export type OrdersPort = Pick<CommercePort, 'finishOrder' | 'order' | 'customerOrders' | 'orderDetail' | 'retryOrder'>;

/** The embedded backend's order calls; reads first expire what is overdue (lazy expiry). */
export function ordersPort(deps: OrdersDeps): OrdersPort {
  const me = async () => {
    const identity = await deps.identity();
    if (!identity) throw new DomainError('UNAUTHENTICATED', ORDER_MESSAGES.session);
    return identity;
  };
  return {
    finishOrder: (input, ctx) =>
      finishOrder(deps, input, ctx.idempotencyKey ?? `cart:${input.cartId}`, { cartCookie: ctx.cartCookie ?? null }),
    async order(ids, accessToken) {
      await expireDue(deps.lifecycle, deps.now());
      return confirmation(await ordersByToken(deps.repo, ids, accessToken, deps.now()));
    },
    async customerOrders() {
      const customer = await me();
      await expireDue(deps.lifecycle, deps.now());
      return customerOrders(deps.repo, customer.id);
    },
    async orderDetail(id) {
      const customer = await me();
      await expireDue(deps.lifecycle, deps.now());
      return customerOrder(deps.repo, customer.id, id);
    },
    async retryOrder(ids, accessToken, ctx) {
      await expireDue(deps.lifecycle, deps.now());
      return retryOrder(deps, ids, accessToken, ctx.cartId);
    },
  };
}
