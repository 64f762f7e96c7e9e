import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { CashbackStatementSchema } from '../../src/contracts/customers';
import { createCustomerSession, makeApp, seed } from './app-harness';

/** Issue 15: the cashback statement's "pending" total ignored reversals (a cancelled order's take-back). */
const app = makeApp();
const DAY = 86_400_000;

async function entry(customerId: number, amount: number, kind: string, orderId: string, availableAt: Date) {
  await env.DB.prepare(
    'INSERT INTO cashback_entries (customer_id, amount_cents, kind, order_id, available_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
  )
    .bind(
      customerId,
      amount,
      kind,
      orderId,
      availableAt.toISOString(),
      new Date(availableAt.getTime() + 180 * DAY).toISOString(),
    )
    .run();
}

const statement = async (cookie: string) =>
  CashbackStatementSchema.parse(await (await app.request('/api/cashback/statement', { headers: { cookie } })).json());

describe('pending cashback is net of reversals', () => {
  beforeAll(() => seed());

  it('subtracts the reversal of a pending accrual (cancelled order, returned item) and never goes below 0', async () => {
    const { customerId, cookie } = await createCustomerSession();
    const later = new Date(Date.now() + 20 * DAY);
    await entry(customerId, 1500, 'accrual', '101', later);
    await entry(customerId, 800, 'accrual', '102', later);
    expect((await statement(cookie)).pending).toBe(2300);
    // Order 101 cancelled: its accrual is reversed in the accrual's own window (cashback/repo.ts undoStatements).
    await entry(customerId, -1500, 'adjustment', '101', later);
    // Part of order 102 returned: 10% of the refunded goods taken back (backoffice/repo.ts exchangeStep).
    await entry(customerId, -300, 'adjustment', 'exchange:7:accrual', later);
    const after = await statement(cookie);
    expect(after.pending).toBe(500);
    expect(after.balance).toBe(0);
    await entry(customerId, -900, 'adjustment', 'exchange:8:accrual', later);
    expect((await statement(cookie)).pending).toBe(0);
  });

  it('leaves available credit and its reversals out of pending', async () => {
    const { customerId, cookie } = await createCustomerSession();
    const past = new Date(Date.now() - DAY);
    await entry(customerId, 1000, 'accrual', '201', past);
    await entry(customerId, -400, 'adjustment', '201', past);
    await entry(customerId, 700, 'accrual', '202', new Date(Date.now() + 5 * DAY));
    const s = await statement(cookie);
    expect(s.pending).toBe(700);
    expect(s.balance).toBe(600);
  });
});
