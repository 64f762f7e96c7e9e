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
    }): Promise<void> {
      await db
        .prepare(
          `INSERT INTO payments (idempotency_key, method_id, provider, status, amount_cents, installments, charged_cents, provider_reference, action_url, expires_at)
           VALUES (?, ?, 'paypal', 'pending', ?, 1, ?, ?, ?, ?)`,
        )
        .bind(`paypal:${p.reference}`, p.methodId, p.amount, p.amount, p.reference, p.actionUrl, p.expiresAt)
        .run();
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
