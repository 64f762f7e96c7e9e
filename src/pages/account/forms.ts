import type { Context } from 'hono';
import { isSafeMethod } from '../../api/guards';
import { DomainError } from '../../commerce/domain-error';
import { formFields, type FormFields } from '../../contracts/customer-forms';
import type { Me } from '../../contracts/customers';
import type { AppEnv } from '../../env';
import { STATUS } from '../../api/errors';
export { safePath } from '../../lib/safe-path';

/** Form posts (no-JS) are accepted only from this origin, like the /api guard (CSRF). */
export function sameOriginForm(c: Context<AppEnv>): boolean {
  if (isSafeMethod(c.req.method)) return true;
  const origin = c.req.header('origin');
  const self = new URL(c.req.url).origin;
  return origin ? origin === self : c.req.header('sec-fetch-site') === 'same-origin';
}

export async function readForm(c: Context<AppEnv>): Promise<FormFields> {
  if (!sameOriginForm(c)) throw new DomainError('FORBIDDEN_ORIGIN', 'Requisição de origem não permitida.');
  const type = c.req.header('content-type') ?? '';
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) {
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Envie o formulário novamente.');
  }
  return formFields(await c.req.formData());
}

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
export function failure(error: unknown): { status: 400 | 401 | 404 | 409 | 422 | 429; message: string } {
  if (error instanceof DomainError && STATUS[error.code] < 500) {
    const status = STATUS[error.code] as number;
    const known = [400, 401, 404, 409, 422, 429] as const;
    return { status: known.find((s) => s === status) ?? 400, message: error.message };
  }
  throw error;
}

/** A refused form post (foreign origin, wrong content type) answers its 4xx with the pt-BR text. */
export function formErrorHandler(error: Error, c: Context<AppEnv>): Response {
  if (error instanceof DomainError && STATUS[error.code] < 500) return c.text(error.message, STATUS[error.code]);
  throw error;
}
