import { Hono } from 'hono';
import { jsonBody } from '../../http/body';
import { LeadSchema } from '../../contracts/leads';
import type { AppEnv } from '../../env';

export const leadsRoutes = new Hono<AppEnv>().post('/leads', async (c) =>
  c.json(
    await c.var.commerce.createLead(await jsonBody(c, LeadSchema), { ip: c.req.header('cf-connecting-ip') ?? null }),
  ),
);
