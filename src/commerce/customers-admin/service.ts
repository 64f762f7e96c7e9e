import {
  CUSTOMERS_ADMIN_MESSAGES as M,
  type AdminCustomer,
  type CashbackAdjust,
  type CustomerErase,
} from '../../contracts/customers-admin';
import { formatBRL } from '../../lib/format/money';
import { DomainError, found } from '../domain-error';
import type { StaffGate } from '../staff/service';
import type { CustomersAdminRepo } from './repo';

type Writer = Awaited<ReturnType<StaffGate['write']>>;

export const customerOrThrow = (repo: CustomersAdminRepo, id: number, now: Date): Promise<AdminCustomer> =>
  found(repo.customer(id, now.toISOString()), M.notFound);

/**
 * A cashback adjustment: the guarded entry and, right after it, the audit row written only when the entry was. When
 * nothing was written, the balance says why: it moved since the page was read (409), or it would go below zero (422).
 */
export async function adjustCashback(
  repo: CustomersAdminRepo,
  gate: Writer,
  input: CashbackAdjust,
  now: Date,
): Promise<AdminCustomer> {
  const before = await customerOrThrow(repo, input.customerId, now);
  if (before.erasedAt) throw new DomainError('CONFLICT', M.erased);
  const stamp = now.toISOString();
  const after = input.balance + input.amount;
  const [entry] = await repo.batch([
    repo.adjustStatement({ ...input, now: stamp }),
    gate.rowIfChanged({
      action: 'customer.cashback',
      entity: 'customer',
      entityId: String(input.customerId),
      before: { balance: input.balance },
      after: { balance: after, amount: input.amount, reason: input.reason },
    }),
  ]);
  if ((entry?.meta.changes ?? 0) === 0) {
    const balance = await repo.balance(input.customerId, stamp);
    if (balance !== input.balance) throw new DomainError('CONFLICT', M.staleBalance(formatBRL(balance)));
    throw new DomainError('UNPROCESSABLE', M.negative(formatBRL(balance)));
  }
  return customerOrThrow(repo, input.customerId, now);
}

/** The LGPD export: every stored record of the customer, read in the batch that writes its audit row. */
export async function exportCustomer(
  repo: CustomersAdminRepo,
  gate: Writer,
  id: number,
  now: Date,
): Promise<Record<string, unknown>> {
  await customerOrThrow(repo, id, now);
  const audit = gate.row({
    action: 'customer.export',
    entity: 'customer',
    entityId: String(id),
    before: null,
    after: { format: 'json' },
  });
  return { exportedAt: now.toISOString(), ...(await repo.exportWith(id, audit)) };
}

/**
 * The LGPD erase (ADR 0031): refused for a staff member and while an order or exchange is still going; else ONE batch
 * whose first statement anonymises the account only if it is not erased yet, the audit row right after it (no personal
 * data in it: the log is append-only), then sessions, addresses, favourites, leads, mail and the orders' personal data.
 */
export async function eraseCustomer(
  repo: CustomersAdminRepo,
  gate: Writer,
  input: CustomerErase,
  now: Date,
): Promise<AdminCustomer> {
  const before = await customerOrThrow(repo, input.customerId, now);
  if (before.erasedAt) throw new DomainError('CONFLICT', M.erased);
  const blockers = await repo.eraseBlockers(before.id);
  if (blockers.staff) throw new DomainError('CONFLICT', M.staff);
  if (blockers.inProgress) throw new DomainError('CONFLICT', M.inProgress);
  const audit = gate.rowIfChanged({
    action: 'customer.erase',
    entity: 'customer',
    entityId: String(before.id),
    before: { erased: false },
    after: { erased: true, orders: before.orders.length },
  });
  const [erased] = await repo.batch(
    repo.eraseStatements({ id: before.id, email: before.email, cpf: before.cpf, now: now.toISOString() }, audit),
  );
  if ((erased?.meta.changes ?? 0) === 0) throw new DomainError('CONFLICT', M.erased);
  return customerOrThrow(repo, before.id, now);
}
