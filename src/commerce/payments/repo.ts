import type { SandboxPaymentView as SandboxPayment } from '../../contracts/payments-sandbox';
import { paymentAttemptsRepo } from './attempts-repo';
import { paymentClosingRepo } from './closing-repo';
import { paymentStatementsRepo } from './lifecycle-repo';
import { paymentRefundsRepo } from './refunds-repo';

// The payment rows themselves; the statements other batches join, refunds, lost attempts and closing at the
// provider are one file each (*-repo.ts beside this one), joined here so callers keep one `PaymentsRepo`.
export interface PaymentRow {
  id: number;
  idempotency_key: string;
  method_id: number;
  provider: string;
  status: string;
  amount_cents: number;
  installments: number;
  charged_cents: number;
  card_brand: string | null;
  card_last4: string | null;
  provider_reference: string | null;
  provider_charge_id: string | null;
  pix_payload: string | null;
  boleto_line: string | null;
  boleto_barcode: string | null;
  action_url: string | null;
  expires_at: string | null;
  paid_at: string | null;
  /** 1 when the sandbox provider holds this charge (its books, migration 0013): test money, whatever host shows it. */
  sandbox?: number;
}

export function paymentsRepo(db: D1Database) {
  return {
    ...paymentStatementsRepo(db),
    ...paymentRefundsRepo(db),
    ...paymentAttemptsRepo(db),
    ...paymentClosingRepo(db),
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
        .bind(
          `paypal:${p.reference}`,
          p.methodId,
          p.amount,
          p.amount,
          p.reference,
          p.chargeId,
          p.actionUrl,
          p.expiresAt,
        )
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
                  NOT EXISTS (SELECT 1 FROM orders WHERE payment_id = p.id AND status != 'pending') AS allPending
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
          /** 1 while every order of the payment is still pending (a capture is allowed). */
          allPending: number;
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
export type PaymentsRepo = ReturnType<typeof paymentsRepo>;
