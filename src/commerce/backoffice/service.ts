import {
  BACKOFFICE_PAGE_SIZE,
  nextExchangeSteps,
  ORDER_TARGETS,
  type BackofficeExchange,
  type BackofficeExchangesPage,
  type BackofficeExchangesQuery,
  type BackofficeOrderDetail,
  type BackofficeOrderPayment,
  type BackofficeOrdersPage,
  type BackofficeOrdersQuery,
  type ExchangeStatusChange,
  type OrderStatusChange,
} from '../../contracts/backoffice';
import type { OrderStatus } from '../../contracts/orders';
import { auditEntry, requireStaff, requireStaffWith, STAFF_MESSAGES, type StaffDeps } from '../staff/service';
import { DomainError } from '../domain-error';
import { toExchange } from '../exchanges/exchange-view';
import { advanceOrder, TRANSITIONS, type OrderLifecycleDeps } from '../orders/lifecycle';
import { details } from '../orders/order-reads';
import type { OrdersRepo } from '../orders/repo';
import { expireDue, type PaymentLifecycleDeps } from '../payments/payment-lifecycle';
import type { ProviderSet } from '../payments/provider';
import { closeCancelled } from '../payments/cancel';
import { refundThroughProviders } from '../payments/refunds';
import { isNothingToRefund, isStepRefused } from './exchange-flow';
import type { BackofficeRepo } from './repo';
import { ORDER_LOOKUP_MESSAGES } from '../../lib/messages/orders';

export interface BackofficeDeps extends StaffDeps {
  /** Lazy expiry before reads. */
  lifecycle: PaymentLifecycleDeps;
  /** Fulfilment steps and cancellation. */
  orderLifecycle: OrderLifecycleDeps;
  backoffice: BackofficeRepo;
  orders: OrdersRepo;
  /** The payment adapters of this request's mode: refunds go through the provider that charged. */
  providers: ProviderSet;
  /** The cron's payment work for one order's payment (payments/cron.ts paymentsCron with its scope). */
  reconcile: (scope: { orderId: number; paymentId: number }) => Promise<void>;
}

/** The refunds' deps: the payments repo (as the lifecycle has it) and this request's adapters. */
const refundDeps = (deps: BackofficeDeps) => ({ payments: deps.lifecycle.payments, providers: deps.providers });

export const BACKOFFICE_MESSAGES = {
  loginRequired: STAFF_MESSAGES.loginRequired,
  forbidden: STAFF_MESSAGES.forbidden,
  noPermission: STAFF_MESSAGES.noPermission,
  orderNotFound: ORDER_LOOKUP_MESSAGES.orderNotFound,
  exchangeNotFound: 'Solicitação de troca ou devolução não encontrada.',
  exchangeStep: 'Esta solicitação não pode mudar para esse status.',
  nothingToRefund: 'Não há valor a reembolsar na forma de pagamento deste pedido.',
  notOwed: 'Este reembolso não está a pagar por transferência, ou o cliente ainda não informou os dados bancários.',
} as const;

export async function listOrders(deps: BackofficeDeps, query: BackofficeOrdersQuery): Promise<BackofficeOrdersPage> {
  await requireStaff(deps);
  await expireDue(deps.lifecycle, deps.now());
  const { rows, total } = await deps.backoffice.orders(query);
  return {
    orders: rows.map((r) => ({
      id: r.id,
      status: r.status as OrderStatus,
      createdAt: r.created_at,
      customerName: r.name,
      customerEmail: r.email,
      itemsCount: r.items_count,
      total: r.total_cents,
      paymentMethodId: r.payment_method_id,
      trackingCode: r.tracking_code,
    })),
    page: query.page,
    pageSize: BACKOFFICE_PAGE_SIZE,
    total,
  };
}

async function exchangesOf(
  deps: BackofficeDeps,
  query: BackofficeExchangesQuery & { orderId?: number; id?: number },
): Promise<{ exchanges: BackofficeExchange[]; total: number }> {
  const { rows, total } = await deps.backoffice.exchanges(query);
  const { items, events } = await deps.backoffice.exchangeDetails(rows.map((r) => r.id));
  const exchanges = rows.map((r) => ({
    ...toExchange(r, items, events),
    customer: { id: r.customer_id, name: r.customer_name, email: r.customer_email },
    next: nextExchangeSteps(r.status, r.kind),
  }));
  return { exchanges, total };
}

export async function orderDetail(deps: BackofficeDeps, id: number): Promise<BackofficeOrderDetail> {
  await requireStaff(deps);
  await expireDue(deps.lifecycle, deps.now());
  const [order] = await details(deps.orders, [id]);
  if (!order) throw new DomainError('NOT_FOUND', BACKOFFICE_MESSAGES.orderNotFound);
  const { exchanges } = await exchangesOf(deps, { page: 1, orderId: id });
  const next = ORDER_TARGETS.filter((to) => TRANSITIONS[order.status].includes(to));
  return { order, next, exchanges };
}

