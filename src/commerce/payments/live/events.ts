import { expireDue, failPayment, markPaid } from '../../orders/lifecycle';
import { paymentsRepo } from '../repo';
import { STORED_PROVIDERS, type LiveRegistry } from './registry';
import { ProviderError, type ChargeState, type LiveProvider, type VerifiedEvent } from './types';

/**
 * Acting on what a live provider reports, exactly once per provider event: the event is claimed in
 * `payment_events` (UNIQUE provider + event id) before anything happens, so a duplicate, a replay or a
 * concurrent copy does nothing; the state changes reuse the order lifecycle (`markPaid`, `failPayment`),
 * whose own status guards make a second application a no-op anyway. States always come from a fresh read
 * at the provider (ChargeState), never from a notification body.
 */
export type Outcome =
  | 'duplicate'
  | 'unknown'
  | 'noop'
  | 'paid'
  | 'authorized'
  | 'captured'
  | 'released'
  | 'amount_mismatch'
  | 'late_refunded'
  | 'late_unrefunded';

interface PaymentRow {
  id: number;
  status: string;
  charged_cents: number;
  orders: number;
}

const NOTES: Partial<Record<ChargeState['status'], string>> = {
  cancelled: 'Pagamento cancelado no provedor de pagamento',
  failed: 'Pagamento recusado pelo provedor de pagamento',
};

function log(entry: Record<string, unknown>, level: 'log' | 'warn' = 'log'): void {
  console[level](JSON.stringify({ payments: 'live', ...entry }));
}

async function findPayment(db: D1Database, provider: LiveProvider, ref: string): Promise<PaymentRow | null> {
  const stored = STORED_PROVIDERS[provider.name];
  return db
    .prepare(
      `SELECT p.id, p.status, p.charged_cents, (SELECT count(*) FROM orders o WHERE o.payment_id = p.id) AS orders
         FROM payments p WHERE (p.provider_reference = ?1 OR p.pix_txid = ?1 OR p.provider_charge_id = ?1) AND p.provider IN (${stored.map(() => '?').join(',')})`,
    )
    .bind(ref, ...stored)
    .first<PaymentRow>();
  // The checkout keeps our reference in provider_reference and the provider's id (Pix txid, Inter's code,
  // Rede's tid, PayPal's order id) in provider_charge_id (pix_txid too for Pix); /api/paypal/create likewise.
}

/** Money that arrived for a payment we no longer honour (expired/cancelled): given back, idempotently. */
async function refundLate(db: D1Database, provider: LiveProvider, payment: PaymentRow, state: ChargeState, now: Date) {
  if (state.receipts.length === 0) return false;
  try {
    for (const [i, receipt] of state.receipts.entries()) {
      const result = await provider.refund({
        receiptId: receipt.id,
        refundId: `late${payment.id}n${i}`,
        amountCents: receipt.amountCents,
      });
      if (result.status === 'failed') return false;
      await db
        .prepare(
          `INSERT OR IGNORE INTO payment_refunds (payment_id, order_id, amount_cents, created_at, provider_refund_id)
           SELECT ?1, min(o.id), ?2, ?3, ?4 FROM orders o WHERE o.payment_id = ?1 HAVING min(o.id) IS NOT NULL AND ?2 > 0`,
        )
        .bind(payment.id, receipt.amountCents, now.toISOString(), result.providerRefundId)
        .run();
    }
    return true;
  } catch (error) {
    if (error instanceof ProviderError) return false;
    throw error;
  }
}

async function act(
  db: D1Database,
  provider: LiveProvider,
  payment: PaymentRow,
  state: ChargeState,
  now: Date,
): Promise<Outcome> {
  switch (state.status) {
    case 'paid': {
      if (state.amountCents === null || state.amountCents < payment.charged_cents) return 'amount_mismatch';
      if (await markPaid(db, payment.id, now)) return 'paid';
      const current = await db
        .prepare('SELECT status FROM payments WHERE id = ?')
        .bind(payment.id)
        .first<{ status: string }>();
      if (current && ['expired', 'cancelled', 'failed'].includes(current.status))
        return (await refundLate(db, provider, payment, state, now)) ? 'late_refunded' : 'late_unrefunded';
      return 'noop';
    }
    case 'authorized': {
      if (payment.status !== 'pending' || provider.name !== 'paypal') return 'noop';
      // Approved at PayPal. Money is taken only for a payment that already has its orders.
      if (payment.orders === 0) {
        await paymentsRepo(db).authorize(payment.id, now);
        return 'authorized';
      }
      const captured = await provider.capture(state.providerRef, payment.charged_cents);
      if (captured.status !== 'paid') return 'noop';
      return (await act(db, provider, payment, captured, now)) === 'paid' ? 'captured' : 'noop';
    }
    case 'expired':
      return payment.orders === 0 ? 'noop' : expireNow(db, payment, now);
    case 'cancelled':
    case 'failed':
      if (payment.orders === 0) return 'noop';
      return (await failPayment(db, payment.id, now, NOTES[state.status]!)) ? 'released' : 'noop';
    default:
      return 'noop';
  }
}

/**
 * The provider says the charge expired: the orders take the existing expiry path (status `expired`, stock,
 * coupon use and cashback back in its one guarded batch), their deadline brought forward to now if needed.
 */
