import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BackofficeExchangeSchema,
  BackofficeExchangesPageSchema,
  BackofficeOrderDetailSchema,
  BackofficeOrdersPageSchema,
  EXCHANGE_TARGETS,
  OperatorSchema,
} from '../../src/contracts/backoffice';
import { ApiErrorSchema } from '../../src/contracts/errors';
import { ExchangesResponseSchema } from '../../src/contracts/exchanges';
import { BACKOFFICE_MESSAGES } from '../../src/commerce/backoffice/service';
import { client, count, createOperatorSession, makeStaff, returnRequest } from './backoffice-fixtures';
import { insertOrder } from './exchange-fixtures';
import { createCustomerSession, makeApp, seed } from './app-harness';

const app = makeApp();

async function refused(res: Response, status: number, message?: string) {
  expect(res.status).toBe(status);
  const body = ApiErrorSchema.parse(await res.json());
  if (message) expect(body.error).toBe(message);
  return body;
}

/** A customer with a delivered order and a return request on its first line; the operator's client. */
async function requested(opts: { amounts?: number[]; refund?: 'cashback' | 'original'; kind?: string } = {}) {
  const customer = await createCustomerSession();
  const { orderId, itemIds } = await insertOrder(customer.customerId, { amounts: opts.amounts ?? [2, 1] });
  const shopper = client(app, customer.cookie);
  const res = await shopper.post(
    '/api/exchanges',
    returnRequest(orderId, [{ orderItemId: itemIds[0]!, amount: opts.amounts?.[0] ?? 2 }], {
      refund: opts.refund ?? 'cashback',
      kind: opts.kind ?? 'return',
    }),
  );
  expect(res.status).toBe(201);
  const id = ExchangesResponseSchema.parse(await res.json()).exchanges[0]!.id;
  return { customer, shopper, orderId, itemIds, id };
}

let operator: ReturnType<typeof client>;
const step = (id: number, to: string, note?: string) =>
  operator.post(`/api/backoffice/exchanges/${id}/status`, note ? { to, note } : { to });
const move = async (id: number, ...targets: string[]) => {
  for (const to of targets) expect((await step(id, to)).status).toBe(200);
};

beforeAll(async () => {
  await seed();
  operator = client(app, (await createOperatorSession()).cookie);
});

