// Over 300 lines: every SQL statement of the payments domain (payments, events, refunds, sandbox ledger) sits here by rule (repos own all SQL).
import type { SandboxPaymentView as SandboxPayment } from '../../contracts/payments-sandbox';
import type { GiveBack } from '../d1';
import { CASHBACK_ACCRUAL_SQL } from '../cashback/repo';

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

/** An authorized payment whose capture failed at checkout, with where its orders stand. */
export interface AuthorizedRow {
  id: number;
  provider: string;
  reference: string;
  chargeId: string | null;
  methodId: number;
  amount: number;
  /** 1 while every order of the payment is still pending. */
  allPending: number;
  /** 1 once none of its orders goes ahead (all cancelled or expired). */
  noneLeft: number;
}

/** A refund recorded in D1 that its provider has not made yet (payments/refunds.ts). */
/** A refund owed by transfer (a paid boleto's) and the account its shopper gave for it, if any. */
export interface OwedRefundRow {
  id: number;
  amount: number;
  bank: string | null;
  agency: string | null;
  account: string | null;
  holderCpf: string | null;
  paidOutAt: string | null;
}

export interface UnsentRefund {
  id: number;
  /** Our idempotency id at the provider (NULL: the default `VTRRF<id>`). */
  refundKey: string | null;
  amount: number;
  provider: string;
  methodId: number;
  reference: string;
  chargeId: string;
}

/** The orders (alias o) of a payment ?1 that failed at ?2, still pending. */
const FAILED =
  "o.payment_id = ?1 AND o.status = 'pending' AND EXISTS (SELECT 1 FROM payments WHERE id = ?1 AND status = 'failed' AND updated_at = ?2)";
/** Unpaid orders (alias o) past their deadline ?1. */
const DUE = "o.status = 'pending' AND o.expires_at IS NOT NULL AND o.expires_at <= ?1";

