import { Hono } from 'hono';
import { OmnichannelQuerySchema } from '../../contracts/shipping';
import type { AppEnv } from '../../env';
import { DomainError } from '../domain-error';

export const shippingRoutes = new Hono<AppEnv>().get('/omnichannel', async (c) => {
  const query = OmnichannelQuerySchema.safeParse(c.req.query());
  if (!query.success)
    throw new DomainError('VALIDATION', query.error.issues[0]?.message ?? 'Dados inválidos para o cálculo do frete.');
  return c.json(await c.var.commerce.omnichannel(query.data));
});
