/**
 * Cashback ledger writes that checkout (issue 6) puts inside its order batch.
 *
 * - `cashbackAccrualStatement`: the 10% cashback of a paid order (spec §9), on the goods actually
 *   paid (subtotal − discounts − cashback used, shipping excluded). Available after the exchange
 *   window (30 days), valid 180 days after that. Idempotent per order (unique index).
 * - `cashbackDebitStatement`: spends cashback for an order. When the balance does not cover it the
 *   amount becomes NULL and the NOT NULL constraint aborts the whole batch (order included).
 */
import { BALANCE_SQL } from './repo';

export const CASHBACK_RATE_PCT = 10;
export const CASHBACK_AVAILABLE_AFTER_DAYS = 30;
export const CASHBACK_VALID_DAYS = 180;
const DAY = 86_400_000;

/** 10% of the paid goods, rounded down to the cent. */
export function cashbackAccrualCents(paidGoodsCents: number): number {
  return Math.max(0, Math.floor((Math.trunc(paidGoodsCents) * CASHBACK_RATE_PCT) / 100));
}

/** The accrual of a paid order, or null when it earns nothing (call when the order is paid). */
export function cashbackAccrualStatement(
  db: D1Database,
  input: { customerId: number; orderId: string; paidGoodsCents: number; now: Date },
): D1PreparedStatement | null {
  const amount = cashbackAccrualCents(input.paidGoodsCents);
  if (amount <= 0) return null;
  const availableAt = new Date(input.now.getTime() + CASHBACK_AVAILABLE_AFTER_DAYS * DAY);
  const expiresAt = new Date(availableAt.getTime() + CASHBACK_VALID_DAYS * DAY);
  return db
    .prepare(
      `INSERT INTO cashback_entries (customer_id, amount_cents, kind, order_id, available_at, expires_at)
       VALUES (?, ?, 'accrual', ?, ?, ?) ON CONFLICT DO NOTHING`,
    )
    .bind(input.customerId, amount, input.orderId, availableAt.toISOString(), expiresAt.toISOString());
}

/** Runs the accrual on its own (idempotent); true when it was recorded now. */
export async function grantCashbackAccrual(
  db: D1Database,
  input: { customerId: number; orderId: string; paidGoodsCents: number; now?: Date },
): Promise<boolean> {
  const statement = cashbackAccrualStatement(db, { ...input, now: input.now ?? new Date() });
  if (!statement) return false;
  return (await statement.run()).meta.changes > 0;
}

/** Spends `amountCents` of the balance for an order; aborts the batch when the balance is short. */
export function cashbackDebitStatement(
  db: D1Database,
  input: { customerId: number; orderId: string; amountCents: number; now: Date },
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO cashback_entries (customer_id, amount_cents, kind, order_id)
       VALUES (?1, (SELECT -?3 WHERE ?3 > 0 AND ${BALANCE_SQL} >= ?3), 'debit', ?4)`,
    )
    .bind(input.customerId, input.now.toISOString(), input.amountCents, input.orderId);
}
