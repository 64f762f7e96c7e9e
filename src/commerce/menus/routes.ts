import { Hono } from 'hono';
import type { AppEnv } from '../../env';

export const menusRoutes = new Hono<AppEnv>().get('/live-menus', async (c) => c.json(await c.var.commerce.liveMenus()));
