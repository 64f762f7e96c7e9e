import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { ExchangesResponseSchema } from '../../src/contracts/exchanges';
import { ApiErrorSchema } from '../../src/contracts/errors';
import { EXCHANGE_MESSAGES } from '../../src/commerce/exchanges/eligibility';
import { insertOrder } from './exchange-fixtures';
import { createCustomerSession, makeApp, makeProxyPair, sameOriginJson, seed } from './app-harness';

const app = makeApp();
const DAY = 86_400_000;

const withCookie = (cookie: string, body: unknown): RequestInit => {
  const init = sameOriginJson('POST', body);
  return { ...init, headers: { ...(init.headers as Record<string, string>), cookie } };
};
const post = (cookie: string, body: unknown) => app.request('/api/exchanges', withCookie(cookie, body));
const list = async (cookie: string) =>
  ExchangesResponseSchema.parse(await (await app.request('/api/exchanges', { headers: { cookie } })).json());
const request = (
  orderId: number,
  items: { orderItemId: number; amount: number }[],
  extra: Record<string, unknown> = {},
) => ({
  orderId,
  kind: 'return',
  reason: 'Ficou pequeno',
  items,
  refund: 'cashback',
  ...extra,
});
async function refused(res: Response, status: number, message?: string) {
  expect(res.status).toBe(status);
  const body = ApiErrorSchema.parse(await res.json());
  if (message) expect(body.error).toBe(message);
  return body;
}
const count = async (sql: string, ...args: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...args)
    .first<{ n: number }>())!.n;

