import type { CommercePort } from '../port';
import { DomainError } from '../domain-error';
import { cardService, installments, offeredMethods, paypalCreate, sandboxAction, sandboxPayment } from '../payments/service';
import { paymentReturn } from '../payments/return';
import { finishOrder, ORDER_MESSAGES, type OrdersDeps } from './finish';
import { expireDue } from './lifecycle';
import { confirmation, customerOrder, customerOrders, ordersByToken } from './read';

type OrdersPort = Pick<
  CommercePort,
  | 'finishOrder'
  | 'cardService'
  | 'paypalCreate'
  | 'order'
  | 'customerOrders'
  | 'orderDetail'
  | 'installments'
  | 'paymentMethods'
  | 'paymentStep'
  | 'paymentAction'
  | 'paymentReturn'
>;

/** The embedded backend's order and payment calls; reads first expire what is overdue (lazy expiry). */
export function ordersPort(deps: OrdersDeps, token: string | null): OrdersPort {
  const me = async () => {
    const identity = await deps.identity();
    if (!identity) throw new DomainError('UNAUTHENTICATED', ORDER_MESSAGES.session);
    return identity;
  };
  return {
    finishOrder: (input, ctx) =>
      finishOrder(deps, input, ctx.idempotencyKey ?? `cart:${input.cartId}`, { cartCookie: ctx.cartCookie ?? null }),
    cardService: async () => cardService(deps),
    paypalCreate: (input) => paypalCreate(deps, input, token),
    async order(ids, accessToken) {
      await expireDue(deps.db, deps.now());
      return confirmation(await ordersByToken(deps.repo, ids, accessToken, deps.now()));
    },
    async customerOrders() {
      const customer = await me();
      await expireDue(deps.db, deps.now());
      return customerOrders(deps.repo, customer.id);
    },
    async orderDetail(id) {
      const customer = await me();
      await expireDue(deps.db, deps.now());
      return customerOrder(deps.repo, customer.id, id);
    },
    installments: async (total) => installments(total),
    paymentMethods: async () => ({
      methods: offeredMethods(deps.providers).map(({ id, name, label, kind, installments: max }) => ({
        id,
        name,
        label,
        kind,
        installments: max,
      })),
    }),
    paymentStep: (reference) => sandboxPayment(deps, reference),
    paymentAction: (input) => sandboxAction(deps, input),
    paymentReturn: async (reference, caller) => ({ redirect: await paymentReturn(deps, reference, caller) }),
  };
}
