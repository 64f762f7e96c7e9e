import { DAY_MS } from '../../lib/format/dates';
import type { CashbackStatement } from '../../contracts/customers';
import { changedRows } from '../d1';
import { CASHBACK_AVAILABLE_AFTER_DAYS, CASHBACK_RATE_PCT, CASHBACK_VALID_DAYS } from './rules';

/** The first order of the checkout with idempotency key ?N (where a checkout's debit is recorded). */
const firstOrder = (n: number) => `(SELECT CAST(min(id) AS TEXT) FROM orders WHERE idempotency_key = ?${n})`;
/** What an order (its own columns) earns once paid: the cashback rate of its goods after discounts and cashback (spec §1 banner), for a customer only. */
export const CASHBACK_ACCRUAL_SQL = `CASE WHEN customer_id IS NULL THEN 0 ELSE (subtotal_cents - discount_cents - cashback_cents) * ${CASHBACK_RATE_PCT} / 100 END`;

/** The available balance (cents) of customer ?1 at time ?2: entries available and not expired, never below 0. */
export const BALANCE_SQL = `max(0, (SELECT coalesce(sum(amount_cents), 0) FROM cashback_entries
   WHERE customer_id = ?1 AND available_at <= ?2 AND (expires_at IS NULL OR expires_at > ?2)))`;

export interface EntryRow {
  id: number;
  kind: CashbackStatement['entries'][number]['kind'];
  amount_cents: number;
  order_id: string | null;
  /** The kind of the exchange an `exchange:<id>…` entry refunds or reverses. */
  exchange_kind: 'exchange' | 'return' | null;
  available_at: string;
  expires_at: string | null;
  created_at: string;
}

export interface CashbackRepo {
  balance(customerId: number, now: string): Promise<number>;
  /**
   * Puts `amount` on the cart (binding it to the customer) and takes the cashback off the customer's
   * other open carts, in ONE guarded statement: the balance sits on one cart at a time, so a cart left
   * in another browser never keeps it from the cart the shopper is using. The amount must not exceed the
   * balance nor `cap`; when it does, nothing changes anywhere.
   */
  apply(input: {
    cartId: string;
    customerId: number;
    amount: number;
    cap: number;
    now: string;
    evaluate: boolean;
  }): Promise<boolean>;
  remove(cartId: string): Promise<boolean>;
  /** The customer's ledger, newest first (200 at most). */
  entries(customerId: number): Promise<EntryRow[]>;
  /** Credit not yet available, net of its reversals (never below 0). */
  pending(customerId: number, now: string): Promise<number>;
  /** The next expiry of available credit, with the amount it takes. */
  nextExpiry(customerId: number, now: string): Promise<{ at: string; amount: number } | null>;
  /**
   * Order batch: cashback spent by a checkout, recorded against its first order. The amount is NULL
   * (NOT NULL aborts the batch) when the balance does not cover it. The debit counts from the epoch: a
   * concurrent checkout whose clock read an earlier "now" must still see it, or both could spend the
   * same balance.
   */
  debitStatement(p: { customerId: number; amount: number; key: string; now: string }): D1PreparedStatement;
  /** Order batch: the accrual of every order matching `where` (alias o) that became paid at `at` (once per order). */
  accrualStatement(where: string, params: unknown[], at: string): D1PreparedStatement;
  /**
   * Order batch, orders that will not go ahead (`where`, alias o, BEFORE their status changes): each
   * gives back its own share of the checkout's debit (`cashback_cents`, split at checkout, so the
   * refunds add up to the one debit whichever orders go), under the debit's availability window; each
   * order's own accrual is reversed.
   */
  undoStatements(where: string, params: unknown[]): D1PreparedStatement[];
}

