import type { z } from 'zod';
import { FinishOrderResultSchema } from '../../contracts/checkout';
import {
  CustomerOrdersResponseSchema,
  OrderConfirmationSchema,
  OrderDetailSchema,
  OrderRetryResultSchema,
} from '../../contracts/orders';
import type { CommercePort } from '../port';
import type { UpstreamSend } from '../upstream-http';

/** Finish-order and the order reads against the upstream API (same paths as our /api), answers parsed with the contract. */
export function upstreamOrders(
  send: UpstreamSend,
): Pick<CommercePort, 'finishOrder' | 'order' | 'customerOrders' | 'orderDetail' | 'retryOrder'> {
  const get = <T>(path: string, schema: z.ZodType<T>) => send('GET', path, schema);
  return {
    finishOrder: (input, ctx) =>
      send(
        'POST',
        '/finish-order',
        FinishOrderResultSchema,
        ctx.idempotencyKey ? { ...input, idempotencyKey: ctx.idempotencyKey } : input,
      ),
    order: (ids, token) =>
      get(`/order-confirmation?${new URLSearchParams({ orderIds: ids.join('-'), token })}`, OrderConfirmationSchema),
    customerOrders: async () => (await get('/orders', CustomerOrdersResponseSchema)).orders,
    orderDetail: (id) => get(`/orders/${id}`, OrderDetailSchema),
    retryOrder: (ids, token, ctx) =>
      send('POST', '/order-retry', OrderRetryResultSchema, {
        orderIds: ids.join('-'),
        ...(token === null ? {} : { token }),
        cartId: ctx.cartId,
      }),
  };
}
