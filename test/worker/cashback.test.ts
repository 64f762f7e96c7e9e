import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { cashbackRepo } from '../../src/commerce/cashback/repo';
import { cashbackAccrualCents } from '../../src/commerce/cashback/rules';
import { PROMOTION_MESSAGES as M } from '../../src/lib/messages/promotions';
import { newCartWith, cartOf, cartRow, errorOf, getCart, giveCashback, post, skus } from './cart-helpers';
import { orderRowStatements, ordersOfKey } from './checkout-helpers';
import { createCustomerSession, makeApp, seed } from './app-harness';

const app = makeApp({ CART_MAX_ITEM_AMOUNT: '999' });
const applyCashback = (cartId: string, cashback: unknown, cookie?: string) =>
  post(app, '/api/cashback', { cashback, shoppingCart: cartId }, cookie);

describe('cashback (POST /api/cashback, /remove, /toEvaluate)', () => {
  beforeAll(() => seed());

  it('asks a visitor to log in (403 LOGIN_REQUIRED), leaving the cart unchanged', async () => {
    const filled = await newCartWith(app, await skus(1));
    const before = await cartRow(filled.hash);
    expect(await errorOf(await applyCashback(filled.hash, 500), 403)).toEqual({
      code: 'LOGIN_REQUIRED',
      error: M.cashbackLogin,
    });
    expect(await errorOf(await post(app, '/api/cashback/toEvaluate', { cartId: filled.hash }), 403)).toMatchObject({
      code: 'LOGIN_REQUIRED',
    });
    expect(await cartRow(filled.hash)).toEqual(before);
  });

  it('applies part of the balance: the cart shows it, binds to the customer and the total drops', async () => {
    const { cookie, customerId } = await createCustomerSession();
    await giveCashback(customerId, 5000);
    const filled = await newCartWith(app, await skus(1, { minPrice: 10_000 }), 1, cookie);
    expect(filled.cashback_balance).toBe(5000);
    expect(filled.cashback_value).toBe(0);
    const cart = await cartOf(await applyCashback(filled.hash, 2000, cookie));
    expect(cart).toMatchObject({
      cashback_value: 2000,
      cashback_balance: 5000,
      total: filled.subtotal - 2000,
      cashback_evaluate: false,
    });
    expect(await cartRow(filled.hash)).toMatchObject({ customer_id: customerId, cashback_cents: 2000 });
    // The cart is the customer's now: a visitor holding its id no longer sees it.
    await errorOf(await getCart(app, filled.hash), 404);
  });

  it('refuses more than the balance or more than the goods after discounts', async () => {
    const { cookie, customerId } = await createCustomerSession();
    await giveCashback(customerId, 1_000_000);
    const filled = await newCartWith(app, await skus(1), 1, cookie);
    await cartOf(await post(app, '/api/coupon/discount', { coupon: 'BEMVINDO10', shoppingCart: filled.hash }, cookie));
    const withCoupon = await cartOf(await getCart(app, filled.hash, cookie));
    const limit = withCoupon.subtotal - withCoupon.discount;
    const over = await errorOf(await applyCashback(filled.hash, limit + 1, cookie), 422);
    expect(over).toEqual({
      code: 'UNPROCESSABLE',
      title: 'Cashback inválido!',
      error: 'Cashback já utilizado ou inválido para esse pedido. Não é possível aplicá-lo!',
    });
    expect((await cartOf(await applyCashback(filled.hash, limit, cookie))).total).toBe(0);

    const poor = await createCustomerSession();
    await giveCashback(poor.customerId, 300);
    const other = await newCartWith(app, await skus(1), 1, poor.cookie);
    expect((await errorOf(await applyCashback(other.hash, 301, poor.cookie), 422)).error).toBe(M.cashbackInvalid);
    expect((await cartRow(other.hash))?.cashback_cents).toBe(0);
  });

  it('counts only entries already available and not expired', async () => {
    const { cookie, customerId } = await createCustomerSession();
    await giveCashback(customerId, 1000);
    await giveCashback(customerId, 7000, { availableAt: '2999-01-01T00:00:00.000Z' });
    await giveCashback(customerId, 9000, { expiresAt: '2001-01-01T00:00:00.000Z' });
    const filled = await newCartWith(app, await skus(1), 1, cookie);
    expect(filled.cashback_balance).toBe(1000);
    await errorOf(await applyCashback(filled.hash, 1001, cookie), 422);
  });

  it.each([
    ['zero', 0],
    ['negative', -500],
    ['fractional', 10.5],
    ['text', '1000'],
    ['huge', 1e12],
    ['missing', undefined],
  ])('answers 400 in Portuguese for a %s amount', async (_name, amount) => {
    const { cookie, customerId } = await createCustomerSession();
    await giveCashback(customerId, 1000);
    const filled = await newCartWith(app, await skus(1), 1, cookie);
    const before = await cartRow(filled.hash);
    expect(await errorOf(await applyCashback(filled.hash, amount, cookie), 400)).toMatchObject({
      code: 'VALIDATION',
      error: M.cashbackInvalid,
    });
    expect(await cartRow(filled.hash)).toEqual(before);
  });

  it("answers 404 for another customer's cart and for an unknown cart", async () => {
    const owner = await createCustomerSession();
    const intruder = await createCustomerSession();
    await giveCashback(intruder.customerId, 1000);
    const filled = await newCartWith(app, await skus(1), 1, owner.cookie);
    await cartOf(await post(app, '/api/cart/user', { shoppingCart: filled.hash }, owner.cookie));
    await errorOf(await applyCashback(filled.hash, 100, intruder.cookie), 404);
    await errorOf(await applyCashback('naoexiste0000000000000', 100, intruder.cookie), 404);
    expect((await cartRow(filled.hash))?.cashback_cents).toBe(0);
  });

  it('remove sets it back to zero; an unknown cart gets the removal-failure message', async () => {
    const { cookie, customerId } = await createCustomerSession();
    await giveCashback(customerId, 1000);
    const filled = await newCartWith(app, await skus(1), 1, cookie);
    await cartOf(await applyCashback(filled.hash, 800, cookie));
    const cart = await cartOf(await post(app, '/api/cashback/remove', { hash: filled.hash }, cookie));
    expect(cart).toMatchObject({ cashback_value: 0, total: filled.subtotal });
    expect(
      await errorOf(await post(app, '/api/cashback/remove', { hash: 'naoexiste0000000000000' }, cookie), 404),
    ).toMatchObject({
      error: 'Tivemos um problema ao remover o cashback, tente novamente.',
    });
    await errorOf(await post(app, '/api/cashback/remove', { hash: 12 }, cookie), 400);
    await errorOf(await post(app, '/api/cashback/remove', '[', cookie), 400);
  });

  it('toEvaluate applies the most the cart can take and flags cashback_evaluate', async () => {
    const { cookie, customerId } = await createCustomerSession();
    await giveCashback(customerId, 1_000_000);
    const filled = await newCartWith(app, await skus(1), 1, cookie);
    const cart = await cartOf(await post(app, '/api/cashback/toEvaluate', { cartId: filled.hash }, cookie));
    expect(cart).toMatchObject({ cashback_value: filled.subtotal, cashback_evaluate: true, total: 0 });
    const small = await createCustomerSession();
    await giveCashback(small.customerId, 250);
    const other = await newCartWith(app, await skus(1), 1, small.cookie);
    expect(
      await cartOf(await post(app, '/api/cashback/toEvaluate', { cartId: other.hash }, small.cookie)),
    ).toMatchObject({ cashback_value: 250 });
    await errorOf(await post(app, '/api/cashback/toEvaluate', { cartId: null }, small.cookie), 400);
  });

  it('reprocess takes the most again for a cart in "use my balance" mode', async () => {
    const { cookie, customerId } = await createCustomerSession();
    await giveCashback(customerId, 1_000_000);
    const [a] = await skus(1);
    const filled = await newCartWith(app, [a!], 1, cookie);
    await cartOf(await post(app, '/api/cashback/toEvaluate', { cartId: filled.hash }, cookie));
    await cartOf(await post(app, '/api/cart', { productItemId: a!.id, amount: 1, cartId: filled.hash }, cookie));
    expect((await cartOf(await getCart(app, filled.hash, cookie))).cashback_value).toBe(filled.subtotal);
    const again = await cartOf(await getCart(app, filled.hash, cookie, '&reprocess=true'));
    expect(again).toMatchObject({ cashback_value: 2 * filled.subtotal, total: 0, cashback_evaluate: true });
  });

  it('never lets concurrent applies on two carts hold more than the balance', async () => {
    const { cookie, customerId } = await createCustomerSession();
    await giveCashback(customerId, 1000);
    const items = await skus(1, { minPrice: 2000 });
    const [a, b] = [await newCartWith(app, items, 1, cookie), await newCartWith(app, items, 1, cookie)];
    await Promise.all(Array.from({ length: 20 }, (_, i) => applyCashback(i % 2 ? a.hash : b.hash, 1000, cookie)));
    const held = await env.DB.prepare(
      "SELECT sum(cashback_cents) AS n FROM carts WHERE customer_id = ? AND status = 'open'",
    )
      .bind(customerId)
      .first<number>('n');
    expect(held).toBe(1000);
    // Applying again on the cart that holds it replaces (never adds to) its amount; on the other cart it moves there.
    const holder = (await cartRow(a.hash))?.cashback_cents === 1000 ? a : b;
    expect((await cartOf(await applyCashback(holder.hash, 600, cookie))).cashback_value).toBe(600);
    expect((await cartOf(await applyCashback(holder === a ? b.hash : a.hash, 400, cookie))).cashback_value).toBe(400);
    expect((await cartRow(holder.hash))?.cashback_cents).toBe(0);
  });
});

