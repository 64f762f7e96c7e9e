import { Hono } from 'hono';
import { ProductSlugSchema } from '../../contracts/product';
import type { AppEnv } from '../../env';
import { DomainError } from '../domain-error';
import { PRODUCT_MESSAGES } from '../../lib/messages/products';

export const productRoutes = new Hono<AppEnv>().get('/products/:slug', async (c) => {
  const slug = ProductSlugSchema.safeParse(c.req.param('slug'));
  if (!slug.success) throw new DomainError('NOT_FOUND', PRODUCT_MESSAGES.notFound);
  return c.json(await c.var.commerce.product(slug.data));
});
