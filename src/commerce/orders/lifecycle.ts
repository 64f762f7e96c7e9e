import type { OrderStatus } from '../../contracts/orders';
import { DomainError } from '../domain-error';
import { cashbackRepo } from '../cashback/repo';
import { promotionsRepo } from '../promotions/repo';
import { CASHBACK_ACCRUAL_SQL } from './repo';

/**
 * Order lifecycle: pending → paid → invoiced → shipped → delivered; pending/paid/invoiced → cancelled;
 * unpaid pending → expired. Every transition is one batch whose statements share the same WHERE, so
 * the status change, its timeline event and any stock release happen together or not at all, and a
 * second concurrent attempt changes nothing.
 */
export const TRANSITIONS: Record<OrderStatus, OrderStatus[]> = {
  pending: ['paid', 'cancelled', 'expired'],
  paid: ['invoiced', 'cancelled'],
  invoiced: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
  expired: [],
};

/** Statements giving back the stock of the orders matching `where` (on alias o), before their status moves. */
function releaseStock(db: D1Database, where: string, params: unknown[]): D1PreparedStatement {
  const lines = `FROM order_items oi JOIN orders o ON o.id = oi.order_id
    WHERE ${where} AND oi.product_item_id = stock.product_item_id AND oi.stock_store_id = stock.store_id`;
  return db
    .prepare(
      `UPDATE stock SET quantity = quantity + (SELECT coalesce(sum(oi.amount), 0) ${lines}) WHERE EXISTS (SELECT 1 ${lines})`,
    )
    .bind(...params);
}

/** Expires every unpaid order (and unclaimed PayPal payment) past its deadline; returns how many orders. */
export async function expireDue(db: D1Database, now: Date): Promise<number> {
  const at = now.toISOString();
  const due = "o.status = 'pending' AND o.expires_at IS NOT NULL AND o.expires_at <= ?1";
  const results = await db.batch([
    releaseStock(db, due, [at]),
    ...undoStatements(db, due, [at]),
    db
      .prepare(
        `INSERT INTO order_events (order_id, status, note, created_at) SELECT o.id, 'expired', 'Pagamento não identificado no prazo', ?1 FROM orders o WHERE ${due}`,
      )
      .bind(at),
    db
      .prepare(
        `UPDATE payments SET status = 'expired', updated_at = ?1 WHERE status = 'pending' AND id IN (SELECT o.payment_id FROM orders o WHERE ${due})`,
      )
      .bind(at),
    db
      .prepare(
        "UPDATE payments SET status = 'expired', updated_at = ?1 WHERE status = 'pending' AND expires_at <= ?1 AND idempotency_key LIKE 'paypal:%'",
      )
      .bind(at),
    db.prepare(`UPDATE orders AS o SET status = 'expired', updated_at = ?1 WHERE ${due}`).bind(at),
  ]);
  return results.at(-1)?.meta.changes ?? 0;
}

/**
 * A pending payment is confirmed (Pix received, boleto paid, PayPal captured, 3-D Secure passed,
 * consent given) or an authorized one captured: its orders become paid and earn cashback. False when it was no longer payable
 * (already paid, expired or cancelled).
 */
export async function markPaid(db: D1Database, paymentId: number, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const results = await db.batch([
    db
      .prepare(
        // An authorized payment was captured (whatever its step deadline: the money is taken).
        "UPDATE payments SET status = 'paid', paid_at = ?2, updated_at = ?2 WHERE id = ?1 AND (status = 'authorized' OR (status = 'pending' AND (expires_at IS NULL OR expires_at > ?2)))",
      )
      .bind(paymentId, at),
    db
      .prepare(
        `UPDATE orders SET status = 'paid', paid_at = ?2, updated_at = ?2, expires_at = NULL, cashback_earned_cents = ${CASHBACK_ACCRUAL_SQL}
          WHERE payment_id = ?1 AND status = 'pending' AND EXISTS (SELECT 1 FROM payments WHERE id = ?1 AND status = 'paid' AND paid_at = ?2)`,
      )
      .bind(paymentId, at),
    db
      .prepare(
        "INSERT INTO order_events (order_id, status, note, created_at) SELECT id, 'paid', 'Pagamento confirmado', ?2 FROM orders WHERE payment_id = ?1 AND status = 'paid' AND paid_at = ?2",
      )
      .bind(paymentId, at),
    cashbackRepo(db).accrualStatement("o.payment_id = ? AND o.status = 'paid' AND o.paid_at = ?", [paymentId, at], at),
  ]);
  return (results[0]?.meta.changes ?? 0) > 0;
}

