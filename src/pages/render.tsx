import { reactRenderer } from '@hono/react-renderer';
import { routePath } from 'hono/route';
import type { Context, MiddlewareHandler } from 'hono';
import type { ReactElement } from 'react';
import { createStores, type Bootstrap } from '../../client/stores';
import type { AppEnv } from '../env';
import { Document, type PageMeta } from './document';
import { loadShell, type ShellData } from './shell-data';
import { Shell } from './shell';
import type { NavItem } from '../lib/menu/nav';
import { cspHash } from '../lib/security/csp-hash';
import { DRAWER_COLOR_PROPERTY } from '../ui/menu/menu-anchor';

interface RenderProps {
  meta: PageMeta;
  status: number;
  bodyClass: string;
  shell: ShellData;
  hideHeader: boolean;
  backOffice: boolean;
}

declare module '@hono/react-renderer' {
  interface Props {
    render?: RenderProps;
  }
}

/** A streaming renderer per request, so React's own inline scripts carry this response's nonce. */
export const pageRenderer: MiddlewareHandler<AppEnv> = (c, next) => {
  const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=UTF-8' };
  if (c.var.config.streamIdentity) headers['Content-Encoding'] = 'identity';
  return reactRenderer(
    ({ children, c: ctx, render }) => {
      const cx = ctx as Context<AppEnv>;
      const r = render as RenderProps;
      const bootstrap: Bootstrap = {
        session: { user: r.shell.user, ...(r.shell.sessionRefused ? { refused: true } : {}) },
        cart: { count: r.shell.cart?.count ?? 0, cart: r.shell.cart },
        appMode: cx.var.appMode,
        favorites: r.shell.favoriteIds,
        ...(cx.var.sharedRender ? { shared: true } : {}),
        // The route pattern (`/:slug/p`), never the path: paths and queries may carry tokens.
        ...(cx.var.config.rumSampleRate > 0
          ? { vitals: { sample: cx.var.config.rumSampleRate, route: routePath(cx) } }
          : {}),
      };
      return (
        <Document
          meta={r.meta}
          siteUrl={cx.var.config.siteUrl}
          nonce={cx.var.nonce}
          noindex={cx.var.noindex}
          bodyClass={r.bodyClass}
          bootstrap={bootstrap}
          stores={createStores(bootstrap)}
        >
          <Shell
            header={r.shell.header}
            menuUrl={r.shell.menuUrl}
            hideHeader={r.hideHeader}
            backOffice={r.backOffice}
            appMode={cx.var.appMode}
            imageHost={cx.var.config.imageHost}
            payments={r.shell.paymentBadges ?? undefined}
          >
            {children}
          </Shell>
        </Document>
      );
    },
    {
      stream: headers,
      readableStreamOptions: {
        nonce: c.var.nonce,
        onError(error) {
          console.error(JSON.stringify({ requestId: c.var.requestId, render: String(error) }));
        },
      },
    },
  )(c, next);
};

export interface PageOptions {
  meta: PageMeta;
  status?: 200 | 400 | 401 | 403 | 404 | 409 | 422 | 429;
  /** Extra body classes (e.g. `checkout`). */
  bodyClass?: string;
  /** Home only: header goes transparent over the hero. */
  transparentHeader?: boolean;
  /** Checkout (spec §2): no site header, the page brings its own minimal bar. */
  hideHeader?: boolean;
  /** The store operator's pages (/painel): none of the shopper's widgets (consent banner, WhatsApp button). */
  backOffice?: boolean;
}

/** Awaits the critical shell data, fixes the status, then streams the page. */
export async function renderPage(
  c: Context<AppEnv>,
  page: ReactElement | ((shell: ShellData) => ReactElement),
  opts: PageOptions,
): Promise<Response> {
  const shell = await loadShell(c, { transparent: !!opts.transparentHeader, hideHeader: !!opts.hideHeader });
  return renderLoaded(c, shell, typeof page === 'function' ? page(shell) : page, opts);
}

/** Every menu colour, as the style attribute React renders for it (`colorStyle`), for the CSP. */
function menuColorStyles(items: readonly NavItem[], into = new Set<string>()): Set<string> {
  for (const item of items) {
    if (item.color) into.add(`color:${item.color.trim()}`).add(`${DRAWER_COLOR_PROPERTY}:${item.color.trim()}`);
    menuColorStyles(item.items, into);
  }
  return into;
}

/** Renders with shell data already loaded (for handlers that decide the status from it). */
export async function renderLoaded(
  c: Context<AppEnv>,
  shell: ShellData,
  element: ReactElement,
  opts: PageOptions,
): Promise<Response> {
  // The only style attributes pages render are the menu's colours (data from the back office): the CSP allows
  // exactly those values (security-headers.ts), known before the first byte streams.
  c.set('styleAttrHashes', await Promise.all([...menuColorStyles(shell.header.menu)].map(cspHash)));
  const classes = [opts.bodyClass, c.var.appMode ? 'app-mode' : null].filter(Boolean).join(' ');
  c.status(opts.status ?? 200);
  return c.render(element, {
    render: {
      meta: opts.meta,
      status: opts.status ?? 200,
      bodyClass: classes,
      shell,
      hideHeader: !!opts.hideHeader,
      backOffice: !!opts.backOffice,
    },
  });
}
