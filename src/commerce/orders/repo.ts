// Over 300 lines: every SQL statement of the orders domain (reads, rows, lifecycle guards) sits here by rule (repos own all SQL); each method is a few lines.
import type { OrderStatus } from '../../contracts/orders';
import { inventoryRepo, type InventoryRepo } from '../inventory/repo';
import type { GiveBack } from '../d1';
import type { PaymentRow } from '../payments/repo';
import { dict } from '../../lib/dict';

export interface PaymentInsert {
  methodId: number;
  provider: string;
  /** `authorized`: funds held, captured after the batch; `paid` only when nothing is charged (coupon). */
  status: 'pending' | 'authorized' | 'paid';
  amount: number;
  installments: number;
  charged: number;
  cardBrand: string | null;
  cardLast4: string | null;
  reference: string;
  /** The provider's own id of the charge when it differs from `reference`. */
  chargeId: string | null;
  pixPayload: string | null;
  pixTxid: string | null;
  boletoLine: string | null;
  boletoBarcode: string | null;
  actionUrl: string | null;
  expiresAt: string | null;
  paidAt: string | null;
}

export interface ItemInsert {
  productItemId: number;
  stockStoreId: number;
  productId: number;
  sku: string;
  slug: string;
  name: string;
  size: string;
  color: string;
  photo: string | null;
  amount: number;
  listPrice: number;
  unitPrice: number;
  gift: boolean;
  preSale: boolean;
}

export interface OrderInsert {
  store: string;
  storeId: number;
  status: 'pending' | 'paid';
  customerId: number | null;
  email: string;
  name: string;
  cpf: string;
  phone: string | null;
  methodId: number;
  installments: number;
  subtotal: number;
  discount: number;
  shipping: number;
  cashback: number;
  total: number;
  cashbackEarned: number;
  couponCode: string | null;
  sellerCode: string | null;
  affiliateSiteId: string | null;
  hasPreSale: boolean;
  address: string | null;
  addressId: number | null;
  shippingOption: string;
  pickup: boolean;
  userAgent: string | null;
  expiresAt: string | null;
  paidAt: string | null;
  items: ItemInsert[];
}

export interface OrderPlan {
  key: string;
  cartId: string;
  /** A new payment row, or the PayPal payment `/api/paypal/create` already made (claimed by the key). */
  payment: { insert: PaymentInsert } | { paypalReference: string; charged: number };
  orders: OrderInsert[];
  tokenHash: string;
  tokenExpiresAt: string;
  now: string;
}

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
}

const ORDER_SELECT = `SELECT o.*, st.name AS store_name,
  (SELECT coalesce(sum(amount), 0) FROM order_items WHERE order_id = o.id) AS items_count
  FROM orders o JOIN stores st ON st.id = o.store_id`;

const STAMP: Partial<Record<OrderStatus, string>> = dict({
  invoiced: 'invoiced_at',
  shipped: 'shipped_at',
  delivered: 'delivered_at',
  cancelled: 'cancelled_at',
});
const NOTES: Partial<Record<OrderStatus, string>> = dict({
  invoiced: 'Nota fiscal emitida',
  shipped: 'Pedido enviado',
  delivered: 'Pedido entregue',
  cancelled: 'Pedido cancelado',
});

/** An order (alias `o`) whose payment was refused at its step: cancelled, never paid, its payment failed. */
const RETRYABLE = (o: string) =>
  `${o}.status = 'cancelled' AND ${o}.paid_at IS NULL AND EXISTS (SELECT 1 FROM payments p WHERE p.id = ${o}.payment_id AND p.status = 'failed' AND p.paid_at IS NULL)`;

