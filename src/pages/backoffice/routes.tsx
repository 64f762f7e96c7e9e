import { FormError } from '../../ui/account/field';
import { Hono, type Context } from 'hono';
import type { ReactNode } from 'react';
import {
  BackofficeExchangesQuerySchema,
  BackofficeOrdersQuerySchema,
  ExchangeStatusChangeSchema,
  OrderStatusChangeSchema,
  type Operator,
} from '../../contracts/backoffice';
import { ORDER_STATUS_LABELS } from '../../contracts/orders';
import { DomainError } from '../../commerce/domain-error';
import type { AppEnv } from '../../env';
import { NOINDEX } from '../../middleware/noindex';
import { Notice } from '../../ui/account/auth-layout';
import { EXCHANGE_STATUS_LABELS } from '../account/exchanges-view';
import { failure, formErrorHandler, loginUrl, readForm } from '../account/forms';
import { safeRedirect } from '../../lib/safe-path';
import { OrderView } from '../account/orders-view';
import { notFound } from '../not-found';
import { renderPage, type PageOptions } from '../render';
import { ExchangeQueue } from './exchanges-view';
import { BackofficeLayout, Pager, StatusFilter } from './layout';
import { OrderActions, OrdersTable } from './orders-view';

type Status = NonNullable<PageOptions['status']>;
type Handler = (c: Context<AppEnv>, operator: Operator) => Promise<Response> | Response;

const ORDERS = '/painel/pedidos';
const EXCHANGES = '/painel/trocas';

/**
 * Super users only (ADR 0010). Signed out → the login page and back; any other customer gets the
 * same 404 as an unknown page (the back office is not advertised). Never indexed.
 */
const asOperator = (handler: Handler) => async (c: Context<AppEnv>) => {
  c.set('noindex', true);
  c.header('X-Robots-Tag', NOINDEX);
  let operator: Operator;
  try {
    operator = await c.var.commerce.backofficeOperator();
  } catch (error) {
    if (error instanceof DomainError && error.code === 'UNAUTHENTICATED') return c.redirect(loginUrl(c), 303);
    if (error instanceof DomainError && error.code === 'FORBIDDEN') return notFound(c);
    throw error;
  }
  return handler(c, operator);
};

function page(c: Context<AppEnv>, operator: Operator, path: string, title: string, body: ReactNode, status: Status = 200) {
  return renderPage(
    c,
    <BackofficeLayout path={path} title={title} operator={operator}>
      {body}
    </BackofficeLayout>,
    { meta: { title: `${title} · Painel da loja`, description: 'Painel da loja: pedidos, trocas e devoluções.' }, bodyClass: 'account-page backoffice-page', status },
  );
}

const idParam = (c: Context<AppEnv>) => Number(c.req.param('id'));
const invalid = (c: Context<AppEnv>, operator: Operator, path: string, title: string, message: string) =>
  page(c, operator, path, title, <FormError text={message} />, 400);

async function ordersPage(c: Context<AppEnv>, operator: Operator) {
  const query = BackofficeOrdersQuerySchema.safeParse(c.req.query());
  if (!query.success) return invalid(c, operator, ORDERS, 'Pedidos', query.error.issues[0]!.message);
  const data = await c.var.commerce.backofficeOrders(query.data);
  return page(
    c,
    operator,
    ORDERS,
    'Pedidos',
    <>
      <StatusFilter
        action={ORDERS}
        labels={ORDER_STATUS_LABELS}
        value={query.data.status}
        allLabel="Todos"
        search={{ value: query.data.q }}
      />
      <p>
        {data.total} {data.total === 1 ? 'pedido' : 'pedidos'}
      </p>
      <OrdersTable data={data} />
      <Pager
        path={ORDERS}
        status={query.data.status}
        q={query.data.q}
        page={data.page}
        pageSize={data.pageSize}
        total={data.total}
      />
    </>,
  );
}

async function orderPage(
  c: Context<AppEnv>,
  operator: Operator,
  id: number,
  form: { error: string; trackingCode?: string } | null = null,
  status: Status = 200,
) {
  let detail;
  try {
    detail = await c.var.commerce.backofficeOrder(id);
  } catch (error) {
    if (failure(error).status === 404) return notFound(c);
    throw error;
  }
  const { order } = detail;
  return page(
    c,
    operator,
    ORDERS,
    `Pedido nº ${order.id}`,
    <>
      {!form && c.req.query('ok') ? <Notice tone="success">Alterações salvas.</Notice> : null}
      <p>
        Cliente: <strong>{order.customer.name}</strong> · {order.customer.email}
        {order.customer.guest ? ' · compra sem cadastro' : ''}
      </p>
      <OrderActions detail={detail} error={form?.error ?? null} trackingCode={form?.trackingCode} />
      {detail.exchanges.length > 0 ? (
        <>
          <h2>Trocas e devoluções deste pedido</h2>
          <ExchangeQueue exchanges={detail.exchanges} back={`${ORDERS}/${order.id}`} />
        </>
      ) : null}
      <OrderView order={order} imageHost={c.var.config.imageHost} backHref={ORDERS} />
    </>,
    status,
  );
}

