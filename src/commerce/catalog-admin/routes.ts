import { Hono } from 'hono';
import { jsonBody, parseWith } from '../../http/body';
import { ProductSaveSchema, ProductsQuerySchema } from '../../contracts/catalog-admin';
import type { AppEnv } from '../../env';
import { requirePermission } from '../staff/guard';

/** `/api/backoffice/products*`: catalog editing; the staff member (and a save's permission) is checked before the request is read. */
export const catalogAdminRoutes = new Hono<AppEnv>()
  .use('/backoffice/products', async (c, next) => {
    await c.var.commerce.backofficeOperator();
    await next();
  })
  .use('/backoffice/products/*', async (c, next) => {
    await c.var.commerce.backofficeOperator();
    await next();
  })
  .get('/backoffice/products', async (c) =>
    c.json(await c.var.commerce.backofficeProducts(parseWith(ProductsQuerySchema, c.req.query()))),
  )
  .get('/backoffice/products/categories', async (c) => c.json(await c.var.commerce.backofficeCategories()))
  .get('/backoffice/products/:id{[0-9]{1,9}}', async (c) =>
    c.json(await c.var.commerce.backofficeProduct(Number(c.req.param('id')))),
  )
  .post('/backoffice/products', requirePermission('catalog:write'), async (c) => {
    const input = await jsonBody(c, ProductSaveSchema);
    if (input.id !== undefined)
      return c.json({ code: 'VALIDATION', error: 'Para editar, use o endereço do produto.' }, 400);
    return c.json(await c.var.commerce.backofficeProductSave(input), 201);
  })
  .post('/backoffice/products/:id{[0-9]{1,9}}', requirePermission('catalog:write'), async (c) => {
    const input = await jsonBody(c, ProductSaveSchema);
    return c.json(await c.var.commerce.backofficeProductSave({ ...input, id: Number(c.req.param('id')) }));
  });