describe('/api/exchanges', () => {
  beforeAll(async () => {
    await seed();
  });

  it('requests a return of delivered lines and lists it with items, status and refund method', async () => {
    const me = await createCustomerSession();
    const { orderId, itemIds } = await insertOrder(me.customerId, { amounts: [2, 1] });
    const before = await list(me.cookie);
    expect(before.exchanges).toEqual([]);
    expect(before.eligible.map((e) => [e.orderItemId, e.available])).toEqual([
      [itemIds[0], 2],
      [itemIds[1], 1],
    ]);
    const res = await post(
      me.cookie,
      request(orderId, [{ orderItemId: itemIds[0]!, amount: 1 }], { kind: 'return', refund: 'original' }),
    );
    expect(res.status).toBe(201);
    const after = ExchangesResponseSchema.parse(await res.json());
    expect(after.exchanges).toHaveLength(1);
    expect(after.exchanges[0]).toMatchObject({
      orderId,
      kind: 'return',
      refund: 'original',
      status: 'requested',
      reason: 'Ficou pequeno',
      items: [{ orderItemId: itemIds[0], amount: 1 }],
    });
    expect(after.eligible.map((e) => e.orderItemId)).toEqual([itemIds[1]]);
    expect(await list(me.cookie)).toEqual(after);
  });

  it('refuses a line already requested (409), more than bought (422), a line of another order (422)', async () => {
    const me = await createCustomerSession();
    const { orderId, itemIds } = await insertOrder(me.customerId, { amounts: [2, 1] });
    const other = await insertOrder(me.customerId, { amounts: [1] });
    await refused(
      await post(me.cookie, request(orderId, [{ orderItemId: itemIds[0]!, amount: 3 }])),
      422,
      EXCHANGE_MESSAGES.tooMany,
    );
    await refused(
      await post(me.cookie, request(orderId, [{ orderItemId: other.itemIds[0]!, amount: 1 }])),
      422,
      EXCHANGE_MESSAGES.itemNotInOrder,
    );
    expect((await post(me.cookie, request(orderId, [{ orderItemId: itemIds[0]!, amount: 2 }]))).status).toBe(201);
    await refused(
      await post(
        me.cookie,
        request(orderId, [
          { orderItemId: itemIds[0]!, amount: 1 },
          { orderItemId: itemIds[1]!, amount: 1 },
        ]),
      ),
      409,
      EXCHANGE_MESSAGES.alreadyRequested,
    );
    // Nothing half-written: the refused request left the free line free.
    expect(await count('SELECT count(*) AS n FROM exchanges WHERE customer_id = ?', me.customerId)).toBe(1);
    expect((await list(me.cookie)).eligible.map((e) => e.orderItemId)).toEqual([other.itemIds[0], itemIds[1]]);
  });

  it('refuses orders not delivered yet and deliveries older than 30 days', async () => {
    const me = await createCustomerSession();
    const shipped = await insertOrder(me.customerId, { status: 'shipped' });
    await refused(
      await post(me.cookie, request(shipped.orderId, [{ orderItemId: shipped.itemIds[0]!, amount: 1 }])),
      422,
      EXCHANGE_MESSAGES.notDelivered,
    );
    const old = await insertOrder(me.customerId, { deliveredAt: new Date(Date.now() - 31 * DAY) });
    await refused(
      await post(me.cookie, request(old.orderId, [{ orderItemId: old.itemIds[0]!, amount: 1 }])),
      422,
      EXCHANGE_MESSAGES.windowClosed,
    );
    const recent = await insertOrder(me.customerId, { deliveredAt: new Date(Date.now() - 29 * DAY) });
    expect(
      (await post(me.cookie, request(recent.orderId, [{ orderItemId: recent.itemIds[0]!, amount: 1 }]))).status,
    ).toBe(201);
    expect((await list(me.cookie)).eligible.map((e) => e.orderId)).toEqual([recent.orderId]);
  });

  it("is owner-scoped: another customer's order is a 404 and their requests are not listed; no session is a 401", async () => {
    const owner = await createCustomerSession();
    const intruder = await createCustomerSession();
    const { orderId, itemIds } = await insertOrder(owner.customerId);
    expect((await post(owner.cookie, request(orderId, [{ orderItemId: itemIds[0]!, amount: 1 }]))).status).toBe(201);
    await refused(
      await post(intruder.cookie, request(orderId, [{ orderItemId: itemIds[1]!, amount: 1 }])),
      404,
      EXCHANGE_MESSAGES.orderNotFound,
    );
    expect(await list(intruder.cookie)).toEqual({ exchanges: [], eligible: [] });
    await refused(await post('', request(orderId, [{ orderItemId: itemIds[1]!, amount: 1 }])), 401);
    expect((await app.request('/api/exchanges')).status).toBe(401);
  });

  it.each([
    ['not JSON', 'x'],
    ['no items', request(1, [])],
    ['zero amount', request(1, [{ orderItemId: 1, amount: 0 }])],
    ['fractional amount', request(1, [{ orderItemId: 1, amount: 1.5 }])],
    [
      'same line twice',
      request(1, [
        { orderItemId: 1, amount: 1 },
        { orderItemId: 1, amount: 1 },
      ]),
    ],
    ['unknown kind', request(1, [{ orderItemId: 1, amount: 1 }], { kind: 'gift' })],
    ['unknown refund', request(1, [{ orderItemId: 1, amount: 1 }], { refund: 'pix' })],
    ['short reason', request(1, [{ orderItemId: 1, amount: 1 }], { reason: 'a' })],
    ['string order id', request(1, [{ orderItemId: 1, amount: 1 }], { orderId: '1; DROP TABLE' })],
    ['huge order id', request(1, [{ orderItemId: 1, amount: 1 }], { orderId: 2 ** 53 })],
  ])('bad input (%s) is a 400 with a pt-BR message', async (_name, body) => {
    const me = await createCustomerSession();
    const res =
      typeof body === 'string'
        ? await app.request('/api/exchanges', {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: 'http://localhost', cookie: me.cookie },
            body,
          })
        : await post(me.cookie, body);
    const error = await refused(res, 400);
    expect(error.error).toMatch(/[a-zà-ú]/i);
    expect(error.error).not.toMatch(/invalid|expected|required/i);
  });

  it('two concurrent requests for the same line: exactly one is accepted, the other is a 409', async () => {
    const me = await createCustomerSession();
    const { orderId, itemIds } = await insertOrder(me.customerId, { amounts: [2] });
    const body = request(orderId, [{ orderItemId: itemIds[0]!, amount: 2 }]);
    const results = await Promise.all([post(me.cookie, body), post(me.cookie, body), post(me.cookie, body)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await count('SELECT count(*) AS n FROM exchanges WHERE customer_id = ?', me.customerId)).toBe(1);
    expect(
      await count('SELECT coalesce(sum(amount), 0) AS n FROM exchange_items WHERE order_item_id = ?', itemIds[0]),
    ).toBe(2);
  });
});

describe('/api/exchanges through the upstream adapter', () => {
  it('requests and lists through the proxy with the same answer as the embedded backend', async () => {
    await seed();
    const { embedded, proxy } = makeProxyPair({ COMMERCE_API_USER: 'loja', COMMERCE_API_PASSWORD: 'segredo' });
    const me = await createCustomerSession();
    const { orderId, itemIds } = await insertOrder(me.customerId);
    const body = request(orderId, [{ orderItemId: itemIds[1]!, amount: 1 }]);
    const res = await proxy.request('/api/exchanges', withCookie(me.cookie, body));
    expect(res.status).toBe(201);
    const created = ExchangesResponseSchema.parse(await res.json());
    expect(created.exchanges[0]!.items).toMatchObject([{ orderItemId: itemIds[1], amount: 1 }]);
    const direct = ExchangesResponseSchema.parse(
      await (await embedded.request('/api/exchanges', { headers: { cookie: me.cookie } })).json(),
    );
    expect(direct).toEqual(created);
    const again = await proxy.request('/api/exchanges', withCookie(me.cookie, body));
    await refused(again, 409, EXCHANGE_MESSAGES.alreadyRequested);
  });
});