async function exchangesPage(
  c: Context<AppEnv>,
  operator: Operator,
  raw: Record<string, string>,
  failed: { id: number; error: string } | null = null,
  status: Status = 200,
) {
  const query = BackofficeExchangesQuerySchema.safeParse(raw);
  if (!query.success) return invalid(c, operator, EXCHANGES, 'Trocas e devoluções', query.error.issues[0]!.message);
  const data = await c.var.commerce.backofficeExchanges(query.data);
  const back = `${EXCHANGES}?${new URLSearchParams(raw)}`;
  const ok = Number(raw.ok) || null;
  return page(
    c,
    operator,
    EXCHANGES,
    'Trocas e devoluções',
    <>
      {ok && !failed ? <Notice tone="success">Solicitação nº {ok} atualizada.</Notice> : null}
      <FormError text={failed ? `Solicitação nº ${failed.id}: ${failed.error}` : null} />
      <StatusFilter action={EXCHANGES} labels={EXCHANGE_STATUS_LABELS} value={query.data.status} allLabel="Todas" />
      <p>
        {data.total} {data.total === 1 ? 'solicitação' : 'solicitações'} · as mais antigas primeiro
      </p>
      <ExchangeQueue exchanges={data.exchanges} back={back.replace(/[?&]ok=[^&]*/, '')} failed={failed} />
      <Pager path={EXCHANGES} status={query.data.status} page={data.page} pageSize={data.pageSize} total={data.total} />
    </>,
    status,
  );
}

/** Where a processed exchange form returns: the page it came from (a /painel path only), marked ok. */
function backTo(c: Context<AppEnv>, raw: string | undefined, id: number): URL {
  const origin = new URL(c.req.url).origin;
  const path = safeRedirect(raw, EXCHANGES, origin);
  const url = new URL(path.startsWith('/painel/') ? path : EXCHANGES, origin);
  url.searchParams.set('ok', String(id));
  url.hash = `troca-${id}`;
  return url;
}

export const backofficePages = new Hono<AppEnv>()
  .onError(formErrorHandler)
  .get('/painel', asOperator((c) => c.redirect(ORDERS, 302)))
  .get(ORDERS, asOperator(ordersPage))
  .get(`${ORDERS}/:id{[0-9]{1,9}}`, asOperator((c, operator) => orderPage(c, operator, idParam(c))))
  .post(
    `${ORDERS}/:id{[0-9]{1,9}}/status`,
    asOperator(async (c, operator) => {
      const id = idParam(c);
      const values = await readForm(c);
      const parsed = OrderStatusChangeSchema.safeParse({ to: values.to, trackingCode: values.trackingCode });
      const form = (error: string) => ({ error, trackingCode: values.trackingCode });
      if (!parsed.success) return orderPage(c, operator, id, form(parsed.error.issues[0]!.message), 400);
      try {
        await c.var.commerce.backofficeOrderStatus(id, parsed.data);
        return c.redirect(`${ORDERS}/${id}?ok=1`, 303);
      } catch (error) {
        const { status, message } = failure(error);
        return status === 404 ? notFound(c) : orderPage(c, operator, id, form(message), status);
      }
    }),
  )
  .get(EXCHANGES, asOperator((c, operator) => exchangesPage(c, operator, c.req.query())))
  .post(
    `${EXCHANGES}/:id{[0-9]{1,9}}/status`,
    asOperator(async (c, operator) => {
      const id = idParam(c);
      const values = await readForm(c);
      const back = backTo(c, values.back, id);
      const retry = (error: string, status: Status) => {
        const raw = Object.fromEntries([...back.searchParams].filter(([key]) => key !== 'ok'));
        return exchangesPage(c, operator, back.pathname === EXCHANGES ? raw : {}, { id, error }, status);
      };
      const parsed = ExchangeStatusChangeSchema.safeParse({ to: values.to, note: values.note });
      if (!parsed.success) return retry(parsed.error.issues[0]!.message, 400);
      try {
        await c.var.commerce.backofficeExchangeStatus(id, parsed.data);
        return c.redirect(back.pathname + back.search + back.hash, 303);
      } catch (error) {
        const { status, message } = failure(error);
        return retry(message, status);
      }
    }),
  );
