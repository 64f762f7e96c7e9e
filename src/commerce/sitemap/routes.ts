import { Hono } from 'hono';
import type { AppEnv } from '../../env';

export const sitemapRoutes = new Hono<AppEnv>().get('/sitemap', async (c) => c.json(await c.var.commerce.sitemap()));
