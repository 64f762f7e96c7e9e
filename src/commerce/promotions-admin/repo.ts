import type { AdminCoupon, AdminSeller, CouponSave, SellerSave } from '../../contracts/promotions-admin';

/** The back office's SQL for coupons and seller codes: reads with their usage, and one guarded save each. */
interface CouponDbRow {
  id: number;
  code: string;
  kind: AdminCoupon['kind'];
  value: number;
  min_subtotal_cents: number;
  starts_at: string | null;
  ends_at: string | null;
  usage_limit: number | null;
  per_customer_limit: number | null;
  requires_login: number;
  categories: string | null;
  gift_sku: string | null;
  modal_gift_title: string | null;
  modal_gift_message: string | null;
  used: number;
  reserved: number;
  version: number;
}
interface SellerDbRow {
  id: number;
  code: string;
  name: string;
  discount_pct: number;
  free_normal_shipping: number;
  free_express_shipping: number;
  active: number;
  orders: number;
  version: number;
}

const COUPON_SELECT = `SELECT c.id, c.code, c.kind, c.value, c.min_subtotal_cents, c.starts_at, c.ends_at, c.usage_limit,
    c.per_customer_limit, c.requires_login, c.modal_gift_title, c.modal_gift_message, c.used, c.version,
    (SELECT group_concat(listing_slug, ',') FROM (SELECT listing_slug FROM coupon_restrictions
       WHERE coupon_id = c.id AND listing_slug IS NOT NULL ORDER BY listing_slug)) AS categories,
    (SELECT sku FROM product_items WHERE id = c.gift_product_item_id) AS gift_sku,
    (SELECT count(*) FROM coupon_reservations x WHERE x.coupon_id = c.id AND x.expires_at > ?1) AS reserved
  FROM coupons c`;
const SELLER_SELECT = `SELECT s.id, s.code, s.name, s.discount_pct, s.free_normal_shipping, s.free_express_shipping, s.active,
    s.version, (SELECT count(*) FROM orders o WHERE o.seller_code = s.code) AS orders
  FROM sellers s`;

const toCoupon = (r: CouponDbRow): AdminCoupon => ({
  id: r.id,
  code: r.code,
  kind: r.kind,
  value: r.value,
  minSubtotal: r.min_subtotal_cents,
  startsAt: r.starts_at,
  endsAt: r.ends_at,
  usageLimit: r.usage_limit,
  perCustomerLimit: r.per_customer_limit,
  requiresLogin: r.requires_login === 1,
  categories: r.categories ? r.categories.split(',') : [],
  giftSku: r.gift_sku,
  giftTitle: r.modal_gift_title,
  giftMessage: r.modal_gift_message,
  used: r.used,
  reserved: r.reserved,
  version: r.version,
});
const toSeller = (r: SellerDbRow): AdminSeller => ({
  id: r.id,
  code: r.code,
  name: r.name,
  discountPct: r.discount_pct,
  freeNormalShipping: r.free_normal_shipping === 1,
  freeExpressShipping: r.free_express_shipping === 1,
  active: r.active === 1,
  orders: r.orders,
  version: r.version,
});

/** `version = the form's + 1`, else NULL: the column's NOT NULL aborts the batch of a stale form. */
const GUARDED_VERSION = 'version = CASE WHEN version = ?2 THEN version + 1 END';
export const isStale = (error: unknown) =>
  /NOT NULL constraint failed: (coupons|sellers)\.version/i.test(String(error));
export const isTaken = (error: unknown) => /UNIQUE constraint failed: (coupons|sellers)\.code/i.test(String(error));
export const isBelowUsed = (error: unknown) => /CHECK constraint failed/i.test(String(error));

