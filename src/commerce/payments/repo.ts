import type { PaymentRow } from '../orders/repo';
import type { SandboxPayment } from './service';

export function paymentsRepo(db: D1Database) {
  return {
    async createPaypal(p: {
      reference: string;
      methodId: number;
      amount: number;
      expiresAt: string;
      actionUrl: string;
      /** PayPal's order id (live), when it differs from our reference. */
      chargeId: string | null;
    }): Promise<void> {
      await db
        .prepare(
          `INSERT INTO payments (idempotency_key, method_id, provider, status, amount_cents, installments, charged_cents, provider_reference, provider_charge_id, action_url, expires_at)
           VALUES (?, ?, 'paypal', 'pending', ?, 1, ?, ?, ?, ?, ?)`,
        )
        .bind(`paypal:${p.reference}`, p.methodId, p.amount, p.amount, p.reference, p.chargeId, p.actionUrl, p.expiresAt)
        .run();
    },
    /** A payment a provider sends the shopper back for: its state, its provider's id and its orders' owner. */
    async returning(reference: string) {
      return db
        .prepare(
          `SELECT p.id, p.provider, p.status, p.method_id AS methodId, p.charged_cents AS charged, p.provider_charge_id AS chargeId,
                  (SELECT group_concat(o.id) FROM (SELECT id FROM orders WHERE payment_id = p.id ORDER BY id) o) AS orders,
                  (SELECT cart_id FROM orders WHERE payment_id = p.id ORDER BY id LIMIT 1) AS cartId,
                  (SELECT customer_id FROM orders WHERE payment_id = p.id ORDER BY id LIMIT 1) AS customerId,
                  (SELECT email FROM orders WHERE payment_id = p.id ORDER BY id LIMIT 1) AS email
             FROM payments p WHERE p.provider_reference = ?`,
        )
        .bind(reference)
        .first<{
          id: number;
          provider: string;
          status: string;
          methodId: number;
          charged: number;
          chargeId: string | null;
          orders: string | null;
          cartId: string | null;
          customerId: number | null;
          email: string | null;
        }>();
    },
    async byReference(reference: string): Promise<SandboxPayment | null> {
      const row = await db
        .prepare(
          `SELECT p.provider_reference AS reference, p.provider, p.method_id AS methodId, p.status, p.charged_cents AS charged,
                  p.installments, p.expires_at AS expiresAt, (SELECT group_concat(o.id) FROM orders o WHERE o.payment_id = p.id) AS ids
             FROM payments p WHERE p.provider_reference = ?`,
        )
        .bind(reference)
        .first<Omit<SandboxPayment, 'orderIds'> & { ids: string | null }>();
      if (!row) return null;
      const { ids, ...rest } = row;
      return {
        ...rest,
        orderIds: ids
          ? ids
              .split(',')
              .map(Number)
              .sort((a, b) => a - b)
          : [],
      };
    },
    async idOf(reference: string): Promise<number | null> {
      return (
        (
          await db
            .prepare('SELECT id FROM payments WHERE provider_reference = ?')
            .bind(reference)
            .first<{ id: number }>()
        )?.id ?? null
      );
    },
    async authorize(id: number, now: Date): Promise<void> {
      await db
        .prepare("UPDATE payments SET status = 'authorized', updated_at = ? WHERE id = ? AND status = 'pending'")
        .bind(now.toISOString(), id)
        .run();
    },
    async orderPayment(orderId: number, customerId: number): Promise<PaymentRow | null> {
      return db
        .prepare('SELECT p.* FROM payments p JOIN orders o ON o.payment_id = p.id WHERE o.id = ? AND o.customer_id = ?')
        .bind(orderId, customerId)
        .first<PaymentRow>();
    },
    async paymentOfOrder(orderId: number): Promise<PaymentRow | null> {
      return db
        .prepare('SELECT p.* FROM payments p JOIN orders o ON o.payment_id = p.id WHERE o.id = ?')
        .bind(orderId)
        .first<PaymentRow>();
    },
  };
}