async function expireNow(db: D1Database, payment: PaymentRow, now: Date): Promise<Outcome> {
  const at = now.toISOString();
  const sooner = "status = 'pending' AND (expires_at IS NULL OR expires_at > ?2)";
  await db.batch([
    db.prepare(`UPDATE orders SET expires_at = ?2 WHERE payment_id = ?1 AND ${sooner}`).bind(payment.id, at),
    db.prepare(`UPDATE payments SET expires_at = ?2 WHERE id = ?1 AND ${sooner}`).bind(payment.id, at),
  ]);
  await expireDue(db, now);
  const after = await db
    .prepare('SELECT status FROM payments WHERE id = ?')
    .bind(payment.id)
    .first<{ status: string }>();
  return payment.status === 'pending' && after?.status === 'expired' ? 'released' : 'noop';
}

/** Applies one verified event; returns what it did ('duplicate' when the event id was already seen). */
export async function applyEvent(
  db: D1Database,
  provider: LiveProvider,
  event: VerifiedEvent,
  source: 'webhook' | 'reconcile',
  now: Date,
): Promise<Outcome> {
  const payment = await findPayment(db, provider, event.state.providerRef);
  const claim = await db
    .prepare(
      `INSERT INTO payment_events (provider, event_id, source, payment_id, provider_reference, provider_status, outcome, received_at)
       VALUES (?, ?, ?, ?, ?, ?, 'processing', ?) ON CONFLICT (provider, event_id) DO NOTHING`,
    )
    .bind(
      provider.name,
      event.eventId,
      source,
      payment?.id ?? null,
      event.state.providerRef,
      event.state.status,
      now.toISOString(),
    )
    .run();
  if ((claim.meta.changes ?? 0) === 0) return 'duplicate';
  let outcome: Outcome;
  try {
    outcome = payment ? await act(db, provider, payment, event.state, now) : 'unknown';
  } catch (error) {
    // Nothing was decided: free the claim so the provider's retry (or the cron) can do it.
    await db
      .prepare('DELETE FROM payment_events WHERE provider = ? AND event_id = ?')
      .bind(provider.name, event.eventId)
      .run();
    throw error;
  }
  await db
    .prepare('UPDATE payment_events SET outcome = ? WHERE provider = ? AND event_id = ?')
    .bind(outcome, provider.name, event.eventId)
    .run();
  const level =
    outcome === 'amount_mismatch' || outcome === 'late_unrefunded' || outcome === 'unknown' ? 'warn' : 'log';
  log(
    {
      provider: provider.name,
      source,
      event: event.eventId,
      reference: event.state.providerRef,
      status: event.state.status,
      outcome,
    },
    level,
  );
  return outcome;
}

const json = (status: number, body: Record<string, unknown>) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

/**
 * POST /api/webhooks/<provider>: authenticity first (signature check or re-reading the charge at the
 * provider), then each event once. Forged or malformed notifications are refused with a 4xx and logged;
 * a provider we cannot reach answers 503 so the provider retries later.
 */
export async function handleWebhook(
  db: D1Database,
  provider: LiveProvider,
  request: Request,
  now: Date,
): Promise<Response> {
  try {
    const verdict = await provider.verifyWebhook(request);
    if (!verdict.ok) {
      log({ provider: provider.name, webhook: 'refused', status: verdict.status, reason: verdict.reason }, 'warn');
      return json(verdict.status, { code: 'WEBHOOK_REFUSED', error: `Notificação recusada: ${verdict.reason}.` });
    }
    const outcomes: Outcome[] = [];
    for (const event of verdict.events) outcomes.push(await applyEvent(db, provider, event, 'webhook', now));
    return json(200, { received: outcomes.length, outcomes });
  } catch (error) {
    // The provider could not be asked (verification, re-read or capture): it will retry the notification.
    if (!(error instanceof ProviderError)) throw error;
    log({ provider: provider.name, webhook: 'unavailable', error: error.message }, 'warn');
    return json(503, {
      code: 'PROVIDER_UNAVAILABLE',
      error: 'Não foi possível confirmar a notificação agora. Tente novamente.',
    });
  }
}

/**
 * Cron: asks each configured provider about payments still pending with it (oldest first, bounded), and
 * applies what changed. A notification that never arrived, or arrived while we were down, ends here.
 * Payments that expired in the last 15 minutes are asked too: a read can expire an order lazily just
 * before its (lost) payment notification, and that money must go back (`late_refunded`).
 */
export async function reconcilePending(
  db: D1Database,
  registry: LiveRegistry,
  now: Date,
  limit = 50,
): Promise<Record<string, number>> {
  const tally: Record<string, number> = {};
  for (const provider of Object.values(registry)) {
    if (!provider) continue;
    const stored = STORED_PROVIDERS[provider.name];
    const { results } = await db
      .prepare(
        `SELECT coalesce(pix_txid, provider_charge_id, provider_reference) AS ref FROM payments
          WHERE (status = 'pending' OR (status = 'expired' AND updated_at >= ?))
            AND provider_reference IS NOT NULL AND provider IN (${stored.map(() => '?').join(',')})
          ORDER BY id LIMIT ?`,
      )
      .bind(new Date(now.getTime() - 15 * 60_000).toISOString(), ...stored, limit)
      .all<{ ref: string }>();
    for (const { ref } of results) {
      try {
        const state = await provider.getCharge(ref);
        if (state.status === 'pending') continue;
        const outcome = await applyEvent(
          db,
          provider,
          { eventId: `reconcile:${ref}:${state.status}`, state },
          'reconcile',
          now,
        );
        tally[outcome] = (tally[outcome] ?? 0) + 1;
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        tally.unreachable = (tally.unreachable ?? 0) + 1;
        log({ provider: provider.name, reconcile: ref, error: error.message }, 'warn');
      }
    }
  }
  return tally;
}
