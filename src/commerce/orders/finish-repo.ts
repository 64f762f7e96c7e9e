// The writes of finishing an order: the payment row (or the PayPal payment claimed), the orders, their lines and
// stock, their first event, access token and the cart's close, in ONE batch.
import type { InventoryRepo } from '../inventory/repo';

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

export function orderFinishRepo(db: D1Database, inventory: InventoryRepo) {
  return {
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
  };
}

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