describe("cashback ledger (the cashback repo's statements in the order's batch)", () => {
  beforeAll(() => seed());
  const ledger = cashbackRepo(env.DB);
  const key = (name: string) => `checkout-${name}-0000000000`;

  it('accrues 10% of the paid goods once per order, available after the exchange window', async () => {
    const { customerId } = await createCustomerSession();
    expect(cashbackAccrualCents(19_999)).toBe(1999);
    // A paid order earns its accrual (its rows, then the accrual statement, as finish-order and markPaid do).
    const paid = (name: string, goods: number) =>
      orderRowStatements(key(name), {
        customerId,
        subtotal: goods,
        status: 'paid',
        cashbackEarned: cashbackAccrualCents(goods),
      });
    const accrue = async (name: string) =>
      (await ledger.accrualStatement('o.idempotency_key = ?', [key(name)], new Date().toISOString()).run()).meta
        .changes > 0;
    await env.DB.batch([...paid('pedido-10', 19_999), ...paid('pedido-11', 5)]);
    expect(await accrue('pedido-10')).toBe(true);
    expect(await accrue('pedido-10')).toBe(false);
    expect(await accrue('pedido-11')).toBe(false);
    expect(await ledger.balance(customerId, new Date().toISOString())).toBe(0);
    expect(await ledger.balance(customerId, new Date(Date.now() + 31 * 86_400_000).toISOString())).toBe(1999);
  });

  it('a debit larger than the balance aborts the whole batch', async () => {
    const { customerId } = await createCustomerSession();
    await giveCashback(customerId, 1000);
    const now = new Date().toISOString();
    const order = (name: string, amount: number) => [
      ...orderRowStatements(key(name), { customerId }),
      ledger.debitStatement({ customerId, amount, key: key(name), now }),
    ];
    await expect(env.DB.batch(order('p-1', 1001))).rejects.toThrow(/NOT NULL/);
    expect(await ordersOfKey(key('p-1'))).toBe(0);
    await env.DB.batch(order('p-2', 600));
    expect(await ledger.balance(customerId, new Date().toISOString())).toBe(400);
  });

  it('two checkouts racing on one balance: the one whose clock read an earlier "now" still sees the other\'s debit', async () => {
    const { customerId } = await createCustomerSession();
    await giveCashback(customerId, 1000);
    const earlier = new Date(Date.now() - 60_000).toISOString();
    const later = new Date().toISOString();
    // The later checkout's batch lands first; the earlier one (its "now" read before) must not spend the same balance.
    await env.DB.batch([
      ...orderRowStatements(key('race-later'), { customerId }),
      ledger.debitStatement({ customerId, amount: 600, key: key('race-later'), now: later }),
    ]);
    await expect(
      env.DB.batch([
        ...orderRowStatements(key('race-earlier'), { customerId }),
        ledger.debitStatement({ customerId, amount: 600, key: key('race-earlier'), now: earlier }),
      ]),
    ).rejects.toThrow(/NOT NULL/);
    expect(await ordersOfKey(key('race-earlier'))).toBe(0);
    expect(await ledger.balance(customerId, new Date().toISOString())).toBe(400);
  });
});
