import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { randomToken } from '../../src/lib/security/token';
import { hashToken } from '../../src/commerce/customers/identity';
import { cartOf, cartRow, cookiesOf, giveCashback, newCartWith, post, skus } from './cart-helpers';
import { bootstrapJson, createCustomerSession, makeApp, seed } from './app-harness';

/**
 * A signed-in shopper's cart and cashback follow the account (ADR 0023 addendum): a browser with no cart
 * of its own shows the account's open cart, and applying cashback on a cart takes it off the customer's
 * other open carts, so a cart left in another browser never keeps the balance from the one in use.
 */
const app = makeApp({ CART_MAX_ITEM_AMOUNT: '999' });
const apply = (cartId: string, cashback: number, cookie: string) =>
  post(app, '/api/cashback', { cashback, shoppingCart: cartId }, cookie);
const held = async (customerId: number) =>
  (
    await env.DB.prepare(
      "SELECT id, cashback_cents, cashback_evaluate FROM carts WHERE customer_id = ? AND status = 'open' ORDER BY id",
    )
      .bind(customerId)
      .all<{ id: string; cashback_cents: number; cashback_evaluate: number }>()
  ).results;

/** A second session of the same customer: the same account signed in on another browser. */
async function secondBrowser(customerId: number): Promise<string> {
  const token = randomToken(32);
  await env.DB.prepare('INSERT INTO sessions (token_hash, customer_id, expires_at) VALUES (?, ?, ?)')
    .bind(await hashToken(token), customerId, new Date(Date.now() + 86_400_000).toISOString())
    .run();
  return `token=${token}`;
}

describe('cashback sits on one open cart of the customer at a time', () => {
  let items: { id: number }[];
  beforeAll(async () => {
    await seed();
    items = await skus(1, { minPrice: 2000 });
  });

  it('a cart left in another browser holding the cashback gives it up to the cart the shopper applies it on', async () => {
    const { cookie, customerId } = await createCustomerSession();
    await giveCashback(customerId, 1000);
    const left = await newCartWith(app, items, 1, cookie);
    await cartOf(await apply(left.hash, 1000, cookie));
    const other = await secondBrowser(customerId);
    const current = await newCartWith(app, items, 1, other);
    expect(current.cashback_balance).toBe(1000);
    expect(await cartOf(await apply(current.hash, 1000, other))).toMatchObject({
      cashback_value: 1000,
      total: current.subtotal - 1000,
    });
    expect(await cartRow(left.hash)).toMatchObject({ cashback_cents: 0, status: 'open' });
    // "Use my balance" moves it back the same way, and the cart it left stops re-taking it on reprocess.
    expect(await cartOf(await post(app, '/api/cashback/toEvaluate', { cartId: left.hash }, cookie))).toMatchObject({
      cashback_value: 1000,
      cashback_evaluate: true,
    });
    await cartOf(await apply(current.hash, 400, other));
    // SQLite's ORDER BY compares code units, as < does (localeCompare does not).
    expect(await held(customerId)).toEqual(
      [
        { id: left.hash, cashback_cents: 0, cashback_evaluate: 0 },
        { id: current.hash, cashback_cents: 400, cashback_evaluate: 0 },
      ].sort((a, b) => (a.id < b.id ? -1 : 1)),
    );
  });

  it('a refused apply (over the balance or the goods) leaves every cart as it was', async () => {
    const { cookie, customerId } = await createCustomerSession();
    await giveCashback(customerId, 1000);
    const [a, b] = [await newCartWith(app, items, 1, cookie), await newCartWith(app, items, 1, cookie)];
    await cartOf(await apply(a.hash, 700, cookie));
    expect((await (await apply(b.hash, 1001, cookie)).json()) as unknown).toMatchObject({ code: 'UNPROCESSABLE' });
    expect((await cartRow(a.hash))?.cashback_cents).toBe(700);
    expect((await cartRow(b.hash))?.cashback_cents).toBe(0);
  });

  it('two carts applying at once: exactly one holds the cashback, never both, never neither', async () => {
    const { cookie, customerId } = await createCustomerSession();
    await giveCashback(customerId, 1000);
    const [a, b] = [await newCartWith(app, items, 1, cookie), await newCartWith(app, items, 1, cookie)];
    const calls = Array.from({ length: 20 }, (_, i) =>
      i % 4 === 3
        ? post(app, '/api/cashback/toEvaluate', { cartId: i % 2 ? a.hash : b.hash }, cookie)
        : apply(i % 2 ? a.hash : b.hash, 1000, cookie),
    );
    const statuses = (await Promise.all(calls)).map((r) => r.status);
    expect(statuses).toEqual(Array(20).fill(200));
    const rows = await held(customerId);
    expect(rows.map((r) => r.cashback_cents).sort()).toEqual([0, 1000]);
  });
});

describe("a signed-in shopper's cart follows the account to another browser", () => {
  beforeAll(() => seed());

  it("a browser with no cart shows the account's open cart and keeps it (cart cookie), with its cashback", async () => {
    const { cookie, customerId } = await createCustomerSession();
    await giveCashback(customerId, 1000);
    const first = await newCartWith(app, await skus(1), 2, cookie);
    await cartOf(await apply(first.hash, 500, cookie));
    const res = await app.request('/', { headers: { cookie: await secondBrowser(customerId) } });
    const html = await res.text();
    expect(cookiesOf(res).cart).toBe(first.hash);
    expect(
      bootstrapJson<{ cart: { count: number; cart: { hash: string; cashback_value: number } } }>(html).cart,
    ).toMatchObject({ count: 2, cart: { hash: first.hash, cashback_value: 500 } });
  });

  it("a browser whose cart was ordered, or belongs to nobody signed in, also takes the account's; a visitor gets none", async () => {
    const { cookie, customerId } = await createCustomerSession();
    const open = await newCartWith(app, await skus(1), 1, cookie);
    const closed = await newCartWith(app, await skus(1), 1, await secondBrowser(customerId));
    await env.DB.prepare("UPDATE carts SET status = 'ordered' WHERE id = ?").bind(closed.hash).run();
    const other = await secondBrowser(customerId);
    const res = await app.request('/', { headers: { cookie: `${other}; cart=${closed.hash}` } });
    await res.text();
    expect(cookiesOf(res).cart).toBe(open.hash);
    const visitor = await app.request('/', { headers: { cookie: `cart=${closed.hash}` } });
    await visitor.text();
    expect(cookiesOf(visitor).cart).toBeUndefined();
  });
});
