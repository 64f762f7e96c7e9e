import { Hono } from 'hono';
import { z } from 'zod';
import { getCookie } from 'hono/cookie';
import { jsonBody, parseWith } from '../../http/body';
import { FinishOrderSchema } from '../../contracts/checkout';
import type { AppEnv } from '../../env';
import { adoptRetriedCart, cartIdCookie, COOKIE } from '../../http/cookies';
import { CartIdSchema } from '../../contracts/cart';
import { DomainError } from '../domain-error';
import { parseOrderIds } from './access';
import { statusOf } from './order-reads';
import { ORDER_LOOKUP_MESSAGES } from '../../lib/messages/orders';

const NOT_FOUND = ORDER_LOOKUP_MESSAGES.orderNotFound;
const ByTokenSchema = z.object({
  orderIds: z
    .string({ error: NOT_FOUND })
    .transform((v, ctx) => parseOrderIds(v) ?? (ctx.addIssue({ code: 'custom', message: NOT_FOUND }), z.NEVER)),
  token: z.string({ error: NOT_FOUND }).min(8, NOT_FOUND).max(600, NOT_FOUND),
});
/** Without a token: the signed-in customer's own orders ("Minha conta"). */
const RetrySchema = ByTokenSchema.extend({
  token: ByTokenSchema.shape.token.nullish(),
  cartId: CartIdSchema.nullish(),
});
const IdempotencyKeySchema = z
  .string()
  .trim()
  .min(16, 'Chave de idempotência inválida.')
  .max(80, 'Chave de idempotência inválida.');

const byToken = (query: Record<string, string>) => {
  try {
    return parseWith(ByTokenSchema, query);
  } catch {
    throw new DomainError('NOT_FOUND', NOT_FOUND);
  }
};

export const ordersRoutes = new Hono<AppEnv>()
  .post('/finish-order', async (c) => {
    const input = await jsonBody(c, FinishOrderSchema, undefined, { fields: true });
    const header = c.req.header('idempotency-key');
    const key = input.idempotencyKey ?? (header ? parseWith(IdempotencyKeySchema, header) : null);
    const cartCookie = getCookie(c, COOKIE.cart) ?? null;
    return c.json(await c.var.commerce.finishOrder(input, { idempotencyKey: key, cartCookie }));
  })
  .get('/order-confirmation', async (c) => {
    const q = byToken(c.req.query());
    return c.json(await c.var.commerce.order(q.orderIds, q.token));
  })
  .get('/order-status', async (c) => {
    const q = byToken(c.req.query());
    return c.json(statusOf((await c.var.commerce.order(q.orderIds, q.token)).orders));
  })
  // "Tentar novamente": the products of a refused payment's orders back to the bag named by the body or the cookie.
  .post('/order-retry', async (c) => {
    const input = await jsonBody(c, RetrySchema).catch((error: unknown) => {
      throw error instanceof DomainError && error.code === 'VALIDATION'
        ? new DomainError('NOT_FOUND', NOT_FOUND)
        : error;
    });
    const result = await c.var.commerce.retryOrder(input.orderIds, input.token ?? null, {
      cartId: input.cartId ?? cartIdCookie(c),
    });
    await adoptRetriedCart(c, c.var.commerce, result.cartId);
    return c.json(result);
  })
  .get('/orders', async (c) => c.json({ orders: await c.var.commerce.customerOrders() }))
  .get('/orders/:id{[0-9]{1,12}}', async (c) => c.json(await c.var.commerce.orderDetail(Number(c.req.param('id')))));
