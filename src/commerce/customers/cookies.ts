import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { Me } from '../../contracts/customers';
import { maskCpf } from '../../lib/cpf';
import { SESSION_TTL_SECONDS } from './identity';

/** The spec's auth cookies (§3/§9): path /, SameSite=Strict, 43200 s. Only `token` is a secret. */
export const AUTH_COOKIES = ['token', 'user_id', 'login', 'account_temp', 'anonymous', 'user_cpf'] as const;

function base(c: Context) {
  return {
    path: '/',
    sameSite: 'Strict' as const,
    secure: new URL(c.req.url).protocol === 'https:',
    maxAge: SESSION_TTL_SECONDS,
  };
}

/** After login/registration: the session token HttpOnly; the rest readable, with no secrets in them. */
export function setSessionCookies(c: Context, token: string, user: Me): void {
  const opts = base(c);
  setCookie(c, 'token', token, { ...opts, httpOnly: true });
  setCookie(c, 'user_id', String(user.id), opts);
  setCookie(c, 'login', 'true', opts);
  setCookie(c, 'account_temp', 'false', opts);
  setCookie(c, 'anonymous', 'false', opts);
  // Masked: enough for the page to greet, nothing a thief could reuse.
  setCookie(c, 'user_cpf', maskCpf(user.cpf), opts);
}

/** Logout / failed session (spec §4): token, temporary account, login, user id and CPF are cleared. */
export function clearSessionCookies(c: Context): void {
  const { path, secure } = base(c);
  for (const name of ['token', 'user_id', 'login', 'account_temp', 'user_cpf', 'favorites'])
    deleteCookie(c, name, { path, secure, sameSite: 'Strict' });
  setCookie(c, 'anonymous', 'true', base(c));
}

/** The client address for the per-IP login limit. */
export const clientIp = (c: Context): string =>
  c.req.header('cf-connecting-ip') ?? c.req.header('x-real-ip') ?? 'unknown';
