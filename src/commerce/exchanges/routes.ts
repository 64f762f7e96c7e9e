import { Hono } from 'hono';
import { jsonBody } from '../../http/body';
import { ExchangeRequestSchema } from '../../contracts/exchanges';
import type { AppEnv } from '../../env';

/** Exchanges and returns of the signed-in customer (account area). */
export const exchangesRoutes = new Hono<AppEnv>()
  .get('/exchanges', async (c) => c.json(await c.var.commerce.exchanges()))
  .post('/exchanges', async (c) =>
    c.json(await c.var.commerce.requestExchange(await jsonBody(c, ExchangeRequestSchema)), 201),
  );
