// The orders repo: the order rows and the reads of checkout and of order pages here; the writes of finishing an
// order, its fulfilment steps, its retry and its access tokens are one file each (*-repo.ts beside this one),
// joined here so callers keep one `OrdersRepo`.
import type { OrderStatus } from '../../contracts/orders';
import { inventoryRepo, type InventoryRepo } from '../inventory/repo';
import type { PaymentRow } from '../payments/repo';
import { orderAccessRepo } from './access-repo';
import { orderFinishRepo } from './finish-repo';
import { orderStepsRepo } from './lifecycle-repo';
import { orderRetryRepo } from './retry-repo';
import { ids } from './sql';

export interface OrderRow {
  id: number;
  payment_id: number;
  idempotency_key: string;
  customer_id: number | null;
  email: string;
  name: string;
  cpf: string;
  guest: number;
  cart_id: string;
  store: string;
  store_name: string;
  status: OrderStatus;
  payment_method_id: number;
  installments: number;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  cashback_cents: number;
  total_cents: number;
  cashback_earned_cents: number;
  coupon_code: string | null;
  seller_code: string | null;
  address_json: string | null;
  shipping_option_json: string;
  pickup: number;
  tracking_code: string | null;
  expires_at: string | null;
  paid_at: string | null;
  created_at: string;
  items_count: number;
}

export interface ItemRow {
  order_id: number;
  product_item_id: number;
  name: string;
  slug: string;
  size: string;
  color_name: string;
  photo: string | null;
  amount: number;
  unit_price_cents: number;
  list_price_cents: number;
  total_cents: number;
  gift: number;
  pre_sale: number;
}

export interface EventRow {
  order_id: number;
  status: OrderStatus;
  note: string | null;
  created_at: string;
}

/** The orders a key already made: who may see them again (a replay) is decided from these. */
export interface KeyedOrder {
  id: number;
  cart_id: string;
  customer_id: number | null;
  created_at: string;
}

const ORDER_SELECT = `SELECT o.*, st.name AS store_name,
  (SELECT coalesce(sum(amount), 0) FROM order_items WHERE order_id = o.id) AS items_count
  FROM orders o JOIN stores st ON st.id = o.store_id`;

export function ordersRepo(db: D1Database, inventory: InventoryRepo = inventoryRepo(db)) {
  return {
    ...orderFinishRepo(db, inventory),
    ...orderStepsRepo(db),
    ...orderRetryRepo(db),
    ...orderAccessRepo(db),
    async cartMeta(cartId: string) {
      return db
        .prepare('SELECT id, status, customer_id, coupon_code, seller_code, affiliate_site_id FROM carts WHERE id = ?')
        .bind(cartId)
        .first<{
          id: string;
          status: string;
          customer_id: number | null;
          coupon_code: string | null;
          seller_code: string | null;
          affiliate_site_id: string | null;
        }>();
    },
    async orderIdsByKey(key: string): Promise<KeyedOrder[]> {
      return (
        await db
          .prepare('SELECT id, cart_id, customer_id, created_at FROM orders WHERE idempotency_key = ? ORDER BY id')
          .bind(key)
          .all<KeyedOrder>()
      ).results;
    },
    async paymentIdByKey(key: string): Promise<number | null> {
      return (
        (await db.prepare('SELECT id FROM payments WHERE idempotency_key = ?').bind(key).first<{ id: number }>())?.id ??
        null
      );
    },
    async couponId(code: string): Promise<number | null> {
      return (
        (await db.prepare('SELECT id FROM coupons WHERE code = ? COLLATE NOCASE').bind(code).first<{ id: number }>())
          ?.id ?? null
      );
    },
    /** Whether the coupon still has a use left (after a batch aborted, to name the cause). */
    async couponUsable(couponId: number, customerId: number | null): Promise<boolean> {
      const row = await db
        .prepare(
          `SELECT (usage_limit IS NULL OR used < usage_limit) AND (per_customer_limit IS NULL OR (?2 IS NOT NULL AND
                  (SELECT count(*) FROM coupon_uses u WHERE u.coupon_id = c.id AND u.customer_id = ?2) < per_customer_limit)) AS ok
             FROM coupons c WHERE id = ?1`,
        )
        .bind(couponId, customerId)
        .first<{ ok: number }>();
      return row?.ok === 1;
    },
    async paypalPayment(reference: string) {
      return db
        .prepare("SELECT * FROM payments WHERE provider = 'paypal' AND provider_reference = ?")
        .bind(reference)
        .first<PaymentRow>();
    },
    async orders(orderIds: number[]): Promise<OrderRow[]> {
      if (orderIds.length === 0) return [];
      return (
        await db
          .prepare(`${ORDER_SELECT} WHERE o.id IN (${ids(orderIds)}) ORDER BY o.id`)
          .bind(...orderIds)
          .all<OrderRow>()
      ).results;
    },
    async customerOrders(customerId: number): Promise<OrderRow[]> {
      return (
        await db
          .prepare(`${ORDER_SELECT} WHERE o.customer_id = ? ORDER BY o.created_at DESC, o.id DESC LIMIT 200`)
          .bind(customerId)
          .all<OrderRow>()
      ).results;
    },
    async items(orderIds: number[]): Promise<ItemRow[]> {
      return (
        await db
          .prepare(`SELECT * FROM order_items WHERE order_id IN (${ids(orderIds)}) ORDER BY id`)
          .bind(...orderIds)
          .all<ItemRow>()
      ).results;
    },
    async events(orderIds: number[]): Promise<EventRow[]> {
      return (
        await db
          .prepare(`SELECT * FROM order_events WHERE order_id IN (${ids(orderIds)}) ORDER BY id`)
          .bind(...orderIds)
          .all<EventRow>()
      ).results;
    },
    async payments(paymentIds: number[]): Promise<PaymentRow[]> {
      return (
        await db
          .prepare(
            `SELECT payments.*, EXISTS (SELECT 1 FROM sandbox_charges s WHERE s.reference = payments.provider_reference) AS sandbox
               FROM payments WHERE id IN (${ids(paymentIds)})`,
          )
          .bind(...paymentIds)
          .all<PaymentRow>()
      ).results;
    },
  };
}
export type OrdersRepo = ReturnType<typeof ordersRepo>;
