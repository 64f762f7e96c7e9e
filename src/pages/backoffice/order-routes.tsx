import { Hono, type Context } from 'hono';
import { BackofficeOrdersQuerySchema, OrderStatusChangeSchema, type Operator } from '../../contracts/backoffice';
import { ORDER_STATUS_LABELS } from '../../contracts/orders';
import type { AppEnv } from '../../env';
import { Notice } from '../../ui/account/auth-layout';
import { failure, readForm } from '../account/forms';
import { OrderView } from '../account/orders-view';
import { notFound } from '../not-found';
import { ExchangeQueue } from './exchanges-view';
import { Pager, StatusFilter } from './list-controls';
import { asStaff, idParam, invalid, ORDERS, page, type Status } from './operator-frame';
import { CANCEL_UNCONFIRMED, OrderActions, OrdersTable } from './orders-view';
import { PaymentProviderView } from './payment-view';

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
  let payment;
  try {
    [detail, { payment }] = await Promise.all([
      c.var.commerce.backofficeOrder(id),
      c.var.commerce.backofficeOrderPayment(id),
    ]);
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
      {!form && c.req.query('conferido') ? <Notice tone="success">Pagamento conferido com o provedor.</Notice> : null}
      <p>
        Cliente: <strong>{order.customer.name}</strong> · {order.customer.email}
        {order.customer.guest ? ' · compra sem cadastro' : ''}
      </p>
      <OrderActions detail={detail} error={form?.error ?? null} trackingCode={form?.trackingCode} />
      <PaymentProviderView orderId={order.id} payment={payment} />
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

/** /painel/pedidos: the filtered list, one order with its actions, and a status change (tracking code when shipped). */
export const orderRoutes = new Hono<AppEnv>()
  .get(ORDERS, asStaff(null, ordersPage))
  .get(
    `${ORDERS}/:id{[0-9]{1,9}}`,
    asStaff(null, (c, operator) => orderPage(c, operator, idParam(c))),
  )
  .post(
    `${ORDERS}/:id{[0-9]{1,9}}/status`,
    asStaff('orders:write', async (c, operator) => {
      const id = idParam(c);
      const values = await readForm(c);
      const parsed = OrderStatusChangeSchema.safeParse({ to: values.to, trackingCode: values.trackingCode });
      const form = (error: string) => ({ error, trackingCode: values.trackingCode });
      if (!parsed.success) return orderPage(c, operator, id, form(parsed.error.issues[0]!.message), 400);
      if (parsed.data.to === 'cancelled' && values.confirmar !== 'sim')
        return orderPage(c, operator, id, form(CANCEL_UNCONFIRMED), 400);
      try {
        await c.var.commerce.backofficeOrderStatus(id, parsed.data);
        return c.redirect(`${ORDERS}/${id}?ok=1`, 303);
      } catch (error) {
        const { status, message } = failure(error, c);
        return status === 404 ? notFound(c) : orderPage(c, operator, id, form(message), status);
      }
    }),
  )
  .post(
    `${ORDERS}/:id{[0-9]{1,9}}/conferir`,
    asStaff('orders:write', async (c, operator) => {
      const id = idParam(c);
      try {
        await c.var.commerce.backofficeCheckOrderPayment(id);
        return c.redirect(`${ORDERS}/${id}?conferido=1`, 303);
      } catch (error) {
        const { status, message } = failure(error, c);
        return status === 404 ? notFound(c) : orderPage(c, operator, id, { error: message }, status);
      }
    }),
  )
  .post(
    `${ORDERS}/:id{[0-9]{1,9}}/reembolsos/:refundId{[0-9]{1,9}}/pago`,
    asStaff('orders:write', async (c, operator) => {
      const id = idParam(c);
      try {
        await c.var.commerce.backofficeRefundPaidOut(id, Number(c.req.param('refundId')));
        return c.redirect(`${ORDERS}/${id}?ok=1`, 303);
      } catch (error) {
        const { status, message } = failure(error, c);
        return status === 404 ? notFound(c) : orderPage(c, operator, id, { error: message }, status);
      }
    }),
  );
