import type { Context } from 'hono';
import { DomainError } from '../../commerce/domain-error';
import type { FormFields } from '../../contracts/customer-forms';
import { readFormBody } from '../../http/form';
import { typedValues } from '../../contracts/text-input';
import type { Me } from '../../contracts/customers';
import type { AppEnv } from '../../env';
import { constraintError, setRetryAfter, STATUS } from '../../http/errors';
import { refuseControlChars } from '../../http/body';
import { safeRedirect } from '../../lib/security/safe-path';
import { refusedPage } from '../refused';

/** A form post's fields as sent (its origin was already checked by `sameOrigin`, mounted on every page route). */
const postedFields = (c: Context<AppEnv>): Promise<FormFields> => readFormBody(c);

/** A form post's fields; a control character in any of them is a 400 (the plain refusal page). */
export async function readForm(c: Context<AppEnv>): Promise<FormFields> {
  return refuseControlChars(await postedFields(c));
}

/** A form post's fields less their control characters, and those that held one (`typedValues`); in a name: 400. */
export async function readTypedForm(
  c: Context<AppEnv>,
): Promise<{ values: FormFields; unreadable: FormFields | null }> {
  const fields = await postedFields(c);
  refuseControlChars(Object.keys(fields));
  return typedValues(fields) as { values: FormFields; unreadable: FormFields | null };
}

/** Where a login form or link may send the shopper afterwards: a path on this origin (ADR 0012), else the account. */
export const redirectTarget = (c: Context<AppEnv>, raw: string | null | undefined): string =>
  safeRedirect(raw, '/minha-conta', new URL(c.req.url).origin);

export const loginUrl = (c: Context<AppEnv>) => {
  const url = new URL(c.req.url);
  return `/login?redirect=${encodeURIComponent(url.pathname + url.search)}`;
};

/** The signed-in customer, or null (a dead session counts as none). */
export async function currentCustomer(c: Context<AppEnv>): Promise<Me | null> {
  if (!c.var.session.token) return null;
  try {
    return await c.var.commerce.me();
  } catch (error) {
    if (error instanceof DomainError && error.code === 'UNAUTHENTICATED') return null;
    throw error;
  }
}

/** Status and pt-BR text of a failed call, for re-rendering a form. */
export function failure(
  error: unknown,
  c?: Context,
): { status: 400 | 401 | 403 | 404 | 409 | 422 | 429; message: string } {
  error = constraintError(error) ?? error;
  if (error instanceof DomainError && STATUS[error.code] < 500) {
    if (c) setRetryAfter(c, error);
    const status = STATUS[error.code] as number;
    const known = [400, 401, 403, 404, 409, 422, 429] as const;
    return { status: known.find((s) => s === status) ?? 400, message: error.message };
  }
  throw error;
}

/**
 * A refused form post (foreign origin, wrong content type, control characters) answers its 4xx with the store's
 * plain page: the pt-BR reason and "Voltar" to the form (its Referer, else the section's page: a post to
 * `/minha-conta/enderecos/5` goes back to `/minha-conta/enderecos`).
 */
export function formErrorHandler(raw: Error, c: Context<AppEnv>): Response {
  const error = constraintError(raw) ?? raw;
  if (error instanceof DomainError && STATUS[error.code] < 500) {
    const section = c.req.path.split('/').slice(0, 3).join('/') || '/';
    return refusedPage(c, error, STATUS[error.code] as Parameters<typeof refusedPage>[2], section);
  }
  throw error;
}
