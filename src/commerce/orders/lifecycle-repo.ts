// An order's fulfilment steps and its cancellation: the statements of the batch that moves its status.
import type { OrderStatus } from '../../contracts/orders';
import type { GiveBack } from '../d1';
import { dict } from '../../lib/security/dict';

const STAMP: Partial<Record<OrderStatus, string>> = dict({
  invoiced: 'invoiced_at',
  shipped: 'shipped_at',
  delivered: 'delivered_at',
  cancelled: 'cancelled_at',
});
const NOTES: Partial<Record<OrderStatus, string>> = dict({
  invoiced: 'Nota fiscal emitida',
  shipped: 'Pedido enviado',
  delivered: 'Pedido entregue',
  cancelled: 'Pedido cancelado',
});

export function orderStepsRepo(db: D1Database) {
  return {
    /**
     * One fulfilment step or a cancellation of order ?1 from one of `from`, as ONE batch whose statements
     * share the same WHERE: `before` (what a cancelled order gives back) first, then its timeline event and
     * its status. The last statement's changes say whether the step was allowed.
     */
    advanceStatements(
      step: { orderId: number; to: OrderStatus; from: OrderStatus[]; at: string; trackingCode: string | null },
      before: GiveBack = () => [],
    ): D1PreparedStatement[] {
      const allowed = `o.id = ?1 AND o.status IN (${step.from.map((s) => `'${s}'`).join(',')})`;
      return [
        ...before(allowed, [step.orderId]),
        db
          .prepare(
            `INSERT INTO order_events (order_id, status, note, created_at) SELECT o.id, ?2, ?3, ?4 FROM orders o WHERE ${allowed}`,
          )
          .bind(step.orderId, step.to, NOTES[step.to] ?? null, step.at),
        db
          .prepare(
            `UPDATE orders AS o SET status = ?2, ${STAMP[step.to]} = ?4, updated_at = ?4, tracking_code = coalesce(?3, tracking_code) WHERE ${allowed}`,
          )
          .bind(step.orderId, step.to, step.trackingCode, step.at),
      ];
    },
  };
}
