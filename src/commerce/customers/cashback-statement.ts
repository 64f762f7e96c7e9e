import type { CashbackStatement } from '../../contracts/customers';
import { cashbackRepo } from '../cashback/repo';

interface EntryRow {
  id: number;
  kind: CashbackStatement['entries'][number]['kind'];
  amount_cents: number;
  order_id: string | null;
  available_at: string;
  expires_at: string | null;
  created_at: string;
}

/** The customer's ledger (newest first), balance available now, credit still pending and the next expiry. */
export async function cashbackStatement(db: D1Database, customerId: number, now: Date): Promise<CashbackStatement> {
  const at = now.toISOString();
  const [balance, rows, pending, expiry] = await Promise.all([
    cashbackRepo(db).balance(customerId, at),
    db
      .prepare(
        `SELECT id, kind, amount_cents, order_id, available_at, expires_at, created_at FROM cashback_entries
          WHERE customer_id = ? ORDER BY created_at DESC, id DESC LIMIT 200`,
      )
      .bind(customerId)
      .all<EntryRow>(),
    db
      .prepare(
        // Net of reversals: a cancelled order's or returned item's take-back is an adjustment written in the
        // accrual's own availability window, so it is pending exactly as long as the credit it cancels.
        `SELECT max(0, coalesce(sum(amount_cents), 0)) AS n FROM cashback_entries
          WHERE customer_id = ? AND kind IN ('accrual', 'adjustment') AND available_at > ?`,
      )
      .bind(customerId, at)
      .first<number>('n'),
    db
      .prepare(
        `SELECT expires_at AS at, sum(amount_cents) AS amount FROM cashback_entries
          WHERE customer_id = ? AND kind = 'accrual' AND available_at <= ? AND expires_at > ?
          GROUP BY expires_at ORDER BY expires_at LIMIT 1`,
      )
      .bind(customerId, at, at)
      .first<{ at: string; amount: number }>(),
  ]);
  return {
    balance,
    pending: pending ?? 0,
    // Never more than what is left to spend.
    nextExpiry: expiry ? { at: expiry.at, amount: Math.min(expiry.amount, balance) } : null,
    entries: rows.results.map((r) => ({
      id: r.id,
      kind: r.kind,
      amount: r.amount_cents,
      orderId: r.order_id,
      availableAt: r.available_at,
      expiresAt: r.expires_at,
      createdAt: r.created_at,
    })),
  };
}
