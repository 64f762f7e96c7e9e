import { changedRows } from '../d1';
export type CouponKind = 'percentage' | 'fixed' | 'free_normal_shipping' | 'free_express_shipping' | 'gift';

export interface CouponRow {
  id: number;
  code: string;
  kind: CouponKind;
  value: number;
  min_subtotal_cents: number;
  starts_at: string | null;
  ends_at: string | null;
  usage_limit: number | null;
  used: number;
  per_customer_limit: number | null;
  requires_login: number;
  gift_product_item_id: number | null;
  modal_gift_title: string | null;
  modal_gift_message: string | null;
}

export interface SellerRow {
  id: number;
  code: string;
  name: string;
  customer_id: number | null;
  discount_pct: number;
  free_normal_shipping: number;
  free_express_shipping: number;
}

export interface Reservation {
  cartId: string;
  couponId: number;
  customerId: number | null;
  now: string;
  expiresAt: string;
  /** The gift SKU to put in the cart with the coupon (gift coupons). */
  giftItemId: number | null;
}

const OPEN_CART = "EXISTS (SELECT 1 FROM carts WHERE id = ?1 AND status = 'open')";

export interface PromotionsRepo {
  coupon(code: string): Promise<CouponRow | null>;
  seller(code: string): Promise<SellerRow | null>;
  /** Names of the cart's (non-gift) products a restricted coupon does not cover; [] when it covers all. */
  blockingProducts(couponId: number, cartId: string): Promise<string[]>;
  /**
   * Reserves one use of the coupon for the cart and records the code on it, in one batch whose first
   * statement is the guard (limits counted with live reservations); the rest only act when it held.
   */
  reserve(r: Reservation): Promise<boolean>;
  /** Frees the cart's coupon (reservation, code, gift lines) and/or its seller code. */
  release(cartId: string, which: { coupon: boolean; seller: boolean }): Promise<boolean>;
  setSeller(cartId: string, code: string): Promise<boolean>;
  /**
   * Order batch, coupon spent by a checkout: `used + 1` (CHECK used <= usage_limit aborts past the
   * limit); past the per-customer limit the use row gets a NULL coupon (NOT NULL aborts); the cart's
   * reservation is freed. The use is recorded against the checkout's first order (known only inside
   * the batch).
   */
  useStatements(p: { couponId: number; customerId: number | null; key: string; cartId: string }): D1PreparedStatement[];
  /**
   * Order batch, orders that will not go ahead (`where`, alias o, BEFORE their status changes): a
   * checkout's one coupon use is given back when its last order still going goes (every other order
   * of the checkout is already cancelled or expired).
   */
  undoUseStatements(where: string, params: unknown[]): D1PreparedStatement[];
}

