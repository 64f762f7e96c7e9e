import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env';
import { jsonBody } from '../../http/body';
import { clearSiteCookie, COOKIE, SESSION_MAX_AGE, setSiteCookie } from '../../http/cookies';
import { SESSION_TOKEN } from '../../http/middleware/session';

const BodySchema = z.object({
  token: z.string().regex(SESSION_TOKEN, 'Sessão inválida.').nullable(),
});

/**
 * POST /api/app/session {token}: the app's `token-updated` event (spec §4) — the app's session token becomes
 * the page's HttpOnly `token` cookie (spec §9 attributes), or is cleared with `null`. Its validity is
 * checked where it is used, like any token cookie. Served here on both adapters: it is this site's cookie.
 */
export const appSessionRoutes = new Hono<AppEnv>().post('/app/session', async (c) => {
  const { token } = await jsonBody(c, BodySchema);
  if (token) setSiteCookie(c, COOKIE.token, token, { maxAge: SESSION_MAX_AGE });
  else clearSiteCookie(c, COOKIE.token);
  return c.json({ ok: true, loggedIn: !!token });
});