describe('/api/backoffice access', () => {
  const calls = (
    orderId: number,
    exchangeId: number,
  ): [string, (c: ReturnType<typeof client>) => Promise<Response>][] => [
    ['GET me', (c) => c.get('/api/backoffice/me')],
    ['GET orders', (c) => c.get('/api/backoffice/orders')],
    ['GET order', (c) => c.get(`/api/backoffice/orders/${orderId}`)],
    ['POST order status', (c) => c.post(`/api/backoffice/orders/${orderId}/status`, { to: 'cancelled' })],
    ['GET exchanges', (c) => c.get('/api/backoffice/exchanges')],
    ['POST exchange status', (c) => c.post(`/api/backoffice/exchanges/${exchangeId}/status`, { to: 'rejected' })],
  ];

  it('signed out → 401, an ordinary customer → 403 (even on their own order), the operator → 200', async () => {
    const { customer, shopper, orderId, id } = await requested();
    const anonymous = client(app, '');
    for (const [name, call] of calls(orderId, id)) {
      await refused(await call(anonymous), 401, BACKOFFICE_MESSAGES.loginRequired);
      const forbidden = await refused(await call(shopper), 403, BACKOFFICE_MESSAGES.forbidden);
      expect(forbidden.code, name).toBe('FORBIDDEN');
    }
    // The customer's own order and request did not move.
    expect(await count("SELECT count(*) AS n FROM orders WHERE id = ? AND status = 'delivered'", orderId)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM exchanges WHERE id = ? AND status = 'requested'", id)).toBe(1);
    const me = OperatorSchema.parse(await (await operator.get('/api/backoffice/me')).json());
    expect(me.name).toBe('Operadora Teste');
    for (const [name, call] of calls(orderId, id)) {
      const res = await call(operator);
      // Cancelling a delivered order is refused; everything else works for the operator.
      expect(res.status, name).toBe(name === 'POST order status' ? 409 : 200);
    }
    expect(customer.customerId).toBeGreaterThan(0);
  });

  it('an expired session is a 401; state changes must be same-origin JSON', async () => {
    const expired = await createCustomerSession({ expiresAt: new Date(Date.now() - 1000) });
    await makeStaff(expired.customerId);
    await refused(await client(app, expired.cookie).get('/api/backoffice/orders'), 401);
    const { cookie } = await createOperatorSession();
    const { orderId } = await insertOrder((await createCustomerSession()).customerId, { status: 'paid' });
    const cross = await app.request(`/api/backoffice/orders/${orderId}/status`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json', cookie },
      body: JSON.stringify({ to: 'cancelled' }),
    });
    expect(cross.status).toBe(403);
    const form = await app.request(`/api/backoffice/orders/${orderId}/status`, {
      method: 'POST',
      headers: { origin: 'http://localhost', 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: 'to=cancelled',
    });
    expect(form.status).toBe(415);
    expect(await count("SELECT count(*) AS n FROM orders WHERE id = ? AND status = 'paid'", orderId)).toBe(1);
  });
});

describe('/api/backoffice/orders', () => {
  it('lists every customer’s orders newest first, filters by status and pages by 20', async () => {
    const a = await createCustomerSession();
    const b = await createCustomerSession();
    const mine = await insertOrder(a.customerId, { status: 'invoiced' });
    const theirs = await insertOrder(b.customerId, { status: 'invoiced' });
    const page = BackofficeOrdersPageSchema.parse(
      await (await operator.get('/api/backoffice/orders?status=invoiced')).json(),
    );
    expect(page.orders.map((o) => o.id).slice(0, 2)).toEqual([theirs.orderId, mine.orderId]);
    expect(page.orders.every((o) => o.status === 'invoiced')).toBe(true);
    expect(page.orders[0]).toMatchObject({ itemsCount: 3, total: 3000, customerEmail: 'cliente@example.com.br' });
    for (let i = 0; i < 21; i += 1) await insertOrder(a.customerId, { status: 'shipped' });
    const first = BackofficeOrdersPageSchema.parse(
      await (await operator.get('/api/backoffice/orders?status=shipped')).json(),
    );
    const second = BackofficeOrdersPageSchema.parse(
      await (await operator.get('/api/backoffice/orders?status=shipped&page=2')).json(),
    );
    expect(first.orders).toHaveLength(20);
    expect(first.total).toBe(second.total);
    expect(second.orders.length).toBe(first.total - 20);
    expect(new Set([...first.orders, ...second.orders].map((o) => o.id)).size).toBe(first.total);
  });

  it('searches by order number (also "nº 12"), e-mail or name, case-insensitively and literally', async () => {
    const customer = await createCustomerSession();
    const { orderId } = await insertOrder(customer.customerId, { status: 'paid' });
    await env.DB.prepare("UPDATE orders SET email = 'Busca_100%@Example.com.br', name = 'Joana Busca' WHERE id = ?")
      .bind(orderId)
      .run();
    const ids = async (q: string) =>
      BackofficeOrdersPageSchema.parse(
        await (await operator.get(`/api/backoffice/orders?q=${encodeURIComponent(q)}`)).json(),
      ).orders.map((o) => o.id);
    expect(await ids(String(orderId))).toEqual([orderId]);
    expect(await ids(`nº ${orderId}`)).toEqual([orderId]);
    expect(await ids('busca_100%@example')).toEqual([orderId]);
    expect(await ids('JOANA BUSCA')).toEqual([orderId]);
    expect(await ids('busca_200')).toEqual([]);
    await refused(
      await operator.get(`/api/backoffice/orders?q=${'x'.repeat(121)}`),
      400,
      'A busca pode ter até 120 caracteres.',
    );
  });

  it.each([
    ['an unknown status', '?status=lost'],
    ['a page 0', '?page=0'],
    ['a page that is not a number', '?page=abc'],
  ])('refuses %s with a 400 in pt-BR', async (_name, query) => {
    const body = await refused(await operator.get(`/api/backoffice/orders${query}`), 400);
    expect(body.error).toMatch(/inválid|desconhecido/);
  });

  it('advances paid → invoiced → shipped (tracking code) → delivered, with the timeline; illegal steps are 409', async () => {
    const customer = await createCustomerSession();
    const { orderId } = await insertOrder(customer.customerId, { status: 'paid' });
    const status = (body: unknown) => operator.post(`/api/backoffice/orders/${orderId}/status`, body);
    const detail = BackofficeOrderDetailSchema.parse(
      await (await operator.get(`/api/backoffice/orders/${orderId}`)).json(),
    );
    expect(detail.next).toEqual(['invoiced', 'cancelled']);
    await refused(await status({ to: 'delivered' }), 409, 'Este pedido não pode mudar para esse status.');
    expect((await status({ to: 'invoiced' })).status).toBe(200);
    await refused(await status({ to: 'invoiced' }), 409);
    const shipped = BackofficeOrderDetailSchema.parse(
      await (await status({ to: 'shipped', trackingCode: ' qb123456789br ' })).json(),
    );
    expect(shipped.order).toMatchObject({ status: 'shipped', trackingCode: 'QB123456789BR' });
    expect(shipped.next).toEqual(['delivered']);
    await refused(await status({ to: 'cancelled' }), 409);
    const delivered = BackofficeOrderDetailSchema.parse(await (await status({ to: 'delivered' })).json());
    expect(delivered.order.status).toBe('delivered');
    expect(delivered.next).toEqual([]);
    expect(delivered.order.events.map((e) => e.status)).toEqual(['invoiced', 'shipped', 'delivered']);
    // The customer can now ask for a return of it.
    const eligible = ExchangesResponseSchema.parse(
      await (await client(app, customer.cookie).get('/api/exchanges')).json(),
    );
    expect(eligible.eligible.map((l) => l.orderId)).toContain(orderId);
  });

  it('cancelling a paid order gives the stock and the money back once (concurrent clicks); unknown orders are 404; bad bodies are 400', async () => {
    const customer = await createCustomerSession();
    const { orderId } = await insertOrder(customer.customerId, { status: 'paid', amounts: [2] });
    const stock = () =>
      count(
        `SELECT s.quantity AS n FROM stock s JOIN order_items oi ON oi.product_item_id = s.product_item_id AND oi.stock_store_id = s.store_id
          WHERE oi.order_id = ?`,
        orderId,
      );
    const before = await stock();
    const cancels = await Promise.all(
      [1, 2, 3].map(() => operator.post(`/api/backoffice/orders/${orderId}/status`, { to: 'cancelled' })),
    );
    expect(cancels.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await stock()).toBe(before + 2);
    // The money goes back once: a refund of the order's total, and the (single-order) payment is refunded.
    expect(
      await count('SELECT coalesce(sum(amount_cents), 0) AS n FROM payment_refunds WHERE order_id = ?', orderId),
    ).toBe(2000);
    expect(
      await env.DB.prepare('SELECT p.status FROM payments p JOIN orders o ON o.payment_id = p.id WHERE o.id = ?')
        .bind(orderId)
        .first<string>('status'),
    ).toBe('refunded');
    const pending = await insertOrder(customer.customerId, { status: 'pending' });
    expect((await operator.post(`/api/backoffice/orders/${pending.orderId}/status`, { to: 'cancelled' })).status).toBe(
      200,
    );
    expect(await count('SELECT count(*) AS n FROM payment_refunds WHERE order_id = ?', pending.orderId)).toBe(0);
    await refused(await operator.get('/api/backoffice/orders/999999999'), 404, BACKOFFICE_MESSAGES.orderNotFound);
    await refused(
      await operator.post('/api/backoffice/orders/999999999/status', { to: 'invoiced' }),
      404,
      BACKOFFICE_MESSAGES.orderNotFound,
    );
    for (const body of [
      { to: 'paid' },
      { to: 'shipped', trackingCode: 'x' },
      { to: 'shipped', trackingCode: 'AB 12<>' },
      {},
    ]) {
      const error = await refused(await operator.post(`/api/backoffice/orders/${orderId}/status`, body), 400);
      expect(error.error).not.toMatch(/invalid|expected|required/i);
    }
  });
});

describe('/api/backoffice/exchanges transitions', () => {
  const PATHS: Record<string, string[]> = {
    requested: [],
    approved: ['approved'],
    rejected: ['rejected'],
    received: ['approved', 'received'],
    refunded: ['approved', 'received', 'refunded'],
    completed: ['approved', 'received', 'refunded', 'completed'],
  };
  const LEGAL: Record<string, string[]> = {
    requested: ['approved', 'rejected'],
    approved: ['received'],
    received: ['refunded'],
    refunded: ['completed'],
    completed: [],
    rejected: [],
  };

  it.each(Object.keys(PATHS))(
    'from %s: only the legal steps pass, the others are 409 and change nothing',
    async (from) => {
      for (const to of EXCHANGE_TARGETS) {
        const { id } = await requested();
        await move(id, ...PATHS[from]!);
        const events = await count('SELECT count(*) AS n FROM exchange_events WHERE exchange_id = ?', id);
        const res = await step(id, to);
        if (LEGAL[from]!.includes(to)) {
          expect(res.status, `${from} → ${to}`).toBe(200);
          expect(BackofficeExchangeSchema.parse(await res.json()).status).toBe(to);
        } else {
          await refused(res, 409, BACKOFFICE_MESSAGES.exchangeStep);
          expect(await count('SELECT count(*) AS n FROM exchange_events WHERE exchange_id = ?', id)).toBe(events);
          expect(await count('SELECT count(*) AS n FROM exchanges WHERE id = ? AND status = ?', id, from)).toBe(1);
        }
      }
    },
  );

  it('an exchange (swap) may be completed once received, without a refund', async () => {
    const { id, shopper } = await requested({ kind: 'exchange' });
    await move(id, 'approved', 'received');
    const done = BackofficeExchangeSchema.parse(await (await step(id, 'completed', 'Novo tamanho enviado')).json());
    expect(done).toMatchObject({ status: 'completed', refundAmount: null });
    const mine = ExchangesResponseSchema.parse(await (await shopper.get('/api/exchanges')).json()).exchanges[0]!;
    expect(mine.events.map((e) => [e.status, e.note])).toEqual([
      ['requested', null],
      ['approved', null],
      ['received', null],
      ['completed', 'Novo tamanho enviado'],
    ]);
  });

  it('unknown requests are 404; unknown targets and long notes are 400', async () => {
    await refused(await step(999999999, 'approved'), 404, BACKOFFICE_MESSAGES.exchangeNotFound);
    const { id } = await requested();
    await refused(await step(id, 'requested'), 400);
    await refused(await step(id, 'approved', 'x'.repeat(501)), 400, 'A observação pode ter até 500 caracteres.');
    await refused(await operator.get('/api/backoffice/exchanges?status=lost'), 400);
  });

  it('lists the queue oldest first, filtered by status, with customer, items and next steps', async () => {
    const first = await requested();
    const second = await requested();
    const page = BackofficeExchangesPageSchema.parse(
      await (await operator.get('/api/backoffice/exchanges?status=requested')).json(),
    );
    const ids = page.exchanges.map((e) => e.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const row = page.exchanges.find((e) => e.id === second.id)!;
    expect(row).toMatchObject({
      orderId: second.orderId,
      status: 'requested',
      next: ['approved', 'rejected'],
      customer: { id: second.customer.customerId, email: second.customer.email },
      items: [{ orderItemId: second.itemIds[0], amount: 2 }],
    });
  });
});

describe('rejecting frees the lines', () => {
  it('a rejected request lets the customer request the same line again', async () => {
    const { shopper, orderId, itemIds, id } = await requested();
    const again = () =>
      shopper.post('/api/exchanges', returnRequest(orderId, [{ orderItemId: itemIds[0]!, amount: 1 }]));
    await refused(await again(), 409);
    expect((await step(id, 'rejected', 'Fora da política de trocas')).status).toBe(200);
    const after = ExchangesResponseSchema.parse(await (await shopper.get('/api/exchanges')).json());
    expect(after.eligible.find((l) => l.orderItemId === itemIds[0])?.available).toBe(2);
    const rejected = after.exchanges.find((e) => e.id === id)!;
    expect(rejected.status).toBe('rejected');
    expect(rejected.items).toHaveLength(1);
    expect(rejected.events.at(-1)).toMatchObject({ status: 'rejected', note: 'Fora da política de trocas' });
    expect((await again()).status).toBe(201);
    // The new request holds the line again.
    await refused(await again(), 409);
  });
});

describe('refunds', () => {
  const statement = async (shopper: ReturnType<typeof client>) =>
    (await (await shopper.get('/api/cashback/statement')).json()) as {
      balance: number;
      entries: { amount: number; orderId: string | null }[];
    };

  it('cashback: the goods as paid (discount prorated) are credited now, and the accrual they earned is taken back', async () => {
    const { shopper, orderId, id, customer } = await requested({ amounts: [2, 2] });
    // R$ 40,00 of goods with R$ 10,00 off: the two returned units (R$ 20,00) refund R$ 15,00.
    await env.DB.prepare('UPDATE orders SET discount_cents = 1000, total_cents = 3000 WHERE id = ?')
      .bind(orderId)
      .run();
    const later = new Date(Date.now() + 30 * 86_400_000).toISOString();
    await env.DB.prepare(
      "INSERT INTO cashback_entries (customer_id, amount_cents, kind, order_id, available_at) VALUES (?, 300, 'accrual', ?, ?)",
    )
      .bind(customer.customerId, String(orderId), later)
      .run();
    const before = await statement(shopper);
    await move(id, 'approved', 'received');
    const refunded = BackofficeExchangeSchema.parse(await (await step(id, 'refunded')).json());
    expect(refunded).toMatchObject({ status: 'refunded', refundAmount: 1500 });
    const after = await statement(shopper);
    expect(after.balance).toBe(before.balance + 1500);
    expect(after.entries.map((e) => [e.amount, e.orderId])).toEqual(
      expect.arrayContaining([
        [1500, `exchange:${id}`],
        [-150, `exchange:${id}:accrual`],
      ]),
    );
    const mine = ExchangesResponseSchema.parse(await (await shopper.get('/api/exchanges')).json()).exchanges[0]!;
    expect(mine).toMatchObject({ status: 'refunded', refundAmount: 1500 });
    expect(await count('SELECT count(*) AS n FROM payment_refunds WHERE exchange_id = ?', id)).toBe(0);
  });

  it('original method: recorded against the payment, which is marked refunded once fully given back', async () => {
    const { orderId, id } = await requested({ amounts: [1], refund: 'original' });
    await move(id, 'approved', 'received', 'refunded');
    const paymentStatus = () =>
      env.DB.prepare('SELECT p.status FROM payments p JOIN orders o ON o.payment_id = p.id WHERE o.id = ?')
        .bind(orderId)
        .first<string>('status');
    expect(await count('SELECT amount_cents AS n FROM payment_refunds WHERE exchange_id = ?', id)).toBe(1000);
    expect(await paymentStatus()).toBe('refunded');
    const partial = await requested({ amounts: [1, 1], refund: 'original' });
    await move(partial.id, 'approved', 'received', 'refunded');
    expect(
      await env.DB.prepare('SELECT p.status FROM payments p JOIN orders o ON o.payment_id = p.id WHERE o.id = ?')
        .bind(partial.orderId)
        .first<string>('status'),
    ).toBe('paid');
    expect(await count('SELECT count(*) AS n FROM cashback_entries WHERE order_id = ?', `exchange:${id}`)).toBe(0);
  });

  it('concurrent refund calls (double click) refund exactly once', async () => {
    const { shopper, id } = await requested();
    await move(id, 'approved', 'received');
    const before = await statement(shopper);
    const results = await Promise.all([step(id, 'refunded'), step(id, 'refunded'), step(id, 'refunded')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await statement(shopper)).balance).toBe(before.balance + 2000);
    expect(
      await count("SELECT count(*) AS n FROM exchange_events WHERE exchange_id = ? AND status = 'refunded'", id),
    ).toBe(1);
  });

  it('concurrent original-method refunds record one refund', async () => {
    const { id } = await requested({ refund: 'original' });
    await move(id, 'approved', 'received');
    const results = await Promise.all([step(id, 'refunded'), step(id, 'refunded')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await count('SELECT count(*) AS n FROM payment_refunds WHERE exchange_id = ?', id)).toBe(1);
  });
});
