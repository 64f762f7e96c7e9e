import { Hono } from 'hono';
import { jsonBody, parseWith } from '../../http/body';
import {
  BackofficeExchangesQuerySchema,
  BackofficeOrdersQuerySchema,
  ExchangeStatusChangeSchema,
  OrderStatusChangeSchema,
} from '../../contracts/backoffice';
import type { AppEnv } from '../../env';

const ID = '{[0-9]{1,9}}';

/** `/api/backoffice/*`: the store operator's calls (super users only; checked by the port). */
export const backofficeRoutes = new Hono<AppEnv>()
  // Who asks is checked before anything is read from the request: 401/403 come first.
  .use('/backoffice/*', async (c, next) => {
    await c.var.commerce.backofficeOperator();
    await next();
  })
  .get('/backoffice/me', async (c) => c.json(await c.var.commerce.backofficeOperator()))
  .get('/backoffice/orders', async (c) =>
    c.json(await c.var.commerce.backofficeOrders(parseWith(BackofficeOrdersQuerySchema, c.req.query()))),
  )
  .get(`/backoffice/orders/:id${ID}`, async (c) => c.json(await c.var.commerce.backofficeOrder(Number(c.req.param('id')))))
  .post(`/backoffice/orders/:id${ID}/status`, async (c) => {
    const input = await jsonBody(c, OrderStatusChangeSchema);
    return c.json(await c.var.commerce.backofficeOrderStatus(Number(c.req.param('id')), input));
  })
  .get(`/backoffice/orders/:id${ID}/payment`, async (c) =>
    c.json(await c.var.commerce.backofficeOrderPayment(Number(c.req.param('id')))),
  )
  // permission: orders:write
  .post(`/backoffice/orders/:id${ID}/payment/check`, async (c) =>
    c.json(await c.var.commerce.backofficeCheckOrderPayment(Number(c.req.param('id')))),
  )
  // permission: orders:write
  .post(`/backoffice/orders/:id${ID}/refunds/:refundId${ID}/paid-out`, async (c) =>
    c.json(await c.var.commerce.backofficeRefundPaidOut(Number(c.req.param('id')), Number(c.req.param('refundId')))),
  )
  .get('/backoffice/exchanges', async (c) =>
    c.json(await c.var.commerce.backofficeExchanges(parseWith(BackofficeExchangesQuerySchema, c.req.query()))),
  )
  .post(`/backoffice/exchanges/:id${ID}/status`, async (c) => {
    const input = await jsonBody(c, ExchangeStatusChangeSchema);
    return c.json(await c.var.commerce.backofficeExchangeStatus(Number(c.req.param('id')), input));
  });
