import type { OrderStatus } from '../../contracts/orders';
import { giveBackOf, type Batch, type GiveBack } from '../d1';
import { DomainError } from '../domain-error';
import type { PaymentsRepo } from '../payments/repo';
import type { OrdersRepo } from './repo';
import { dict } from '../../lib/security/dict';

/**
 * Order lifecycle: pending → paid → invoiced → shipped → delivered; pending/paid/invoiced → cancelled;
 * unpaid pending → expired. Every transition is one batch whose statements share the same WHERE, so
 * the status change, its timeline event and any stock release happen together or not at all, and a
 * second concurrent attempt changes nothing. The transitions a payment drives (paid, failed, expired)
 * are the payment lifecycle (payments/payment-lifecycle.ts); the fulfilment steps and cancellation are here.
 */
export const TRANSITIONS: Record<OrderStatus, OrderStatus[]> = dict({
  pending: ['paid', 'cancelled', 'expired'],
  paid: ['invoiced', 'cancelled'],
  invoiced: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
  expired: [],
});

export interface OrderLifecycleDeps {
  orders: Pick<OrdersRepo, 'advanceStatements'>;
  payments: Pick<PaymentsRepo, 'cancelRefundStatements' | 'cancelUnpaidStatements'>;
  /** What a cancelled order gives back: stock, coupon use, cashback (the same as an expired one). */
  giveBack: GiveBack;
  batch: Batch;
}

/** Fulfilment steps (paid → invoiced → shipped → delivered) and cancellation, which gives the stock and the money back. */
export async function advanceOrder(
  deps: OrderLifecycleDeps,
  orderId: number,
  to: 'invoiced' | 'shipped' | 'delivered' | 'cancelled',
  now: Date,
  trackingCode?: string,
  /** Statements that ride in the same batch right after the status change (the back office's audit row). */
  after: D1PreparedStatement[] = [],
): Promise<void> {
  const at = now.toISOString();
  const from = (Object.keys(TRANSITIONS) as OrderStatus[]).filter((s) => TRANSITIONS[s].includes(to));
  // A cancelled paid order's money is refunded; an unpaid payment left without orders is cancelled with it, so
  // money its provider reports later is refunded, never taken (payments/cancel.ts reaches the provider after).
  const refund: GiveBack = (where, params) => deps.payments.cancelRefundStatements(where, params, at);
  const unpaid: GiveBack = (where, params) => deps.payments.cancelUnpaidStatements(where, params, at);
  const statements = deps.orders.advanceStatements(
    { orderId, to, from, at, trackingCode: trackingCode ?? null },
    to === 'cancelled' ? giveBackOf(deps.giveBack, refund, unpaid) : undefined,
  );
  const results = await deps.batch([...statements, ...after]);
  // The status change is the last of advanceStatements: it changed nothing when the order was not in a `from` status.
  if ((results[statements.length - 1]?.meta.changes ?? 0) === 0)
    throw new DomainError('CONFLICT', 'Este pedido não pode mudar para esse status.');
}