export function cashbackRepo(db: D1Database): CashbackRepo {
  return {
    async balance(customerId, now) {
      return (await db.prepare(`SELECT ${BALANCE_SQL} AS balance`).bind(customerId, now).first<number>('balance')) ?? 0;
    },
    async apply({ cartId, customerId, amount, cap, now, evaluate }) {
      // One statement, so concurrent applies on two carts serialize: the last one holds the cashback, the
      // others hold none (never both, never neither). The guard does not depend on the rows it changes.
      const target =
        "EXISTS (SELECT 1 FROM carts WHERE id = ?3 AND status = 'open' AND (customer_id IS NULL OR customer_id = ?1))";
      return changedRows(
        db
          .prepare(
            `UPDATE carts SET cashback_cents = CASE WHEN id = ?3 THEN ?4 ELSE 0 END,
                  cashback_evaluate = CASE WHEN id = ?3 THEN ?6 ELSE 0 END, customer_id = ?1,
                  updated_at = CASE WHEN id = ?3 THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') ELSE updated_at END
            WHERE status = 'open' AND (id = ?3 OR (customer_id = ?1 AND (cashback_cents > 0 OR cashback_evaluate = 1)))
              AND ${target} AND ?4 <= ?5 AND ?4 <= ${BALANCE_SQL}`,
          )
          .bind(customerId, now, cartId, amount, cap, evaluate ? 1 : 0),
      );
    },
    async remove(cartId) {
      return changedRows(
        db
          .prepare(
            "UPDATE carts SET cashback_cents = 0, cashback_evaluate = 0, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ? AND status = 'open'",
          )
          .bind(cartId),
      );
    },
    async entries(customerId) {
      const { results } = await db
        .prepare(
          `SELECT e.id, e.kind, e.amount_cents, e.order_id, e.available_at, e.expires_at, e.created_at,
                  CASE WHEN e.order_id LIKE 'exchange:%' THEN (SELECT x.kind FROM exchanges x
                    WHERE x.id = CAST(substr(e.order_id, 10) AS INTEGER) AND x.customer_id = e.customer_id) END AS exchange_kind
             FROM cashback_entries e WHERE e.customer_id = ? ORDER BY e.created_at DESC, e.id DESC LIMIT 200`,
        )
        .bind(customerId)
        .all<EntryRow>();
      return results;
    },
    async pending(customerId, now) {
      const n = await db
        .prepare(
          // Net of reversals: a cancelled order's or returned item's take-back is an adjustment written in the
          // accrual's own availability window, so it is pending exactly as long as the credit it cancels.
          `SELECT max(0, coalesce(sum(amount_cents), 0)) AS n FROM cashback_entries
            WHERE customer_id = ? AND kind IN ('accrual', 'adjustment') AND available_at > ?`,
        )
        .bind(customerId, now)
        .first<number>('n');
      return n ?? 0;
    },
    async nextExpiry(customerId, now) {
      return db
        .prepare(
          `SELECT expires_at AS at, sum(amount_cents) AS amount FROM cashback_entries
            WHERE customer_id = ? AND kind = 'accrual' AND available_at <= ? AND expires_at > ?
            GROUP BY expires_at ORDER BY expires_at LIMIT 1`,
        )
        .bind(customerId, now, now)
        .first<{ at: string; amount: number }>();
    },
    debitStatement(p) {
      return db
        .prepare(
          `INSERT INTO cashback_entries (customer_id, amount_cents, kind, order_id, available_at)
           VALUES (?1, (SELECT -?3 WHERE ?3 > 0 AND ${BALANCE_SQL} >= ?3), 'debit', ${firstOrder(4)}, '1970-01-01T00:00:00.000Z')`,
        )
        .bind(p.customerId, p.now, p.amount, p.key);
    },
    accrualStatement(where, params, at) {
      const available = new Date(Date.parse(at) + CASHBACK_AVAILABLE_AFTER_DAYS * DAY_MS);
      const expires = new Date(available.getTime() + CASHBACK_VALID_DAYS * DAY_MS);
      return db
        .prepare(
          `INSERT INTO cashback_entries (customer_id, amount_cents, kind, order_id, available_at, expires_at)
           SELECT o.customer_id, o.cashback_earned_cents, 'accrual', CAST(o.id AS TEXT), ?, ?
             FROM orders o WHERE ${where} AND o.customer_id IS NOT NULL AND o.cashback_earned_cents > 0
           ON CONFLICT DO NOTHING`,
        )
        .bind(available.toISOString(), expires.toISOString(), ...params);
    },
    undoStatements(where, params) {
      return [
        db
          .prepare(
            `INSERT INTO cashback_entries (customer_id, amount_cents, kind, order_id, available_at, expires_at)
             SELECT d.customer_id, o.cashback_cents, 'adjustment', CAST(o.id AS TEXT), d.available_at, d.expires_at
               FROM orders o JOIN cashback_entries d ON d.kind = 'debit' AND d.customer_id = o.customer_id
                AND d.order_id = (SELECT CAST(min(g.id) AS TEXT) FROM orders g WHERE g.idempotency_key = o.idempotency_key)
              WHERE ${where} AND o.cashback_cents > 0`,
          )
          .bind(...params),
        db
          .prepare(
            `INSERT INTO cashback_entries (customer_id, amount_cents, kind, order_id, available_at, expires_at)
             SELECT customer_id, -amount_cents, 'adjustment', order_id, available_at, expires_at
               FROM cashback_entries WHERE kind = 'accrual' AND order_id IN (SELECT CAST(o.id AS TEXT) FROM orders o WHERE ${where})`,
          )
          .bind(...params),
      ];
    },
  };
}