export function promotionsAdminRepo(db: D1Database) {
  return {
    async coupons(now: string): Promise<AdminCoupon[]> {
      const { results } = await db
        .prepare(`${COUPON_SELECT} ORDER BY c.id DESC LIMIT 500`)
        .bind(now)
        .all<CouponDbRow>();
      return results.map(toCoupon);
    },
    async coupon(id: number, now: string): Promise<AdminCoupon | null> {
      const row = await db.prepare(`${COUPON_SELECT} WHERE c.id = ?2`).bind(now, id).first<CouponDbRow>();
      return row ? toCoupon(row) : null;
    },
    async sellers(): Promise<AdminSeller[]> {
      const { results } = await db.prepare(`${SELLER_SELECT} ORDER BY s.id DESC LIMIT 500`).all<SellerDbRow>();
      return results.map(toSeller);
    },
    async seller(id: number): Promise<AdminSeller | null> {
      const row = await db.prepare(`${SELLER_SELECT} WHERE s.id = ?`).bind(id).first<SellerDbRow>();
      return row ? toSeller(row) : null;
    },
    async skuId(sku: string): Promise<number | null> {
      return db.prepare('SELECT id FROM product_items WHERE sku = ?').bind(sku).first<number>('id');
    },
    /** The slugs no product is listed under. */
    async unknownListings(slugs: string[]): Promise<string[]> {
      if (slugs.length === 0) return [];
      const { results } = await db
        .prepare('SELECT value FROM json_each(?1) WHERE value NOT IN (SELECT slug FROM product_listings) ORDER BY key')
        .bind(JSON.stringify(slugs))
        .all<{ value: string }>();
      return results.map((r) => r.value);
    },
    /**
     * The statements of a coupon save (before `extra`, the audit row): a new coupon is inserted; an existing one is
     * updated under its version (stale: the batch aborts). Its category restrictions are replaced.
     */
    couponStatements(input: CouponSave, giftItemId: number | null): D1PreparedStatement[] {
      const fields = [
        input.kind,
        input.value,
        input.minSubtotal,
        input.startsAt,
        input.endsAt,
        input.usageLimit,
        input.perCustomerLimit,
        input.requiresLogin ? 1 : 0,
        giftItemId,
        input.giftTitle,
        input.giftMessage,
      ];
      const write =
        input.id === undefined
          ? db
              .prepare(
                `INSERT INTO coupons (code, kind, value, min_subtotal_cents, starts_at, ends_at, usage_limit, per_customer_limit,
                   requires_login, gift_product_item_id, modal_gift_title, modal_gift_message)
                 VALUES (?1, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)`,
              )
              .bind(input.code, null, ...fields)
          : db
              .prepare(
                `UPDATE coupons SET ${GUARDED_VERSION}, kind = ?3, value = ?4, min_subtotal_cents = ?5, starts_at = ?6,
                   ends_at = ?7, usage_limit = ?8, per_customer_limit = ?9, requires_login = ?10, gift_product_item_id = ?11,
                   modal_gift_title = ?12, modal_gift_message = ?13
                 WHERE id = ?1`,
              )
              .bind(input.id, input.version, ...fields);
      return [
        write,
        db
          .prepare('DELETE FROM coupon_restrictions WHERE coupon_id = (SELECT id FROM coupons WHERE code = ?)')
          .bind(input.code),
        db
          .prepare(
            `INSERT INTO coupon_restrictions (coupon_id, listing_slug)
             SELECT c.id, j.value FROM coupons c, json_each(?2) j WHERE c.code = ?1`,
          )
          .bind(input.code, JSON.stringify(input.categories)),
      ];
    },
    /** Ends a coupon now, under the form's version. */
    endStatement(id: number, version: number, now: string): D1PreparedStatement {
      return db.prepare(`UPDATE coupons SET ${GUARDED_VERSION}, ends_at = ?3 WHERE id = ?1`).bind(id, version, now);
    },
    sellerStatement(input: SellerSave): D1PreparedStatement {
      const fields = [
        input.name,
        input.discountPct,
        input.freeNormalShipping ? 1 : 0,
        input.freeExpressShipping ? 1 : 0,
        input.active ? 1 : 0,
      ];
      return input.id === undefined
        ? db
            .prepare(
              `INSERT INTO sellers (code, name, discount_pct, free_normal_shipping, free_express_shipping, active)
               VALUES (?1, ?3, ?4, ?5, ?6, ?7)`,
            )
            .bind(input.code, null, ...fields)
        : db
            .prepare(
              `UPDATE sellers SET ${GUARDED_VERSION}, name = ?3, discount_pct = ?4, free_normal_shipping = ?5,
                 free_express_shipping = ?6, active = ?7 WHERE id = ?1`,
            )
            .bind(input.id, input.version, ...fields);
    },
    batch: (statements: D1PreparedStatement[]) => db.batch(statements),
  };
}
export type PromotionsAdminRepo = ReturnType<typeof promotionsAdminRepo>;