export function ordersRepo(db: D1Database, inventory: InventoryRepo = inventoryRepo(db)) {
  const ids = (list: number[]) => list.map(() => '?').join(',');
  return {
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
          .prepare('SELECT id, cart_id, customer_id FROM orders WHERE idempotency_key = ? ORDER BY id')
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
    async insertPaypalPayment(p: PaymentInsert & { key: string }): Promise<void> {
      await insertPayment(db, p.key, p).run();
    },
    /**
     * Everything a finished order changes, in ONE batch. Guards that abort the whole batch:
     * payments.idempotency_key UNIQUE (a replay), orders inserted only while the cart is open and
     * order_items.order_id NOT NULL (a closed cart or an unclaimable PayPal payment leaves no order to
     * reference), stock CHECK (quantity >= 0).
     */
    async finish(plan: OrderPlan, extra: D1PreparedStatement[] = []): Promise<void> {
      const statements: D1PreparedStatement[] = [];
      if ('insert' in plan.payment) statements.push(insertPayment(db, plan.key, plan.payment.insert));
      else {
        statements.push(
          db
            .prepare(
              // An approval given before the order existed stays `authorized`: finish-order captures it
              // once this batch has written the orders.
              `UPDATE payments SET idempotency_key = ?1, charged_cents = ?3, amount_cents = ?4, updated_at = ?5
                WHERE provider = 'paypal' AND provider_reference = ?2 AND status IN ('pending', 'authorized')
                  AND idempotency_key LIKE 'paypal:%'`,
            )
            .bind(
              plan.key,
              plan.payment.paypalReference,
              plan.payment.charged,
              plan.orders.reduce((s, o) => s + o.total, 0),
              plan.now,
            ),
        );
      }
      for (const o of plan.orders) {
        statements.push(
          db
            .prepare(
              `INSERT INTO orders (payment_id, idempotency_key, customer_id, email, name, cpf, phone, guest, cart_id, store, store_id,
                 status, payment_method_id, installments, subtotal_cents, discount_cents, shipping_cents, cashback_cents, total_cents,
                 cashback_earned_cents, coupon_code, seller_code, affiliate_site_id, has_pre_sale, address_json, address_id,
                 shipping_option_json, pickup, user_agent, expires_at, paid_at, created_at, updated_at)
               SELECT (SELECT id FROM payments WHERE idempotency_key = ?1), ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13,
                      ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, c.affiliate_site_id, ?22, ?23, ?24, ?25, ?26, ?27, ?28, ?29, ?30, ?30
                 FROM carts c WHERE c.id = ?8 AND c.status = 'open'`,
            )
            .bind(
              plan.key,
              o.customerId,
              o.email,
              o.name,
              o.cpf,
              o.phone,
              o.customerId === null ? 1 : 0,
              plan.cartId,
              o.store,
              o.storeId,
              o.status,
              o.methodId,
              o.installments,
              o.subtotal,
              o.discount,
              o.shipping,
              o.cashback,
              o.total,
              o.cashbackEarned,
              o.couponCode,
              o.sellerCode,
              o.hasPreSale ? 1 : 0,
              o.address,
              o.addressId,
              o.shippingOption,
              o.pickup ? 1 : 0,
              o.userAgent,
              o.expiresAt,
              o.paidAt,
              plan.now,
            ),
        );
        for (const i of o.items) {
          statements.push(
            db
              .prepare(
                `INSERT INTO order_items (order_id, product_item_id, stock_store_id, product_id, sku, slug, name, size, color_name, photo,
                   amount, list_price_cents, unit_price_cents, total_cents, gift, pre_sale)
                 VALUES ((SELECT id FROM orders WHERE idempotency_key = ? AND store = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
              )
              .bind(
                plan.key,
                o.store,
                i.productItemId,
                i.stockStoreId,
                i.productId,
                i.sku,
                i.slug,
                i.name,
                i.size,
                i.color,
                i.photo,
                i.amount,
                i.listPrice,
                i.unitPrice,
                i.unitPrice * i.amount,
                i.gift ? 1 : 0,
                i.preSale ? 1 : 0,
              ),
            inventory.decrementStatement({ productItemId: i.productItemId, storeId: i.stockStoreId, amount: i.amount }),
          );
        }
      }
      statements.push(
        db
          .prepare(
            "INSERT INTO order_events (order_id, status, note, created_at) SELECT id, status, 'Pedido criado', ? FROM orders WHERE idempotency_key = ?",
          )
          .bind(plan.now, plan.key),
        db
          .prepare(
            'INSERT INTO order_access_tokens (token_hash, order_id, expires_at) SELECT ?, id, ? FROM orders WHERE idempotency_key = ?',
          )
          .bind(plan.tokenHash, plan.tokenExpiresAt, plan.key),
        db
          .prepare("UPDATE carts SET status = 'ordered', updated_at = ? WHERE id = ? AND status = 'open'")
          .bind(plan.now, plan.cartId),
        ...extra,
      );
      await db.batch(statements);
    },
    /**
     * One fulfilment step or a cancellation of order ?1 from one of `from`, as ONE batch whose statements
     * share the same WHERE: `before` (what a cancelled order gives back) first, then its timeline event and
     * its status. The last statement's changes say whether the step was allowed.
     */
    advanceStatements(
      step: { orderId: number; to: OrderStatus; from: OrderStatus[]; at: string; trackingCode: string | null },
      before: GiveBack = () => [],
    ): D1PreparedStatement[] {
      const allowed = `o.id = ?1 AND o.status IN (${step.from.map((s) => `'${s}'`).join(',')})`;
      return [
        ...before(allowed, [step.orderId]),
        db
          .prepare(
            `INSERT INTO order_events (order_id, status, note, created_at) SELECT o.id, ?2, ?3, ?4 FROM orders o WHERE ${allowed}`,
          )
          .bind(step.orderId, step.to, NOTES[step.to] ?? null, step.at),
        db
          .prepare(
            `UPDATE orders AS o SET status = ?2, ${STAMP[step.to]} = ?4, updated_at = ?4, tracking_code = coalesce(?3, tracking_code) WHERE ${allowed}`,
          )
          .bind(step.orderId, step.to, step.trackingCode, step.at),
      ];
    },
    /**
     * "Tentar novamente": claims ALL of `orderIds` for one retry (`nonce`), only while every one of them is
     * cancelled, never paid, with a failed payment, and none was retried yet. One statement decides and writes,
     * so of parallel retries exactly one claims; `claimed(n)` is the guard (?n = the nonce) that the other
     * statements of the retry's batch (the cart's) carry, so they act for the claiming retry only.
     */
    retryClaim(orderIds: number[], cartId: string, nonce: string, at: string) {
      const list = orderIds.map((_, i) => `?${i + 4}`).join(',');
      const statement = db
        .prepare(
          `INSERT INTO order_retries (order_id, cart_id, nonce, created_at)
           SELECT o.id, ?1, ?2, ?3 FROM orders o
            WHERE o.id IN (${list})
              AND NOT EXISTS (SELECT 1 FROM orders x WHERE x.id IN (${list}) AND NOT (${RETRYABLE('x')}))
              AND NOT EXISTS (SELECT 1 FROM order_retries r WHERE r.order_id IN (${list}))`,
        )
        .bind(cartId, nonce, at, ...orderIds);
      return { statement, claimed: (n: number) => `EXISTS (SELECT 1 FROM order_retries WHERE nonce = ?${n})`, nonce };
    },
    /** The bag an earlier retry of any of these orders put their products in. */
    async retriedCart(orderIds: number[]): Promise<string | null> {
      const row = await db
        .prepare(`SELECT cart_id FROM order_retries WHERE order_id IN (${ids(orderIds)}) ORDER BY created_at LIMIT 1`)
        .bind(...orderIds)
        .first<{ cart_id: string }>();
      return row?.cart_id ?? null;
    },
    async addAccessToken(orderIds: number[], tokenHash: string, expiresAt: string): Promise<void> {
      await db.batch(
        orderIds.map((id) =>
          db
            .prepare('INSERT INTO order_access_tokens (token_hash, order_id, expires_at) VALUES (?, ?, ?)')
            .bind(tokenHash, id, expiresAt),
        ),
      );
    },
    /** The orders among `orderIds` this token opens (live token; a legacy link's e-mail must match too). */
    async tokenOrders(orderIds: number[], tokenHash: string, email: string | null, now: string): Promise<number[]> {
      const { results } = await db
        .prepare(
          `SELECT o.id FROM order_access_tokens t JOIN orders o ON o.id = t.order_id
            WHERE t.token_hash = ? AND t.expires_at > ? AND (? IS NULL OR o.email = ? COLLATE NOCASE)
              AND o.id IN (${ids(orderIds)})`,
        )
        .bind(tokenHash, now, email, email, ...orderIds)
        .all<{ id: number }>();
      return results.map((r) => r.id);
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

function insertPayment(db: D1Database, key: string, p: PaymentInsert): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO payments (idempotency_key, method_id, provider, status, amount_cents, installments, charged_cents, card_brand, card_last4,
         provider_reference, provider_charge_id, pix_payload, pix_txid, boleto_line, boleto_barcode, action_url, expires_at, paid_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(
      key,
      p.methodId,
      p.provider,
      p.status,
      p.amount,
      p.installments,
      p.charged,
      p.cardBrand,
      p.cardLast4,
      p.reference,
      p.chargeId,
      p.pixPayload,
      p.pixTxid,
      p.boletoLine,
      p.boletoBarcode,
      p.actionUrl,
      p.expiresAt,
      p.paidAt,
    );
}
