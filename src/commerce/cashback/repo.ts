import { changedRows } from '../d1';
/** The available balance (cents) of customer ?1 at time ?2: entries available and not expired, never below 0. */
export const BALANCE_SQL = `max(0, (SELECT coalesce(sum(amount_cents), 0) FROM cashback_entries
   WHERE customer_id = ?1 AND available_at <= ?2 AND (expires_at IS NULL OR expires_at > ?2)))`;

/** Cashback put on the customer's other open bags (reserved there until they order or remove it). */
const ELSEWHERE_SQL = `(SELECT coalesce(sum(cashback_cents), 0) FROM carts WHERE customer_id = ?1 AND status = 'open' AND id <> ?3)`;

export interface CashbackRepo {
  balance(customerId: number, now: string): Promise<number>;
  /** Balance left for this bag: the balance minus what the customer's other open bags hold. */
  available(customerId: number, cartId: string, now: string): Promise<number>;
  /**
   * Puts `amount` on the bag (binding it to the customer) in ONE guarded statement: the amount must
   * not exceed the balance minus what the customer's other open bags hold, nor `cap`.
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
}

export function cashbackRepo(db: D1Database): CashbackRepo {
  return {
    async balance(customerId, now) {
      return (await db.prepare(`SELECT ${BALANCE_SQL} AS balance`).bind(customerId, now).first<number>('balance')) ?? 0;
    },
    async available(customerId, cartId, now) {
      const sql = `SELECT max(0, ${BALANCE_SQL} - ${ELSEWHERE_SQL}) AS available`;
      return (await db.prepare(sql).bind(customerId, now, cartId).first<number>('available')) ?? 0;
    },
    async apply({ cartId, customerId, amount, cap, now, evaluate }) {
      return changedRows(
        db
          .prepare(
            `UPDATE carts SET cashback_cents = ?4, cashback_evaluate = ?6, customer_id = ?1,
                  updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
            WHERE id = ?3 AND status = 'open' AND (customer_id IS NULL OR customer_id = ?1)
              AND ?4 <= ?5 AND ?4 <= ${BALANCE_SQL} - ${ELSEWHERE_SQL}`,
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
  };
}
