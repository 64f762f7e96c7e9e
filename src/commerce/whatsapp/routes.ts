import { Hono } from 'hono';
import type { AppEnv } from '../../env';

export const whatsappRoutes = new Hono<AppEnv>().get('/whatsapp', async (c) => c.json(await c.var.commerce.whatsapp()));
