/**
 * What checkout (issue 6) puts in its order batch to spend the bag's coupon. With no coupon on the bag
 * the statements change nothing. Past the usage limit the `CHECK (used <= usage_limit)` fails, past the
 * per-customer limit the use row gets a NULL coupon (NOT NULL) — either aborts the whole batch, order
 * included. The bag's reservation is freed in the same batch.
 */
const BAG_COUPON = 'FROM coupons c JOIN carts k ON k.coupon_code = c.code WHERE k.id = ?1';

export function couponUseStatements(db: D1Database, input: { cartId: string; orderId: string; customerId: number | null }): D1PreparedStatement[] {
  return [
    db.prepare(`UPDATE coupons SET used = used + 1 WHERE id = (SELECT c.id ${BAG_COUPON})`).bind(input.cartId),
    db
      .prepare(
        `INSERT INTO coupon_uses (coupon_id, customer_id, order_id)
         SELECT CASE WHEN c.per_customer_limit IS NULL OR (?2 IS NOT NULL AND
                  (SELECT count(*) FROM coupon_uses u WHERE u.coupon_id = c.id AND u.customer_id = ?2) < c.per_customer_limit)
                THEN c.id END, ?2, ?3 ${BAG_COUPON}`,
      )
      .bind(input.cartId, input.customerId, input.orderId),
    db.prepare('DELETE FROM coupon_reservations WHERE cart_id = ?').bind(input.cartId),
  ];
}
