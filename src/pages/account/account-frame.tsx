import type { Context } from 'hono';
import type { ReactNode } from 'react';
import type { Me } from '../../contracts/customers';
import type { AppEnv } from '../../env';
import { AccountLayout } from '../../ui/account/account-layout';
import { Notice } from '../../ui/account/auth-layout';
import { ACCOUNT_PAGES } from '../content/account-pages';
import { renderPage, type PageOptions } from '../render';
import { currentCustomer, loginUrl } from './forms';

// What every account page shares: the session guard, the layout with the page's title and meta, the "ok" notice.
export type Status = NonNullable<PageOptions['status']>;
type Handler = (c: Context<AppEnv>, me: Me) => Promise<Response> | Response;

export const pageMeta = (path: string) => {
  const page = ACCOUNT_PAGES.find((p) => p.path === path)!;
  return { title: page.title, description: page.description, lead: page.lead };
};

/** Session required: without one, to the login page and back here afterwards (spec §2 account routes). */
export const signedIn = (handler: Handler) => async (c: Context<AppEnv>) => {
  const me = await currentCustomer(c);
  // Whether there is a session decides this answer: no cache may keep it for another request.
  if (!me) {
    c.header('Cache-Control', 'private, no-store');
    return c.redirect(loginUrl(c), 302);
  }
  c.set('me', me);
  return handler(c, me);
};

/** An account page under its section (`path`: the menu entry marked); `heading` replaces the section's h1 and title. */
export function page(c: Context<AppEnv>, path: string, body: ReactNode, status: Status = 200, heading?: string) {
  const meta = pageMeta(path);
  const title = heading ?? meta.title;
  return renderPage(
    c,
    <AccountLayout path={path} title={title} seller={c.var.me?.seller ?? false}>
      {body}
    </AccountLayout>,
    {
      meta: { title, description: meta.description },
      bodyClass: 'account-page',
      status,
    },
  );
}

export const ok = (c: Context<AppEnv>, text: string) =>
  c.req.query('ok') ? <Notice tone="success">{text}</Notice> : null;

/** The `:id` route parameter as a database id; 0 (no such row) when it is not one. */
export const idParam = (c: Context<AppEnv>) => {
  const id = Number(c.req.param('id'));
  return Number.isInteger(id) && id > 0 && id < 2 ** 31 ? id : 0;
};