export function promotionsRepo(db: D1Database): PromotionsRepo {
  return {
    async coupon(code) {
      return db.prepare('SELECT * FROM coupons WHERE code = ? AND active = 1').bind(code).first<CouponRow>();
    },
    async seller(code) {
      return db.prepare('SELECT * FROM sellers WHERE code = ? AND active = 1').bind(code).first<SellerRow>();
    },
    async blockingProducts(couponId, cartId) {
      const { results } = await db
        .prepare(
          `SELECT DISTINCT p.name FROM cart_items ci
             JOIN product_items i ON i.id = ci.product_item_id JOIN products p ON p.id = i.product_id
            WHERE ci.cart_id = ?2 AND ci.gift = 0
              AND EXISTS (SELECT 1 FROM coupon_restrictions WHERE coupon_id = ?1)
              AND NOT EXISTS (SELECT 1 FROM coupon_restrictions r WHERE r.coupon_id = ?1
                    AND (r.product_id = p.id OR r.listing_slug IN (SELECT slug FROM product_listings WHERE product_id = p.id)))
            ORDER BY ci.id`,
        )
        .bind(couponId, cartId)
        .all<{ name: string }>();
      return results.map((r) => r.name);
    },
    async reserve(r) {
      // ?1 cart, ?2 coupon, ?3 customer, ?4 now, ?5 expiry, ?6 gift SKU (D1 wants exactly as many values as the highest ?N).
      const guard = db
        .prepare(
          `INSERT INTO coupon_reservations (cart_id, coupon_id, customer_id, expires_at)
           SELECT ?1, c.id, ?3, ?5 FROM coupons c
            WHERE c.id = ?2 AND c.active = 1 AND ${OPEN_CART}
              AND (c.usage_limit IS NULL OR c.used + (SELECT count(*) FROM coupon_reservations x
                     WHERE x.coupon_id = c.id AND x.expires_at > ?4 AND x.cart_id <> ?1) < c.usage_limit)
              AND (c.per_customer_limit IS NULL OR (?3 IS NOT NULL
                   AND (SELECT count(*) FROM coupon_uses u WHERE u.coupon_id = c.id AND u.customer_id = ?3)
                     + (SELECT count(*) FROM coupon_reservations x WHERE x.coupon_id = c.id AND x.customer_id = ?3
                          AND x.expires_at > ?4 AND x.cart_id <> ?1) < c.per_customer_limit))
           ON CONFLICT (cart_id) DO UPDATE SET coupon_id = excluded.coupon_id, customer_id = excluded.customer_id,
              expires_at = excluded.expires_at`,
        )
        .bind(r.cartId, r.couponId, r.customerId, r.now, r.expiresAt);
      const held = `EXISTS (SELECT 1 FROM coupon_reservations WHERE cart_id = ?1 AND coupon_id = ?2 AND expires_at = ?5)`;
      const statements = [
        guard,
        // Another coupon's gift leaves with it.
        db
          .prepare(
            `DELETE FROM cart_items WHERE cart_id = ?1 AND gift = 1 AND ${held}
               AND coalesce(gift_coupon, '') <> (SELECT code FROM coupons WHERE id = ?2)`,
          )
          .bind(r.cartId, r.couponId, null, null, r.expiresAt),
        db
          .prepare(
            `UPDATE carts SET coupon_code = (SELECT code FROM coupons WHERE id = ?2),
                    updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
              WHERE id = ?1 AND ${held}`,
          )
          .bind(r.cartId, r.couponId, null, null, r.expiresAt),
      ];
      if (r.giftItemId !== null) {
        statements.push(
          db
            .prepare(
              `INSERT INTO cart_items (cart_id, product_item_id, amount, gift, gift_coupon)
               SELECT ?1, ?6, 1, 1, (SELECT code FROM coupons WHERE id = ?2)
                WHERE ${held} AND (SELECT coalesce(sum(quantity), 0) FROM stock WHERE product_item_id = ?6) >= 1
               ON CONFLICT (cart_id, product_item_id, gift) DO NOTHING`,
            )
            .bind(r.cartId, r.couponId, null, null, r.expiresAt, r.giftItemId),
        );
      }
      const [result] = await db.batch(statements);
      return (result?.meta.changes ?? 0) > 0;
    },
    async release(cartId, which) {
      const statements: D1PreparedStatement[] = [];
      if (which.coupon) {
        statements.push(
          db.prepare(`DELETE FROM cart_items WHERE cart_id = ?1 AND gift = 1 AND ${OPEN_CART}`).bind(cartId),
          db.prepare(`DELETE FROM coupon_reservations WHERE cart_id = ?1 AND ${OPEN_CART}`).bind(cartId),
        );
      }
      const sets = [...(which.coupon ? ['coupon_code = NULL'] : []), ...(which.seller ? ['seller_code = NULL'] : [])];
      statements.push(
        db
          .prepare(
            `UPDATE carts SET ${sets.join(', ')}, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?1 AND status = 'open'`,
          )
          .bind(cartId),
      );
      const results = await db.batch(statements);
      return (results.at(-1)?.meta.changes ?? 0) > 0;
    },
    async setSeller(cartId, code) {
      return changedRows(
        db
          .prepare(
            "UPDATE carts SET seller_code = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ? AND status = 'open'",
          )
          .bind(code, cartId),
      );
    },
    useStatements(p) {
      return [
        db.prepare('UPDATE coupons SET used = used + 1 WHERE id = ?').bind(p.couponId),
        db
          .prepare(
            `INSERT INTO coupon_uses (coupon_id, customer_id, order_id)
             SELECT CASE WHEN c.per_customer_limit IS NULL OR (?2 IS NOT NULL AND
                      (SELECT count(*) FROM coupon_uses u WHERE u.coupon_id = c.id AND u.customer_id = ?2) < c.per_customer_limit)
                    THEN c.id END, ?2, (SELECT CAST(min(id) AS TEXT) FROM orders WHERE idempotency_key = ?3)
               FROM coupons c WHERE c.id = ?1`,
          )
          .bind(p.couponId, p.customerId, p.key),
        db.prepare('DELETE FROM coupon_reservations WHERE cart_id = ?').bind(p.cartId),
      ];
    },
    undoUseStatements(where, params) {
      // The first order id (where the use is recorded) of each checkout whose every order is either
      // selected now or already over.
      const ended = `(SELECT CAST(min(g.id) AS TEXT) FROM orders g
         WHERE g.idempotency_key IN (SELECT o.idempotency_key FROM orders o WHERE ${where})
         GROUP BY g.idempotency_key
        HAVING sum(CASE WHEN g.status IN ('cancelled', 'expired') OR g.id IN (SELECT o.id FROM orders o WHERE ${where}) THEN 0 ELSE 1 END) = 0)`;
      return [
        db
          .prepare(
            `UPDATE coupons SET used = used - (SELECT count(*) FROM coupon_uses u WHERE u.coupon_id = coupons.id AND u.order_id IN ${ended})
              WHERE id IN (SELECT coupon_id FROM coupon_uses WHERE order_id IN ${ended})`,
          )
          .bind(...params),
        db.prepare(`DELETE FROM coupon_uses WHERE order_id IN ${ended}`).bind(...params),
      ];
    },
  };
}
