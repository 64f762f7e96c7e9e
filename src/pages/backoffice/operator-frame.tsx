import { Hono, type Context } from 'hono';
import type { ReactNode } from 'react';
import type { Operator } from '../../contracts/staff';
import { DomainError } from '../../commerce/domain-error';
import { can, PERMISSION_MESSAGES, type Permission } from '../../commerce/staff/permissions';
import type { AppEnv } from '../../env';
import { NOINDEX } from '../../http/middleware/noindex';
import { FormError } from '../../ui/account/field';
import { loginUrl } from '../account/forms';
import { notFound } from '../not-found';
import { renderPage, type PageOptions } from '../render';
import { BackofficeLayout } from './layout';

// What every back-office page shares: the staff guard, the layout and the 400 page of a bad query.
export type Status = NonNullable<PageOptions['status']>;
type Handler = (c: Context<AppEnv>, operator: Operator) => Promise<Response> | Response;

export const ORDERS = '/painel/pedidos';
export const EXCHANGES = '/painel/trocas';
export const STAFF = '/painel/equipe';
export const AUDIT = '/painel/auditoria';

/** A page handler behind the staff guard; `permission` (null: any staff member) is read by the route-listing tests. */
export type StaffHandler = ((c: Context<AppEnv>) => Promise<Response>) & { readonly permission: Permission | null };

/**
 * Staff only (ADR 0010, ADR 0028). Signed out → the login page and back; a customer who is not (or no longer) staff
 * gets the same 404 as an unknown page (the back office is not advertised); a staff member whose role lacks
 * `permission` gets the 403 "Sem permissão" page. Reading pages pass `null`; every mutation names its permission.
 * Never indexed. The port checks the permission again on the mutation itself.
 */
export const asStaff = (permission: Permission | null, handler: Handler): StaffHandler =>
  Object.assign(guarded(permission, handler), { permission });

const guarded = (permission: Permission | null, handler: Handler) => async (c: Context<AppEnv>) => {
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
  if (permission && !can(operator, permission)) return forbidden(c, operator);
  try {
    return await handler(c, operator);
  } catch (error) {
    // The port refused the permission itself (a role changed mid-request, or a page forgot to name one).
    if (error instanceof DomainError && error.code === 'FORBIDDEN' && error.message === PERMISSION_MESSAGES.forbidden)
      return forbidden(c, operator);
    throw error;
  }
};

/** The 403 page of a staff member whose role does not allow what they tried. */
export function forbidden(c: Context<AppEnv>, operator: Operator) {
  return page(
    c,
    operator,
    new URL(c.req.url).pathname,
    'Sem permissão',
    <>
      <p data-testid="backoffice-forbidden">{PERMISSION_MESSAGES.forbidden}</p>
      <p>
        <a href="/painel">Voltar ao painel</a>
      </p>
    </>,
    403,
  );
}

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
      meta: {
        title: `${title} · Painel da loja`,
        description: 'Painel da loja: pedidos, trocas e devoluções, equipe e auditoria.',
      },
      bodyClass: 'account-page backoffice-page',
      backOffice: true,
      status,
    },
  );
}

export const idParam = (c: Context<AppEnv>) => Number(c.req.param('id'));
export const invalid = (c: Context<AppEnv>, operator: Operator, path: string, title: string, message: string) =>
  page(c, operator, path, title, <FormError text={message} />, 400);

const ID = ':id{[0-9]{1,9}}';
/**
 * The pages of records edited by a form under `base` (no JS needed): the new form, one record's form, and the saves
 * they post. `save` builds the POST handler from how it reads which record (null: a new one).
 */
export const formRoutes = (
  base: string,
  form: (c: Context<AppEnv>, operator: Operator, id: number | null) => Promise<Response> | Response,
  save: (which: (c: Context<AppEnv>) => number | null) => StaffHandler,
) =>
  new Hono<AppEnv>()
    .get(
      `${base}/novo`,
      asStaff(null, (c, operator) => form(c, operator, null)),
    )
    .get(
      `${base}/${ID}`,
      asStaff(null, (c, operator) => form(c, operator, idParam(c))),
    )
    .post(
      base,
      save(() => null),
    )
    .post(`${base}/${ID}`, save(idParam));
