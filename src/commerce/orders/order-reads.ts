import type { FinishOrderResult } from '../../contracts/checkout';
import type { OrderConfirmation, OrderDetail, OrderStatusResponse, OrderSummary } from '../../contracts/orders';
import { maskCpf } from '../../lib/customer/cpf';
import { hashToken } from '../customers/identity';
import { DomainError } from '../domain-error';
import { confirmationPath, readConfirmationToken } from './access';
import type { OrdersRepo } from './repo';
import { nextStep, overallStatus, toDetail, toSummary } from './view';
import { ORDER_LOOKUP_MESSAGES } from '../../lib/messages/orders';

const NOT_FOUND = ORDER_LOOKUP_MESSAGES.orderNotFound;

/** Full details of these orders (they share one payment when they come from one checkout). */
export async function details(repo: OrdersRepo, orderIds: number[]): Promise<OrderDetail[]> {
  const rows = await repo.orders(orderIds);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [items, events, payments] = await Promise.all([
    repo.items(ids),
    repo.events(ids),
    repo.payments([...new Set(rows.map((r) => r.payment_id))]),
  ]);
  return rows.map((row) =>
    toDetail(
      row,
      items,
      events,
      payments.find((p) => p.id === row.payment_id)!,
    ),
  );
}

export const boletoPath = (orderIds: number[], token: string) =>
  `/checkout/order/${orderIds.join('-')}/boleto?token=${encodeURIComponent(token)}`;

/** finish-order's answer for orders already written. */
export async function checkoutResult(repo: OrdersRepo, orderIds: number[], token: string): Promise<FinishOrderResult> {
  const orders = await details(repo, orderIds);
  const redirect = confirmationPath(orderIds, token);
  const status = overallStatus(orders.map((o) => o.status));
  return {
    orderIds,
    redirect,
    token,
    status: status === 'pending' ? 'pending' : 'paid',
    total: orders.reduce((sum, o) => sum + o.total, 0),
    next: nextStep(orders[0]!.payment, boletoPath(orderIds, token), redirect),
  };
}

/**
 * The orders a confirmation token opens: every id must be covered by the live access token it names
 * (and, for a legacy link, match its checkout e-mail); anything else is a 404 (no hint whether the ids exist).
 */
export async function ordersByToken(
  repo: OrdersRepo,
  orderIds: number[],
  token: string,
  now: Date,
): Promise<OrderDetail[]> {
  const parsed = readConfirmationToken(token);
  if (!parsed || orderIds.length === 0) throw new DomainError('NOT_FOUND', NOT_FOUND);
  const open = await repo.tokenOrders(orderIds, await hashToken(parsed.access), parsed.email, now.toISOString());
  if (open.length !== orderIds.length) throw new DomainError('NOT_FOUND', NOT_FOUND);
  return details(repo, orderIds);
}

/** What a confirmation token opens (page and `/api/order-confirmation`): the CPF only masked. */
export function confirmation(orders: OrderDetail[]): OrderConfirmation {
  return {
    orders: orders.map((o) => ({ ...o, customer: { ...o.customer, cpf: maskCpf(o.customer.cpf) } })),
    total: orders.reduce((sum, o) => sum + o.total, 0),
    status: overallStatus(orders.map((o) => o.status)),
  };
}

export function statusOf(orders: OrderDetail[]): OrderStatusResponse {
  return {
    status: overallStatus(orders.map((o) => o.status)),
    orders: orders.map((o) => ({ id: o.id, status: o.status })),
  };
}

export async function customerOrders(repo: OrdersRepo, customerId: number): Promise<OrderSummary[]> {
  return (await repo.customerOrders(customerId)).map(toSummary);
}

/** One of the customer's orders; another customer's id is a 404. */
export async function customerOrder(repo: OrdersRepo, customerId: number, orderId: number): Promise<OrderDetail> {
  const [order] = await details(repo, [orderId]);
  if (!order || (await repo.orders([orderId]))[0]?.customer_id !== customerId)
    throw new DomainError('NOT_FOUND', NOT_FOUND);
  return order;
}

/**
 * The orders a shopper acts on (retry): opened by the confirmation token as for its page or, without one, the
 * signed-in customer's own (signed out: UNAUTHENTICATED); either way never another signed-in customer's (404).
 */
export async function shopperOrders(
  repo: OrdersRepo,
  ids: number[],
  token: string | null,
  me: { id: number } | null,
  now: Date,
): Promise<OrderDetail[]> {
  if (token === null) {
    if (!me) throw new DomainError('UNAUTHENTICATED', 'Entre na sua conta para continuar.');
    // customerOrder already refuses another customer's order.
    return Promise.all(ids.map((id) => customerOrder(repo, me.id, id)));
  }
  const orders = await ordersByToken(repo, ids, token, now);
  const owners = (await repo.orders(ids)).map((o) => o.customer_id);
  if (me && owners.some((owner) => owner !== null && owner !== me.id)) throw new DomainError('NOT_FOUND', NOT_FOUND);
  return orders;
}
