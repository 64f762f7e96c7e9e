import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../env';
import { COOKIE } from '../cookies';

export const SESSION_TOKEN = /^[A-Za-z0-9._~+/=-]{16,512}$/;

/** Reads the shopper's token (cookie `token`, or a Bearer header from a proxy in front of us). */
export const session = createMiddleware<AppEnv>(async (c, next) => {
  const bearer = c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const raw = getCookie(c, COOKIE.token) ?? bearer ?? null;
  c.set('session', { token: raw && SESSION_TOKEN.test(raw) ? raw : null });
  await next();
});