/** A pending payment failed or was refused at its step: its orders are cancelled and the stock returns. */
export async function failPayment(db: D1Database, paymentId: number, now: Date, note: string): Promise<boolean> {
  const at = now.toISOString();
  const mine = "o.payment_id = ?1 AND o.status = 'pending'";
  const results = await db.batch([
    db
      .prepare("UPDATE payments SET status = 'failed', updated_at = ?2 WHERE id = ?1 AND status = 'pending'")
      .bind(paymentId, at),
    releaseStock(
      db,
      `${mine} AND EXISTS (SELECT 1 FROM payments WHERE id = ?1 AND status = 'failed' AND updated_at = ?2)`,
      [paymentId, at],
    ),
    ...undoStatements(
      db,
      `${mine} AND EXISTS (SELECT 1 FROM payments WHERE id = ?1 AND status = 'failed' AND updated_at = ?2)`,
      [paymentId, at],
    ),
    db
      .prepare(
        `INSERT INTO order_events (order_id, status, note, created_at) SELECT o.id, 'cancelled', ?3, ?2 FROM orders o WHERE ${mine} AND EXISTS (SELECT 1 FROM payments WHERE id = ?1 AND status = 'failed' AND updated_at = ?2)`,
      )
      .bind(paymentId, at, note),
    db
      .prepare(
        `UPDATE orders AS o SET status = 'cancelled', cancelled_at = ?2, updated_at = ?2 WHERE ${mine} AND EXISTS (SELECT 1 FROM payments WHERE id = ?1 AND status = 'failed' AND updated_at = ?2)`,
      )
      .bind(paymentId, at),
  ]);
  return (results[0]?.meta.changes ?? 0) > 0;
}

/**
 * A paid order that is cancelled gives its money back: a refund of its total (capped at what its payment
 * still holds) is recorded against the payment, which turns `refunded` once fully given back. `where`
 * selects the order (alias o) BEFORE its status changes; one refund per order (migration 0010 index).
 */
function cancelRefundStatements(db: D1Database, where: string, params: unknown[], at: string): D1PreparedStatement[] {
  const stamp = `?${params.length + 1}`;
  const left = `(p.amount_cents - coalesce((SELECT sum(r.amount_cents) FROM payment_refunds r WHERE r.payment_id = p.id), 0))`;
  return [
    db
      .prepare(
        `INSERT INTO payment_refunds (payment_id, order_id, amount_cents, created_at)
         SELECT p.id, o.id, min(o.total_cents, ${left}), ${stamp} FROM orders o JOIN payments p ON p.id = o.payment_id
          WHERE ${where} AND o.status IN ('paid', 'invoiced') AND p.status = 'paid' AND min(o.total_cents, ${left}) > 0`,
      )
      .bind(...params, at),
    db
      .prepare(
        `UPDATE payments SET status = 'refunded', updated_at = ${stamp}
          WHERE status = 'paid' AND id IN (SELECT o.payment_id FROM orders o WHERE ${where})
            AND (SELECT sum(amount_cents) FROM payment_refunds WHERE payment_id = payments.id) >= amount_cents`,
      )
      .bind(...params, at),
  ];
}

/**
 * Orders that will not go ahead (expired, cancelled) give back what their checkout spent, once (ADR 0009,
 * multi-store purchases): the coupon use and the cashback, and each order's own accrual is reversed.
 * `where` selects the orders (alias o) BEFORE their status changes, so a second attempt matches nothing.
 */
function undoStatements(db: D1Database, where: string, params: unknown[]): D1PreparedStatement[] {
  return [...promotionsRepo(db).undoUseStatements(where, params), ...cashbackRepo(db).undoStatements(where, params)];
}

const STAMP: Partial<Record<OrderStatus, string>> = {
  invoiced: 'invoiced_at',
  shipped: 'shipped_at',
  delivered: 'delivered_at',
  cancelled: 'cancelled_at',
};
const NOTES: Partial<Record<OrderStatus, string>> = {
  invoiced: 'Nota fiscal emitida',
  shipped: 'Pedido enviado',
  delivered: 'Pedido entregue',
  cancelled: 'Pedido cancelado',
};

/** Fulfilment steps (paid → invoiced → shipped → delivered) and cancellation, which gives the stock back. */
export async function advanceOrder(
  db: D1Database,
  orderId: number,
  to: 'invoiced' | 'shipped' | 'delivered' | 'cancelled',
  now: Date,
  trackingCode?: string,
): Promise<void> {
  const at = now.toISOString();
  const from = (Object.keys(TRANSITIONS) as OrderStatus[]).filter((s) => TRANSITIONS[s].includes(to));
  const allowed = `o.id = ?1 AND o.status IN (${from.map((s) => `'${s}'`).join(',')})`;
  const statements = [
    db
      .prepare(
        `INSERT INTO order_events (order_id, status, note, created_at) SELECT o.id, ?2, ?3, ?4 FROM orders o WHERE ${allowed}`,
      )
      .bind(orderId, to, NOTES[to] ?? null, at),
    db
      .prepare(
        `UPDATE orders AS o SET status = ?2, ${STAMP[to]} = ?4, updated_at = ?4, tracking_code = coalesce(?3, tracking_code) WHERE ${allowed}`,
      )
      .bind(orderId, to, trackingCode ?? null, at),
  ];
  if (to === 'cancelled')
    statements.unshift(
      releaseStock(db, allowed, [orderId]),
      ...undoStatements(db, allowed, [orderId]),
      ...cancelRefundStatements(db, allowed, [orderId], at),
    );
  const results = await db.batch(statements);
  if ((results.at(-1)?.meta.changes ?? 0) === 0)
    throw new DomainError('CONFLICT', 'Este pedido não pode mudar para esse status.');
}
