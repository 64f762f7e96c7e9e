import { Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { SESSION_TOKEN } from '../middleware/session';
import { jsonBody } from './body';

const TWELVE_HOURS = 43200;
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
  const secure = new URL(c.req.url).protocol === 'https:';
  if (token) setCookie(c, 'token', token, { path: '/', sameSite: 'Strict', httpOnly: true, secure, maxAge: TWELVE_HOURS });
  else deleteCookie(c, 'token', { path: '/', secure });
  return c.json({ ok: true, loggedIn: !!token });
});
