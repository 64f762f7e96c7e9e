import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { isAppUserAgent } from '../lib/app-mode';

export const appMode = createMiddleware<AppEnv>(async (c, next) => {
  c.set('appMode', isAppUserAgent(c.req.header('user-agent')));
  await next();
  c.header('Vary', 'User-Agent', { append: true });
});