/** paid → invoiced → shipped → delivered, or cancelled (advanceOrder: one guarded batch; 409 when illegal). */
export async function changeOrderStatus(
  deps: BackofficeDeps,
  id: number,
  input: OrderStatusChange,
): Promise<BackofficeOrderDetail> {
  const operator = await requireStaffWith(deps, 'orders:write');
  const [current] = await deps.orders.orders([id]);
  if (!current) throw new DomainError('NOT_FOUND', BACKOFFICE_MESSAGES.orderNotFound);
  // The audit row rides in the status change's batch, right after its guarded UPDATE: written only when it changed the order.
  const audit = deps.audit.statementIfChanged(
    auditEntry(deps, operator, {
      action: 'order.status',
      entity: 'order',
      entityId: String(id),
      before: { status: current.status, trackingCode: current.tracking_code },
      after: { status: input.to, trackingCode: input.trackingCode ?? current.tracking_code },
    }),
  );
  await advanceOrder(deps.orderLifecycle, id, input.to, deps.now(), input.trackingCode, [audit]);
  if (input.to === 'cancelled') {
    // An unpaid order's charge is withdrawn at its provider (money that reached it anyway is refunded); a paid order's
    // cancellation recorded its refund: now the provider gives the money back. The cron retries either.
    await closeCancelled(refundDeps(deps), deps.now(), { orderId: id });
    await refundThroughProviders(refundDeps(deps), deps.now(), { orderId: id });
  }
  return orderDetail(deps, id);
}

/** The per-order provider view. */
export async function orderPayment(deps: BackofficeDeps, id: number): Promise<BackofficeOrderPayment> {
  await requireStaff(deps);
  if (!(await deps.orders.orders([id]))[0]) throw new DomainError('NOT_FOUND', BACKOFFICE_MESSAGES.orderNotFound);
  return { payment: await deps.backoffice.orderPayment(id) };
}

/**
 * "Conferir com o provedor": what the cron does, for this order's payment only; then the view as it now stands. The
 * reconciliation is the cron's own batches (each guarded), so its audit row follows them, with what it found.
 */
export async function checkOrderPayment(deps: BackofficeDeps, id: number): Promise<BackofficeOrderPayment> {
  const operator = await requireStaffWith(deps, 'orders:write');
  const before = await orderPayment(deps, id);
  if (before.payment) await deps.reconcile({ orderId: id, paymentId: before.payment.id });
  const after = await deps.backoffice.orderPayment(id);
  const seen = (p: typeof after) => (p ? { status: p.status, providerStatus: p.providerStatus } : null);
  await deps.audit
    .statement(
      auditEntry(deps, operator, {
        action: 'order.payment_check',
        entity: 'order',
        entityId: String(id),
        before: seen(before.payment),
        after: seen(after),
      }),
    )
    .run();
  return { payment: after };
}

/** The transfer of a refund owed (a paid boleto's) was made: refund done, payment refunded once covered. */
export async function refundPaidOut(
  deps: BackofficeDeps,
  id: number,
  refundId: number,
): Promise<BackofficeOrderPayment> {
  const operator = await requireStaffWith(deps, 'orders:write');
  await orderPayment(deps, id);
  const audit = deps.audit.statementIfChanged(
    auditEntry(deps, operator, {
      action: 'refund.paid_out',
      entity: 'refund',
      entityId: String(refundId),
      before: { status: 'owed' },
      after: { status: 'done' },
    }),
  );
  if (!(await deps.lifecycle.payments.refundPaidOut(refundId, id, deps.now().toISOString(), [audit])))
    throw new DomainError('CONFLICT', BACKOFFICE_MESSAGES.notOwed);
  return { payment: await deps.backoffice.orderPayment(id) };
}

export async function listExchanges(
  deps: BackofficeDeps,
  query: BackofficeExchangesQuery,
): Promise<BackofficeExchangesPage> {
  await requireStaff(deps);
  const { exchanges, total } = await exchangesOf(deps, query);
  return { exchanges, page: query.page, pageSize: BACKOFFICE_PAGE_SIZE, total };
}

/** One step of a request (backoffice/repo.ts exchangeStep): one guarded batch, so a repeated call changes nothing. */
export async function changeExchangeStatus(
  deps: BackofficeDeps,
  id: number,
  input: ExchangeStatusChange,
): Promise<BackofficeExchange> {
  const operator = await requireStaff(deps);
  const current = async () => (await exchangesOf(deps, { page: 1, id })).exchanges[0];
  const before = await current();
  if (!before) throw new DomainError('NOT_FOUND', BACKOFFICE_MESSAGES.exchangeNotFound);
  if (!before.next.includes(input.to)) throw new DomainError('CONFLICT', BACKOFFICE_MESSAGES.exchangeStep);
  const step = { id, to: input.to, operatorId: operator.id, note: input.note ?? null, now: deps.now() };
  try {
    // The step's batch aborts on its guard, so its audit row is written exactly when the step is.
    const audit = deps.audit.statement(
      auditEntry(deps, operator, {
        action: 'exchange.status',
        entity: 'exchange',
        entityId: String(id),
        before: { status: before.status },
        after: { status: input.to, ...(step.note ? { note: step.note } : {}) },
      }),
    );
    await deps.backoffice.exchangeStep(step, [audit]);
  } catch (error) {
    if (isStepRefused(error)) throw new DomainError('CONFLICT', BACKOFFICE_MESSAGES.exchangeStep);
    if (isNothingToRefund(error)) throw new DomainError('CONFLICT', BACKOFFICE_MESSAGES.nothingToRefund);
    throw error;
  }
  if (input.to === 'refunded') await refundThroughProviders(refundDeps(deps), step.now, { exchangeId: id });
  return (await current())!;
}
