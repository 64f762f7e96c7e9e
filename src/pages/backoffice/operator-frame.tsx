import type { Context } from 'hono';
import type { ReactNode } from 'react';
import type { Operator } from '../../contracts/backoffice';
import { DomainError } from '../../commerce/domain-error';
import type { AppEnv } from '../../env';
import { NOINDEX } from '../../middleware/noindex';
import { FormError } from '../../ui/account/field';
import { loginUrl } from '../account/forms';
import { notFound } from '../not-found';
import { renderPage, type PageOptions } from '../render';
import { BackofficeLayout } from './layout';

// What every back-office page shares: the operator guard, the layout and the 400 page of a bad query.
export type Status = NonNullable<PageOptions['status']>;
type Handler = (c: Context<AppEnv>, operator: Operator) => Promise<Response> | Response;

export const ORDERS = '/painel/pedidos';
export const EXCHANGES = '/painel/trocas';

/**
 * Super users only (ADR 0010). Signed out → the login page and back; any other customer gets the
 * same 404 as an unknown page (the back office is not advertised). Never indexed.
 */
export const asOperator = (handler: Handler) => async (c: Context<AppEnv>) => {
  c.set('noindex', true);
  c.header('X-Robots-Tag', NOINDEX);
  let operator: Operator;
  try {
    operator = await c.var.commerce.backofficeOperator();
  } catch (error) {
    if (error instanceof DomainError && error.code === 'UNAUTHENTICATED') {
      c.header('Cache-Control', 'private, no-store');
      return c.redirect(loginUrl(c), 303);
    }
    if (error instanceof DomainError && error.code === 'FORBIDDEN') return notFound(c);
    throw error;
  }
  return handler(c, operator);
};

export function page(
  c: Context<AppEnv>,
  operator: Operator,
  path: string,
  title: string,
  body: ReactNode,
  status: Status = 200,
) {
  return renderPage(
    c,
    <BackofficeLayout path={path} title={title} operator={operator}>
      {body}
    </BackofficeLayout>,
    {
      meta: { title: `${title} · Painel da loja`, description: 'Painel da loja: pedidos, trocas e devoluções.' },
      bodyClass: 'account-page backoffice-page',
      backOffice: true,
      status,
    },
  );
}

export const idParam = (c: Context<AppEnv>) => Number(c.req.param('id'));
export const invalid = (c: Context<AppEnv>, operator: Operator, path: string, title: string, message: string) =>
  page(c, operator, path, title, <FormError text={message} />, 400);
