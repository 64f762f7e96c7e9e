import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../env';
import { APP_MODE_COOKIE, isAppRequest } from '../../lib/site/app-mode';

/** App mode (ADR 0004): the bridge's cookie, or the app's user-agent token as a hint. */
export const appMode = createMiddleware<AppEnv>(async (c, next) => {
  c.set('appMode', isAppRequest(c.req.header('user-agent'), getCookie(c, APP_MODE_COOKIE)));
  await next();
  c.header('Vary', 'User-Agent', { append: true });
  c.header('Vary', 'Cookie', { append: true });
});
