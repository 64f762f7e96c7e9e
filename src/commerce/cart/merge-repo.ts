// The login merge's SQL: an anonymous cart claimed by the customer, or merged into the customer's cart.
import { changedRows } from '../d1';
import { STOCK_OF, type CartRow } from './repo';

/** The login merge (cart/merge.ts): an anonymous cart claimed by, or merged into, the customer's cart. */
export interface MergeRepo {
  /** The customer's most recent open cart other than `except`. */
  customerCart(customerId: number, except: string | null): Promise<CartRow | null>;
  /** Binds an anonymous open cart to the customer. */
  claim(cartId: string, customerId: number): Promise<boolean>;
  /**
   * Moves the anonymous cart `from` into the customer's cart `into`, in ONE batch: its first statement
   * closes `from` (only while it is open and anonymous) and stamps it with `nonce`; every other
   * statement acts only when that stamp is there, so a cart is merged at most once. Overlapping SKUs
   * are summed and capped by the limit and the stock (never below what `into` already had); the coupon
   * (with its reservation and gift) and the seller code move only when `into` has none.
   */
  merge(input: { from: string; into: string; customerId: number; nonce: string; maxAmount: number }): Promise<boolean>;
}

export function mergeRepo(db: D1Database): MergeRepo {
  return {
    async customerCart(customerId, except) {
      return db
        .prepare(
          "SELECT * FROM carts WHERE customer_id = ? AND status = 'open' AND id <> coalesce(?, '') ORDER BY updated_at DESC, rowid DESC LIMIT 1",
        )
        .bind(customerId, except)
        .first<CartRow>();
    },
    async claim(cartId, customerId) {
      return changedRows(
        db
          .prepare("UPDATE carts SET customer_id = ? WHERE id = ? AND status = 'open' AND customer_id IS NULL")
          .bind(customerId, cartId),
      );
    },
    async merge({ from, into, customerId, nonce, maxAmount }) {
      // ?1 from, ?2 into, ?3 customer, ?4 nonce, ?5 limit.
      const merged = "EXISTS (SELECT 1 FROM carts WHERE id = ?1 AND status = 'merged' AND request_token = ?4)";
      const intoHasNoCoupon = '(SELECT coupon_code FROM carts WHERE id = ?2) IS NULL';
      const sql = [
        `UPDATE carts SET status = 'merged', request_token = ?4, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
          WHERE id = ?1 AND status = 'open' AND customer_id IS NULL
            AND EXISTS (SELECT 1 FROM carts WHERE id = ?2 AND status = 'open' AND customer_id = ?3)`,
        `INSERT INTO cart_items (cart_id, product_item_id, amount, gift, gift_coupon, inserted_link)
         SELECT ?2, a.product_item_id, min(a.amount, ?5, ${STOCK_OF('a.product_item_id')}), 0, NULL, a.inserted_link
           FROM cart_items a
          WHERE a.cart_id = ?1 AND a.gift = 0 AND ${merged} AND min(a.amount, ?5, ${STOCK_OF('a.product_item_id')}) >= 1
         ON CONFLICT (cart_id, product_item_id, gift) DO UPDATE
            SET amount = max(cart_items.amount, min(cart_items.amount + excluded.amount, ?5, ${STOCK_OF('excluded.product_item_id')}))`,
        `UPDATE coupon_reservations SET cart_id = ?2
          WHERE cart_id = ?1 AND ${merged} AND ${intoHasNoCoupon} AND NOT EXISTS (SELECT 1 FROM coupon_reservations WHERE cart_id = ?2)`,
        `INSERT INTO cart_items (cart_id, product_item_id, amount, gift, gift_coupon, inserted_link)
         SELECT ?2, a.product_item_id, a.amount, 1, a.gift_coupon, a.inserted_link FROM cart_items a
          WHERE a.cart_id = ?1 AND a.gift = 1 AND ${merged} AND ${intoHasNoCoupon}
         ON CONFLICT (cart_id, product_item_id, gift) DO NOTHING`,
        `UPDATE carts SET coupon_code = coalesce(coupon_code, (SELECT coupon_code FROM carts WHERE id = ?1)),
                seller_code = coalesce(seller_code, (SELECT seller_code FROM carts WHERE id = ?1)),
                updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
          WHERE id = ?2 AND ${merged}`,
        `DELETE FROM coupon_reservations WHERE cart_id = ?1 AND ${merged}`,
      ];
      const values = [from, into, customerId, nonce, maxAmount];
      // D1 wants exactly as many values as the highest ?N of each statement.
      const arity = (text: string) => Math.max(...[...text.matchAll(/\?(\d)/g)].map((m) => Number(m[1])));
      const results = await db.batch(sql.map((text) => db.prepare(text).bind(...values.slice(0, arity(text)))));
      return (results[0]?.meta.changes ?? 0) > 0;
    },
  };
}