export function paymentsRepo(db: D1Database) {
  /** A paid payment becomes `refunded` once the refunds its provider says are done cover it (refund row ?1). */
  const refundedWhenCovered = (refundId: number) =>
    db
      .prepare(
        `UPDATE payments SET status = 'refunded', updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
          WHERE id = (SELECT payment_id FROM payment_refunds WHERE id = ?1) AND status = 'paid'
            AND (SELECT coalesce(sum(amount_cents), 0) FROM payment_refunds WHERE payment_id = payments.id AND status = 'done') >= amount_cents`,
      )
      .bind(refundId);
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
    /**
     * The payment lifecycle, each step ONE batch whose statements share the same WHERE, so the status
     * change, its timeline event and what the orders give back happen together or not at all, and a
     * second concurrent attempt changes nothing. Expiry: every unpaid order (and unclaimed PayPal
     * payment) past its deadline; the last statement's changes count the expired orders.
     */
    expireStatements(at: string, giveBack: GiveBack): D1PreparedStatement[] {
      return [
        ...giveBack(DUE, [at]),
        db
          .prepare(
            `INSERT INTO order_events (order_id, status, note, created_at) SELECT o.id, 'expired', 'Pagamento não identificado no prazo', ?1 FROM orders o WHERE ${DUE}`,
          )
          .bind(at),
        db
          .prepare(
            `UPDATE payments SET status = 'expired', updated_at = ?1 WHERE status = 'pending' AND id IN (SELECT o.payment_id FROM orders o WHERE ${DUE})`,
          )
          .bind(at),
        db
          .prepare(
            "UPDATE payments SET status = 'expired', updated_at = ?1 WHERE status = 'pending' AND expires_at <= ?1 AND idempotency_key LIKE 'paypal:%'",
          )
          .bind(at),
        db.prepare(`UPDATE orders AS o SET status = 'expired', updated_at = ?1 WHERE ${DUE}`).bind(at),
      ];
    },
    /**
     * A pending payment confirmed, or an authorized one captured: its orders become paid and earn
     * cashback (`accrual`, from the cashback repo). The first statement's changes say whether it was
     * still payable.
     */
    paidStatements(
      paymentId: number,
      at: string,
      accrual: (where: string, params: unknown[], at: string) => D1PreparedStatement,
    ): D1PreparedStatement[] {
      return [
        db
          .prepare(
            // An authorized payment was captured (whatever its step deadline: the money is taken).
            // Never for a payment whose orders all went away (cancelled/expired): that money goes back (payments/cancel.ts).
            `UPDATE payments SET status = 'paid', paid_at = ?2, updated_at = ?2 WHERE id = ?1 AND (status = 'authorized' OR (status = 'pending' AND (expires_at IS NULL OR expires_at > ?2)))
               AND (EXISTS (SELECT 1 FROM orders WHERE payment_id = ?1 AND status = 'pending') OR NOT EXISTS (SELECT 1 FROM orders WHERE payment_id = ?1))`,
          )
          .bind(paymentId, at),
        db
          .prepare(
            `UPDATE orders SET status = 'paid', paid_at = ?2, updated_at = ?2, expires_at = NULL, cashback_earned_cents = ${CASHBACK_ACCRUAL_SQL}
              WHERE payment_id = ?1 AND status = 'pending' AND EXISTS (SELECT 1 FROM payments WHERE id = ?1 AND status = 'paid' AND paid_at = ?2)`,
          )
          .bind(paymentId, at),
        db
          .prepare(
            "INSERT INTO order_events (order_id, status, note, created_at) SELECT id, 'paid', 'Pagamento confirmado', ?2 FROM orders WHERE payment_id = ?1 AND status = 'paid' AND paid_at = ?2",
          )
          .bind(paymentId, at),
        // A purchase of several orders (one per package) paid after some were cancelled: their share of the money goes
        // back (recorded here, sent to the provider by refunds.ts — the cron). Once per order (unique index).
        db
          .prepare(
            `INSERT OR IGNORE INTO payment_refunds (payment_id, order_id, amount_cents, created_at)
             SELECT ?1, o.id, o.total_cents, ?2 FROM orders o
              WHERE o.payment_id = ?1 AND o.status IN ('cancelled', 'expired') AND o.paid_at IS NULL AND o.total_cents > 0
                AND EXISTS (SELECT 1 FROM payments WHERE id = ?1 AND status = 'paid' AND paid_at = ?2)`,
          )
          .bind(paymentId, at),
        accrual("o.payment_id = ? AND o.status = 'paid' AND o.paid_at = ?", [paymentId, at], at),
      ];
    },
    /** A pending payment failed or was refused at its step: its orders are cancelled and give back. */
    failStatements(paymentId: number, at: string, note: string, giveBack: GiveBack): D1PreparedStatement[] {
      return [
        db
          .prepare("UPDATE payments SET status = 'failed', updated_at = ?2 WHERE id = ?1 AND status = 'pending'")
          .bind(paymentId, at),
        ...giveBack(FAILED, [paymentId, at]),
        db
          .prepare(
            `INSERT INTO order_events (order_id, status, note, created_at) SELECT o.id, 'cancelled', ?3, ?2 FROM orders o WHERE ${FAILED}`,
          )
          .bind(paymentId, at, note),
        db
          .prepare(`UPDATE orders AS o SET status = 'cancelled', cancelled_at = ?2, updated_at = ?2 WHERE ${FAILED}`)
          .bind(paymentId, at),
      ];
    },
    /**
     * A paid order that is cancelled gives its money back: a refund of its total (capped at what its payment
     * still holds) is recorded against the payment, which turns `refunded` once fully given back. `where`
     * selects the order (alias o) BEFORE its status changes; one refund per order (migration 0010 index).
     */
    cancelRefundStatements(where: string, params: unknown[], at: string): D1PreparedStatement[] {
      const stamp = `?${params.length + 1}`;
      const left = `(p.amount_cents - coalesce((SELECT sum(r.amount_cents) FROM payment_refunds r WHERE r.payment_id = p.id), 0))`;
      return [
        db
          .prepare(
            `INSERT INTO payment_refunds (payment_id, order_id, amount_cents, created_at)
             SELECT p.id, o.id, min(o.total_cents, ${left}), ${stamp} FROM orders o JOIN payments p ON p.id = o.payment_id
              WHERE ${where} AND o.status IN ('paid', 'invoiced') AND p.status = 'paid' AND min(o.total_cents, ${left}) > 0`,
          )
          .bind(...params, at),
        // Recorded-only (sandbox) refunds are done here; a live charge's when its provider says so (refundSent).
        db
          .prepare(
            `UPDATE payments SET status = 'refunded', updated_at = ${stamp}
              WHERE status = 'paid' AND provider_charge_id IS NULL AND id IN (SELECT o.payment_id FROM orders o WHERE ${where})
                AND (SELECT sum(amount_cents) FROM payment_refunds WHERE payment_id = payments.id) >= amount_cents`,
          )
          .bind(...params, at),
      ];
    },
    /** Authorized payments with orders (their capture failed at checkout), 50 at a time. */
    async authorizedWithOrders(paymentId?: number): Promise<AuthorizedRow[]> {
      const { results } = await db
        .prepare(
          `SELECT p.id, p.provider, p.provider_reference AS reference, p.provider_charge_id AS chargeId, p.method_id AS methodId,
                  p.charged_cents AS amount,
                  NOT EXISTS (SELECT 1 FROM orders o WHERE o.payment_id = p.id AND o.status != 'pending') AS allPending,
                  NOT EXISTS (SELECT 1 FROM orders o WHERE o.payment_id = p.id AND o.status NOT IN ('cancelled', 'expired')) AS noneLeft
             FROM payments p WHERE p.status = 'authorized' AND EXISTS (SELECT 1 FROM orders o WHERE o.payment_id = p.id)
              AND (?1 IS NULL OR p.id = ?1)
            ORDER BY p.id LIMIT 50`,
        )
        .bind(paymentId ?? null)
        .all<AuthorizedRow>();
      return results;
    },
    /**
     * Refunds recorded in D1 (`payment_refunds`) that no provider has made yet, of live charges only (they carry
     * `provider_charge_id`), oldest first, 50 at a time; `only` narrows them to one order or one exchange.
     */
    async unsentRefunds(only: { orderId?: number; exchangeId?: number } = {}): Promise<UnsentRefund[]> {
      const filters: string[] = [];
      const params: unknown[] = [];
      for (const [column, value] of [
        ['order_id', only.orderId],
        ['exchange_id', only.exchangeId],
      ] as const) {
        if (value === undefined) continue;
        filters.push(`AND r.${column} = ?`);
        params.push(value);
      }
      const { results } = await db
        .prepare(
          `SELECT r.id, r.refund_key AS refundKey, r.amount_cents AS amount, p.provider, p.method_id AS methodId,
                  p.provider_reference AS reference, p.provider_charge_id AS chargeId
             FROM payment_refunds r JOIN payments p ON p.id = r.payment_id
            WHERE r.provider_refund_id IS NULL AND r.status IS NULL AND p.provider_charge_id IS NOT NULL ${filters.join(' ')}
            ORDER BY r.id LIMIT 50`,
        )
        .bind(...params)
        .all<UnsentRefund>();
      return results;
    },
    /**
     * The provider answered refund `id`: its refund id (stored once: a retry keeps the first) and status; once the
     * payment's done refunds cover it, the payment is `refunded` — in the same batch.
     */
    async refundSent(id: number, providerRefundId: string, status: 'pending' | 'done'): Promise<void> {
      await db.batch([
        db
          .prepare(
            'UPDATE payment_refunds SET provider_refund_id = ?1, status = ?2 WHERE id = ?3 AND provider_refund_id IS NULL',
          )
          .bind(providerRefundId, status, id),
        refundedWhenCovered(id),
      ]);
    },
    /** A refund the provider cannot make (boleto: no refund API): owed to the shopper, paid out by bank transfer. */
    async refundOwed(id: number): Promise<void> {
      await db.prepare("UPDATE payment_refunds SET status = 'owed' WHERE id = ? AND status IS NULL").bind(id).run();
    },
    /** The refund owed by transfer for order `orderId` of customer `customerId` (or paid out), with the account given. */
    async owedRefund(orderId: number, customerId: number) {
      return db
        .prepare(
          `SELECT r.id, r.amount_cents AS amount, x.bank, x.agency, x.account, x.holder_cpf AS holderCpf, x.paid_out_at AS paidOutAt
             FROM payment_refunds r JOIN orders o ON o.id = r.order_id LEFT JOIN refund_payouts x ON x.refund_id = r.id
            WHERE r.order_id = ? AND o.customer_id = ? AND (r.status = 'owed' OR x.paid_out_at IS NOT NULL)
            ORDER BY r.id LIMIT 1`,
        )
        .bind(orderId, customerId)
        .first<OwedRefundRow>();
    },
    /** The shopper's account for an owed refund (again: replaced), while it is not paid out; false when it is no longer owed. */
    async giveRefundBank(
      refundId: number,
      d: { bank: string; agency: string; account: string; holderCpf: string },
      at: string,
    ): Promise<boolean> {
      const result = await db
        .prepare(
          `INSERT INTO refund_payouts (refund_id, bank, agency, account, holder_cpf, given_at)
           SELECT id, ?2, ?3, ?4, ?5, ?6 FROM payment_refunds WHERE id = ?1 AND status = 'owed'
           ON CONFLICT (refund_id) DO UPDATE SET bank = excluded.bank, agency = excluded.agency, account = excluded.account,
             holder_cpf = excluded.holder_cpf, given_at = excluded.given_at WHERE refund_payouts.paid_out_at IS NULL`,
        )
        .bind(refundId, d.bank, d.agency, d.account, d.holderCpf, at)
        .run();
      return (result.meta.changes ?? 0) > 0;
    },
    /**
     * The back office made the transfer: ONE batch — the refund `owed → done` (only with an account given), the payout
     * dated, and the payment `refunded` once its done refunds cover it. False when nothing matched (not owed, no account).
     */
    async refundPaidOut(
      refundId: number,
      orderId: number,
      at: string,
      also: D1PreparedStatement[] = [],
    ): Promise<boolean> {
      const [done] = await db.batch([
        db
          .prepare(
            `UPDATE payment_refunds SET status = 'done' WHERE id = ?1 AND order_id = ?2 AND status = 'owed'
               AND EXISTS (SELECT 1 FROM refund_payouts WHERE refund_id = ?1 AND paid_out_at IS NULL)`,
          )
          .bind(refundId, orderId),
        // Right after the guarded step: an audit row written only when it changed the refund (changes()).
        ...also,
        db
          .prepare(
            `UPDATE refund_payouts SET paid_out_at = ?2 WHERE refund_id = ?1 AND paid_out_at IS NULL
               AND (SELECT status FROM payment_refunds WHERE id = ?1) = 'done'`,
          )
          .bind(refundId, at),
        refundedWhenCovered(refundId),
      ]);
      return (done?.meta.changes ?? 0) > 0;
    },
    /** Refunds the provider is still processing (Pix EM_PROCESSAMENTO, PayPal PENDING), oldest first, 50 at a time. */
    async pendingRefunds(paymentId?: number): Promise<(UnsentRefund & { providerRefundId: string })[]> {
      const { results } = await db
        .prepare(
          `SELECT r.id, r.refund_key AS refundKey, r.amount_cents AS amount, r.provider_refund_id AS providerRefundId,
                  p.provider, p.method_id AS methodId, p.provider_reference AS reference, p.provider_charge_id AS chargeId
             FROM payment_refunds r JOIN payments p ON p.id = r.payment_id
            WHERE r.status = 'pending' AND r.provider_refund_id IS NOT NULL AND p.provider_charge_id IS NOT NULL
              AND (?1 IS NULL OR p.id = ?1)
            ORDER BY r.id LIMIT 50`,
        )
        .bind(paymentId ?? null)
        .all<UnsentRefund & { providerRefundId: string }>();
      return results;
    },
    /** The provider settled a pending refund (done or not made); a done one may complete the payment's refund. */
    async refundSettled(id: number, status: 'done' | 'failed'): Promise<boolean> {
      const results = await db.batch([
        db.prepare("UPDATE payment_refunds SET status = ?1 WHERE id = ?2 AND status = 'pending'").bind(status, id),
        refundedWhenCovered(id),
      ]);
      return (results[0]?.meta.changes ?? 0) > 0;
    },
    /** A provider call given up on (timeout, 5xx) that may have created a charge: kept until the cron settles it. */
    async recordAttempt(a: {
      reference: string;
      provider: string;
      methodId: number;
      amountCents: number;
      at: string;
      providerRef?: string | null;
    }): Promise<void> {
      await db
        .prepare(
          'INSERT OR IGNORE INTO payment_attempts (reference, provider, method_id, amount_cents, created_at, provider_ref) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .bind(a.reference, a.provider, a.methodId, a.amountCents, a.at, a.providerRef ?? null)
        .run();
    },
    /** Whether a provider call with this reference was given up on before (a retry may find what it created). */
    async attemptKept(reference: string): Promise<boolean> {
      return (await db.prepare('SELECT 1 FROM payment_attempts WHERE reference = ?').bind(reference).first()) !== null;
    },
    /**
     * Attempts not yet confirmed closed at their provider, oldest first, 50 at a time; `taken`: a retry with the same
     * reference (PayPal's keyed reference) went through and owns it now — a payment, not a lost attempt.
     */
    async openAttempts(): Promise<
      {
        reference: string;
        provider: string;
        methodId: number;
        amount: number;
        createdAt: string;
        taken: number;
        providerRef: string | null;
      }[]
    > {
      const { results } = await db
        .prepare(
          `SELECT a.reference, a.provider, a.method_id AS methodId, a.amount_cents AS amount, a.created_at AS createdAt,
                  a.provider_ref AS providerRef,
                  EXISTS (SELECT 1 FROM payments p WHERE p.provider_reference = a.reference) AS taken
             FROM payment_attempts a WHERE a.settled_at IS NULL ORDER BY a.created_at LIMIT 50`,
        )
        .all<{
          reference: string;
          provider: string;
          methodId: number;
          amount: number;
          createdAt: string;
          taken: number;
          providerRef: string | null;
        }>();
      return results;
    },
    async attemptSettled(reference: string, at: string): Promise<void> {
      await db
        .prepare('UPDATE payment_attempts SET settled_at = ? WHERE reference = ? AND settled_at IS NULL')
        .bind(at, reference)
        .run();
    },
    /** An authorization voided at the provider: the payment is cancelled. */
    async cancelAuthorized(id: number, now: Date): Promise<void> {
      await db
        .prepare(
          "UPDATE payments SET status = 'cancelled', provider_closed_at = ?1, updated_at = ?1 WHERE id = ?2 AND status = 'authorized'",
        )
        .bind(now.toISOString(), id)
        .run();
    },
    /**
     * The cancel batch's part (orders/lifecycle.ts advanceOrder): an unpaid payment none of whose orders goes ahead
     * any more is `cancelled` together with its last order, so money the provider reports for it later is refunded
     * (live/events.ts refundLate, payments/cancel.ts), never taken. `where` selects the order (alias o) BEFORE its
     * status changes, so a repeated or concurrent cancel matches nothing. An `authorized` payment stays as it is until
     * its provider confirms the void (closeCancelled / the cron's captureAuthorized).
     */
    cancelUnpaidStatements(where: string, params: unknown[], at: string): D1PreparedStatement[] {
      const stamp = `?${params.length + 1}`;
      return [
        db
          .prepare(
            `UPDATE payments SET status = 'cancelled', updated_at = ${stamp}
              WHERE status = 'pending' AND id IN (SELECT o.payment_id FROM orders o WHERE ${where} AND o.status = 'pending')
                AND NOT EXISTS (SELECT 1 FROM orders x WHERE x.payment_id = payments.id AND x.status NOT IN ('cancelled', 'expired')
                                  AND x.id NOT IN (SELECT o.id FROM orders o WHERE ${where}))`,
          )
          .bind(...params, at),
      ];
    },
    /**
     * Live payments we no longer honour whose provider has not confirmed that nothing is held (payments/cancel.ts):
     * cancelled ones, and authorized ones none of whose orders goes ahead. `only` narrows them to one order's or one
     * payment's. Oldest first, 50 at a time.
     */
    async toClose(only: { orderId?: number; paymentId?: number } = {}): Promise<ClosingRow[]> {
      const filters: string[] = [];
      const params: unknown[] = [];
      if (only.orderId !== undefined) {
        filters.push('AND p.id = (SELECT payment_id FROM orders WHERE id = ?)');
        params.push(only.orderId);
      }
      if (only.paymentId !== undefined) {
        filters.push('AND p.id = ?');
        params.push(only.paymentId);
      }
      const { results } = await db
        .prepare(
          `SELECT p.id, p.provider, p.status, p.provider_reference AS reference, p.provider_charge_id AS chargeId,
                  p.method_id AS methodId, p.charged_cents AS amount
             FROM payments p
            WHERE p.provider_charge_id IS NOT NULL AND p.provider_closed_at IS NULL
              AND (p.status = 'cancelled'
                   OR (p.status = 'authorized' AND EXISTS (SELECT 1 FROM orders o WHERE o.payment_id = p.id)
                       AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.payment_id = p.id AND o.status NOT IN ('cancelled', 'expired'))))
              ${filters.join(' ')}
            ORDER BY p.id LIMIT 50`,
        )
        .bind(...params)
        .all<ClosingRow>();
      return results;
    },
    /**
     * The provider confirmed nothing is held for payment `id` (withdrawn, voided, lapsed): it is closed, and an
     * authorized one is cancelled. With `refund`, money that had arrived was refunded first: recorded against the
     * payment's first order in the same batch. Guarded by the payment still being open, so it happens once.
     */
    async close(
      id: number,
      at: string,
      refund?: {
        amountCents: number;
        providerRefundId: string | null;
        status: 'pending' | 'done' | 'owed';
        key: string;
      },
    ): Promise<boolean> {
      const open = "provider_closed_at IS NULL AND status IN ('cancelled', 'authorized')";
      const statements = [
        ...(refund
          ? [
              db
                .prepare(
                  `INSERT OR IGNORE INTO payment_refunds (payment_id, order_id, amount_cents, created_at, provider_refund_id, status, refund_key)
                   SELECT ?1, min(o.id), ?2, ?3, ?4, ?5, ?6 FROM orders o
                    WHERE o.payment_id = ?1 AND EXISTS (SELECT 1 FROM payments WHERE id = ?1 AND ${open})
                   HAVING min(o.id) IS NOT NULL AND ?2 > 0`,
                )
                .bind(id, refund.amountCents, at, refund.providerRefundId, refund.status, refund.key),
            ]
          : []),
        db
          .prepare(
            `UPDATE payments SET status = 'cancelled', provider_closed_at = ?2, updated_at = ?2 WHERE id = ?1 AND ${open}`,
          )
          .bind(id, at),
      ];
      const results = await db.batch(statements);
      return (results.at(-1)?.meta.changes ?? 0) > 0;
    },
  };
}
export type PaymentsRepo = ReturnType<typeof paymentsRepo>;

/** A payment we no longer honour, still to be closed at its provider (payments/cancel.ts). */
export interface ClosingRow {
  id: number;
  provider: string;
  status: string;
  reference: string;
  chargeId: string;
  methodId: number;
  amount: number;
}
