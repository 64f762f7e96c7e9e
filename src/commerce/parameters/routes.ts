import { Hono } from 'hono';
import type { AppEnv } from '../../env';

export const parametersRoutes = new Hono<AppEnv>().get('/parameters', async (c) =>
  c.json(await c.var.commerce.parameters()),
);
