import type { Context } from 'hono';
import type { DomainError } from '../commerce/domain-error';
import type { AppEnv } from '../env';
import { safeRedirect } from '../lib/security/safe-path';
import { plainPage } from './unavailable';

/** Where "Voltar" leads: the page the form was on (its Referer, when it is one of our paths), else `fallback`. */
function backTo(c: Context<AppEnv>, fallback: string): string {
  const referer = c.req.header('referer');
  if (!referer) return fallback;
  const origin = new URL(c.req.url).origin;
  try {
    const url = new URL(referer);
    return url.origin === origin ? safeRedirect(url.pathname + url.search, fallback, origin) : fallback;
  } catch {
    return fallback;
  }
}

/**
 * A form post (no JavaScript) refused before its own page could answer (a foreign origin, control characters,
 * a database rule): the store's page with the pt-BR reason and a way back, instead of a bare text response.
 * The status stays the refusal's.
 */
export function refusedPage(
  c: Context<AppEnv>,
  refusal: DomainError,
  status: Parameters<typeof plainPage>[2],
  fallback = '/',
): Response {
  return plainPage(
    c,
    {
      title: 'Não foi possível enviar',
      message: refusal.message,
      link: { href: backTo(c, fallback), label: 'Voltar' },
    },
    status,
  );
}
