import type { CashbackStatement } from '../../contracts/customers';
import type { CashbackRepo } from './repo';

/** The customer's ledger (newest first), balance available now, credit still pending and the next expiry. */
export async function cashbackStatement(repo: CashbackRepo, customerId: number, now: Date): Promise<CashbackStatement> {
  const at = now.toISOString();
  const [balance, rows, pending, expiry] = await Promise.all([
    repo.balance(customerId, at),
    repo.entries(customerId),
    repo.pending(customerId, at),
    repo.nextExpiry(customerId, at),
  ]);
  return {
    balance,
    pending: pending ?? 0,
    // Never more than what is left to spend.
    nextExpiry: expiry ? { at: expiry.at, amount: Math.min(expiry.amount, balance) } : null,
    entries: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      amount: r.amount_cents,
      orderId: r.order_id,
      exchangeKind: r.exchange_kind,
      availableAt: r.available_at,
      expiresAt: r.expires_at,
      createdAt: r.created_at,
    })),
  };
}
