import { Hono, type Context } from 'hono';
import { jsonBody, parseWith } from '../../http/body';
import { StockAdjustmentSchema, StockQuerySchema } from '../../contracts/stock-admin';
import type { AppEnv } from '../../env';
import { requirePermission } from '../staff/guard';

/** Any staff member (401/403 before anything of the request is read); an adjustment's permission is `requirePermission`'s. */
const operator = (c: Context<AppEnv>) => c.var.commerce.backofficeOperator();

/**
 * `/api/backoffice/stock*`: stock per location. Embedded backend only: with COMMERCE_API_URL the whole
 * `/api` is the upstream's (src/commerce/routes.ts), so the upstream owns and answers these.
 */
export const stockAdminRoutes = new Hono<AppEnv>()
  .use('/backoffice/stock', async (c, next) => {
    await operator(c);
    await next();
  })
  .use('/backoffice/stock/*', async (c, next) => {
    await operator(c);
    await next();
  })
  .get('/backoffice/stock', async (c) =>
    c.json(await c.var.commerce.backofficeStock(parseWith(StockQuerySchema, c.req.query()))),
  )
  .get('/backoffice/stock/:sku{[A-Za-z0-9._-]{1,64}}', async (c) =>
    c.json(await c.var.commerce.backofficeStockSku(c.req.param('sku'))),
  )
  .post('/backoffice/stock/adjustments', requirePermission('stock:write'), async (c) => {
    const input = await jsonBody(c, StockAdjustmentSchema);
    return c.json(await c.var.commerce.backofficeStockAdjust(input));
  });
