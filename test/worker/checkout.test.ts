import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { parsePix } from '../../src/lib/payments/pix';
import { digitableLineValid } from '../../src/lib/payments/boleto';
import { installmentTable } from '../../src/lib/checkout/installments';
import { createCustomerSession, makeApp, sameOriginJson, seed } from './app-harness';
import {
  ADDRESS,
  CARD,
  cashbackEntries,
  giveCashback,
  DECLINED_CARD,
  FACTORY_ID,
  GUEST,
  PAC,
  cartWith,
  count,
  finish,
  finished,
  orderBody,
  paymentRef,
  sandbox,
  skuWithStock,
  stockOf,
  tokenOf,
} from './checkout-helpers';

const app = makeApp();

async function noOrderFor(cartId: string) {
  expect(await count('orders WHERE cart_id = ?', cartId)).toBe(0);
  expect(await count("carts WHERE id = ? AND status = 'open'", cartId)).toBe(1);
}

describe('POST /api/finish-order', () => {
  beforeAll(() => seed());

  it('credit card (rede) in 3 installments: paid at once, stock taken, cart closed, only brand + last 4 kept', async () => {
    const sku = await skuWithStock(40);
    // Enough for 3 parcels of at least R$ 50,00.
    const amount = Math.min(10, Math.max(2, Math.ceil(15000 / sku.price)));
    const cartId = await cartWith([{ sku: sku.id, amount }]);
    const result = await finished(app, orderBody(cartId, { paymentMethodId: 1, installmentNumber: 3, ...CARD }));
    expect(result.status).toBe('paid');
    expect(result.next).toEqual({ kind: 'none' });
    expect(result.orderIds).toHaveLength(1);
    expect(result.redirect).toBe(`/checkout/order/${result.orderIds[0]}?token=${encodeURIComponent(result.token)}`);
    // PAC to 01310-100 (São Paulo capital, local zone) is R$ 15,90 whatever price the client sent.
    expect(result.total).toBe(sku.price * amount + 1590);
    expect(await stockOf(sku.id)).toBe(40 - amount);
    expect(await count("carts WHERE id = ? AND status = 'ordered'", cartId)).toBe(1);
    const payment = await env.DB.prepare(
      'SELECT p.* FROM payments p JOIN orders o ON o.payment_id = p.id WHERE o.id = ?',
    )
      .bind(result.orderIds[0])
      .first<Record<string, unknown>>();
    expect(payment).toMatchObject({
      provider: 'rede',
      status: 'paid',
      card_brand: 'mastercard',
      card_last4: '0007',
      installments: 3,
    });
    expect(payment!.charged_cents).toBe(installmentTable(result.total).find((r) => r.number === 3)!.total);
    const everything =
      JSON.stringify(await env.DB.prepare('SELECT * FROM payments').all()) +
      JSON.stringify(await env.DB.prepare('SELECT * FROM orders').all());
    expect(everything).not.toContain('54482800');
    expect(everything).not.toContain('"123"');
    const events = await env.DB.prepare('SELECT status FROM order_events WHERE order_id = ?')
      .bind(result.orderIds[0])
      .all();
    // Authorize → the order is written (pending) → captured → paid (ADR 0014).
    expect(events.results).toEqual([{ status: 'pending' }, { status: 'paid' }]);
    expect(
      await env.DB.prepare('SELECT status, amount_cents FROM sandbox_charges WHERE reference = ?')
        .bind(payment!.provider_reference)
        .first(),
    ).toEqual({
      status: 'paid',
      amount_cents: payment!.charged_cents,
    });
  });

  it.each([
    ['the declined test card', { ...DECLINED_CARD }],
    ['CVV 000', { ...CARD, securityCode: '000' }],
    ['an expired card', { ...CARD, expirationMonth: '01', expirationYear: '2020' }],
  ])('declines %s with 402 PAYMENT_DECLINED and writes nothing', async (_name, card) => {
    const sku = await skuWithStock(5);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    const before = await count('payments');
    const res = await finish(app, orderBody(cartId, { paymentMethodId: 1, installmentNumber: 1, ...card }));
    expect(res.status).toBe(402);
    const body = (await res.json()) as { code: string; error: string };
    expect(body.code).toBe('PAYMENT_DECLINED');
    expect(body.error).toMatch(/não autorizado/);
    await noOrderFor(cartId);
    expect(await count('payments')).toBe(before);
    expect(await stockOf(sku.id)).toBe(5);
  });

  it('rejects malformed card data, bad installments and a bad CPF with 400 pt-BR messages', async () => {
    const sku = await skuWithStock(5);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    const cases: [Record<string, unknown>, Record<string, unknown>, string][] = [
      [
        { paymentMethodId: 1, installmentNumber: 1, ...CARD, cardNumber: '5448280000000008' },
        {},
        'Número do cartão inválido.',
      ],
      [{ paymentMethodId: 1, installmentNumber: 1, ...CARD, securityCode: '12' }, {}, 'Código de segurança inválido.'],
      [{ paymentMethodId: 1, installmentNumber: 12, ...CARD }, {}, 'Número de parcelas inválido para este valor.'],
      [{ paymentMethodId: 47, installmentNumber: 2 }, {}, 'Número de parcelas inválido para este valor.'],
      [
        { paymentMethodId: 47 },
        { anonymousConsumer: { ...GUEST, cpf: '111.111.111-11' } },
        'CPF inválido. Confira os 11 dígitos.',
      ],
      [{ paymentMethodId: 47 }, { anonymousConsumer: null }, 'Informe nome, e-mail e CPF para continuar.'],
      // The checkout form's own rule (lib/guest), so the API never accepts what the form refuses, or the reverse.
      [{ paymentMethodId: 47 }, { anonymousConsumer: { ...GUEST, name: '  Al ' } }, 'Informe seu nome completo.'],
      [{ paymentMethodId: 47 }, { anonymousConsumer: { ...GUEST, email: 'ana@exemplo' } }, 'Informe um e-mail válido.'],
      [{ paymentMethodId: 26 }, {}, 'O pagamento com cupom só vale para pedidos sem valor a pagar.'],
      [{ paymentMethodId: 47 }, { address: null }, 'Informe o endereço de entrega.'],
      [{ paymentMethodId: 99 }, {}, 'Forma de pagamento inválida.'],
      // A crafted body gets plain pt-BR, never the schema library's catalogue ("Demasiado grande: esperava…").
      [
        { paymentMethodId: 47 },
        { shippingInfo: { store: 'x'.repeat(41) } },
        'Dados inválidos. Verifique e tente novamente.',
      ],
      [
        { paymentMethodId: 47 },
        { shippingInfo: { selectedOption: { type: 'drone' } } },
        'Dados inválidos. Verifique e tente novamente.',
      ],
    ];
    for (const [payment, extra, message] of cases) {
      const res = await finish(app, orderBody(cartId, payment, extra));
      expect(res.status, message).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe(message);
    }
    await noOrderFor(cartId);
  });

  it('Pix: BR Code for the total with a valid CRC and a QR image; simulated payment makes it paid', async () => {
    const sku = await skuWithStock(5);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    const result = await finished(app, orderBody(cartId, { paymentMethodId: 47 }));
    expect(result.status).toBe('pending');
    if (result.next.kind !== 'pix') throw new Error('expected a pix step');
    const fields = parsePix(result.next.payload)!;
    expect(fields.get('54')).toBe((result.total / 100).toFixed(2));
    expect(fields.get('26')).toContain('br.gov.bcb.pix');
    expect(result.next.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(Date.parse(result.next.expiresAt) - Date.now()).toBeGreaterThan(25 * 60_000);
    const status = await app.request(
      `/api/order-status?orderIds=${result.orderIds.join('-')}&token=${encodeURIComponent(result.token)}`,
    );
    expect(await status.json()).toMatchObject({ status: 'pending' });
    const reference = await paymentRef(result.orderIds[0]!);
    expect(fields.get('62')).toBe(`05${String(reference.length).padStart(2, '0')}${reference}`);
    expect((await sandbox(app, { reference, action: 'pay' })).status).toBe(200);
    const after = await app.request(
      `/api/order-status?orderIds=${result.orderIds.join('-')}&token=${encodeURIComponent(result.token)}`,
    );
    expect(await after.json()).toMatchObject({ status: 'paid', orders: [{ id: result.orderIds[0], status: 'paid' }] });
    // Paying twice is refused.
    expect((await sandbox(app, { reference, action: 'pay' })).status).toBe(409);
  });

  it('an unpaid Pix expires on read: stock comes back and a late payment is refused', async () => {
    const sku = await skuWithStock(3);
    const cartId = await cartWith([{ sku: sku.id, amount: 2 }]);
    const result = await finished(app, orderBody(cartId, { paymentMethodId: 47 }));
    expect(await stockOf(sku.id)).toBe(1);
    const past = new Date(Date.now() - 1000).toISOString();
    await env.DB.batch([
      env.DB.prepare('UPDATE orders SET expires_at = ? WHERE id = ?').bind(past, result.orderIds[0]),
      env.DB.prepare('UPDATE payments SET expires_at = ? WHERE id = (SELECT payment_id FROM orders WHERE id = ?)').bind(
        past,
        result.orderIds[0],
      ),
    ]);
    const status = await app.request(
      `/api/order-status?orderIds=${result.orderIds[0]}&token=${encodeURIComponent(result.token)}`,
    );
    expect(await status.json()).toMatchObject({ status: 'expired' });
    expect(await stockOf(sku.id)).toBe(3);
    const res = await sandbox(app, { reference: await paymentRef(result.orderIds[0]!), action: 'pay' });
    expect(res.status).toBe(409);
    // A second expiry pass gives nothing back twice.
    await app.request(`/api/order-status?orderIds=${result.orderIds[0]}&token=${encodeURIComponent(result.token)}`);
    expect(await stockOf(sku.id)).toBe(3);
  });

  it('boleto: 47-digit linha digitável with valid check digits, a due date and a printable page', async () => {
    const sku = await skuWithStock(5);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    const result = await finished(app, orderBody(cartId, { paymentMethodId: 6 }));
    if (result.next.kind !== 'boleto') throw new Error('expected a boleto step');
    expect(result.next.digitableLine).toMatch(/^\d{47}$/);
    expect(digitableLineValid(result.next.digitableLine)).toBe(true);
    expect(result.next.barcode).toMatch(/^2379\d{40}$/);
    expect(result.next.barcode.slice(9, 19)).toBe(String(result.total).padStart(10, '0'));
    expect(result.next.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(result.next.url).toBe(
      `/checkout/order/${result.orderIds[0]}/boleto?token=${encodeURIComponent(result.token)}`,
    );
    expect((await sandbox(app, { reference: await paymentRef(result.orderIds[0]!), action: 'pay' })).status).toBe(200);
  });

  it('debit: a 3-D Secure step; the right code pays, a wrong one cancels and returns the stock', async () => {
    for (const [code, expected] of [
      ['1234', 'paid'],
      ['9999', 'cancelled'],
    ] as const) {
      const sku = await skuWithStock(4);
      const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
      const result = await finished(
        app,
        orderBody(cartId, { paymentMethodId: 31, ...CARD, cardNumber: '4012001037141112' }),
      );
      expect(result.status).toBe('pending');
      if (result.next.kind !== 'redirect') throw new Error('expected a redirect');
      const reference = await paymentRef(result.orderIds[0]!);
      expect(result.next.url).toBe(`/checkout/3ds/${reference}?return=${encodeURIComponent(result.redirect)}`);
      const res = await sandbox(app, { reference, action: 'challenge', code });
      expect(res.status).toBe(expected === 'paid' ? 200 : 402);
      const order = await env.DB.prepare('SELECT status FROM orders WHERE id = ?')
        .bind(result.orderIds[0])
        .first<{ status: string }>();
      expect(order!.status).toBe(expected);
      expect(await stockOf(sku.id)).toBe(expected === 'paid' ? 3 : 4);
    }
  });

  it('debit declines the declined test card before any step', async () => {
    const sku = await skuWithStock(4);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    expect((await finish(app, orderBody(cartId, { paymentMethodId: 31, ...DECLINED_CARD }))).status).toBe(402);
    await noOrderFor(cartId);
  });

  it('open finance: consent approved pays; refused cancels', async () => {
    for (const [action, expected] of [
      ['approve', 'paid'],
      ['cancel', 'cancelled'],
    ] as const) {
      const sku = await skuWithStock(4);
      const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
      const result = await finished(app, orderBody(cartId, { paymentMethodId: 53 }));
      if (result.next.kind !== 'redirect') throw new Error('expected a redirect');
      expect(result.next.url).toMatch(/^\/checkout\/open-finance\/VTR[A-Z0-9]{22}\?return=/);
      expect((await sandbox(app, { reference: await paymentRef(result.orderIds[0]!), action })).status).toBe(200);
      const order = await env.DB.prepare('SELECT status FROM orders WHERE id = ?')
        .bind(result.orderIds[0])
        .first<{ status: string }>();
      expect(order!.status).toBe(expected);
    }
  });

  it('pickup in a store: free, no address, stock taken from that store', async () => {
    const storeId = (await env.DB.prepare("SELECT id FROM stores WHERE key = 'sp-oscar-freire'").first<{
      id: number;
    }>())!.id;
    const sku = await skuWithStock(2, storeId);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    const pickup = { type: 'pickup', carrier: 'Retirada na loja', carrierId: 90, price: 0, deadline: 0 };
    const result = await finished(
      app,
      orderBody(
        cartId,
        { paymentMethodId: 47 },
        { address: null, packages: [{ store: 'sp-oscar-freire', selectedOption: pickup }] },
      ),
    );
    expect(result.total).toBe(sku.price);
    expect(await stockOf(sku.id, storeId)).toBe(1);
    const order = await env.DB.prepare('SELECT store, pickup, address_json, shipping_cents FROM orders WHERE id = ?')
      .bind(result.orderIds[0])
      .first();
    expect(order).toEqual({ store: 'sp-oscar-freire', pickup: 1, address_json: null, shipping_cents: 0 });
    // The factory does not offer pickup.
    const other = await cartWith([{ sku: sku.id, amount: 1 }]);
    const res = await finish(
      app,
      orderBody(other, { paymentMethodId: 47 }, { packages: [{ store: 'fabrica', selectedOption: pickup }] }),
    );
    expect(res.status).toBe(400);
  });

  it('one order per package: the factory and a store each ship what they hold, totals split and adding up', async () => {
    const storeId = (await env.DB.prepare("SELECT id FROM stores WHERE key = 'rj-ipanema'").first<{ id: number }>())!
      .id;
    const a = await skuWithStock(3);
    const b = await skuWithStock(3, storeId);
    const customer = await createCustomerSession();
    await giveCashback(customer.customerId, 5000);
    const cartId = await cartWith(
      [
        { sku: a.id, amount: 1 },
        { sku: b.id, amount: 2 },
      ],
      customer.customerId,
    );
    await env.DB.prepare('UPDATE carts SET cashback_cents = 1000 WHERE id = ?').bind(cartId).run();
    const packages = [
      { store: 'rj-ipanema', selectedOption: PAC },
      { store: 'fabrica', selectedOption: PAC },
    ];
    const result = await finished(
      app,
      orderBody(
        cartId,
        { paymentMethodId: 47 },
        { packages, customerId: customer.customerId, anonymousConsumer: null },
      ),
      { cookie: customer.cookie },
    );
    expect(result.orderIds).toHaveLength(2);
    expect(result.redirect).toMatch(new RegExp(`^/checkout/order/${result.orderIds.join('-')}\\?token=`));
    const rows = (
      await env.DB.prepare(
        'SELECT store, subtotal_cents, cashback_cents, shipping_cents, total_cents, payment_id FROM orders WHERE cart_id = ? ORDER BY id',
      )
        .bind(cartId)
        .all<Record<string, number | string>>()
    ).results;
    expect(rows.map((r) => r.store)).toEqual(['fabrica', 'rj-ipanema']);
    expect(rows[0]!.subtotal_cents).toBe(a.price);
    expect(rows[1]!.subtotal_cents).toBe(b.price * 2);
    expect(Number(rows[0]!.cashback_cents) + Number(rows[1]!.cashback_cents)).toBe(1000);
    expect(rows[0]!.payment_id).toBe(rows[1]!.payment_id);
    // Re-quoted per package: PAC from the factory to São Paulo, and from Rio (first zone).
    expect(rows.map((r) => r.shipping_cents)).toEqual([1590, 2490]);
    expect(result.total).toBe(a.price + b.price * 2 - 1000 + 1590 + 2490);
    expect(await stockOf(b.id, storeId)).toBe(1);
    // The cashback was debited once for the checkout, and comes back when the Pix expires.
    expect(await cashbackEntries(customer.customerId)).toEqual([
      { kind: 'adjustment', amount_cents: 5000, order_id: null },
      { kind: 'debit', amount_cents: -1000, order_id: String(result.orderIds[0]) },
    ]);
    const past = new Date(Date.now() - 1000).toISOString();
    await env.DB.batch([
      env.DB.prepare('UPDATE orders SET expires_at = ? WHERE cart_id = ?').bind(past, cartId),
      env.DB.prepare('UPDATE payments SET expires_at = ? WHERE id = (SELECT payment_id FROM orders WHERE id = ?)').bind(
        past,
        result.orderIds[0],
      ),
    ]);
    expect((await app.request('/api/orders', { headers: { cookie: customer.cookie } })).status).toBe(200);
    // Each order gives back its own share of the cashback spent (ADR 0009).
    const back = (await cashbackEntries(customer.customerId)).slice(-2);
    expect(back.map((e) => [e.kind, e.order_id])).toEqual(result.orderIds.map((id) => ['adjustment', String(id)]));
    expect(back.map((e) => e.amount_cents)).toEqual(rows.map((r) => r.cashback_cents));
    expect(await stockOf(b.id, storeId)).toBe(3);
  });

  it('coupon (26) finishes an order whose total is 0', async () => {
    const sku = await skuWithStock(2);
    const customer = await createCustomerSession();
    await giveCashback(customer.customerId, sku.price);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }], customer.customerId);
    await env.DB.prepare('UPDATE carts SET cashback_cents = ? WHERE id = ?').bind(sku.price, cartId).run();
    const pickupStore = 'sp-oscar-freire';
    const storeId = (await env.DB.prepare('SELECT id FROM stores WHERE key = ?')
      .bind(pickupStore)
      .first<{ id: number }>())!.id;
    await env.DB.prepare('UPDATE stock SET quantity = 2 WHERE product_item_id = ? AND store_id = ?')
      .bind(sku.id, storeId)
      .run();
    const pickup = { type: 'pickup', carrier: 'Retirada na loja', carrierId: 90, price: 0, deadline: 0 };
    const body = orderBody(
      cartId,
      { paymentMethodId: 47 },
      {
        packages: [{ store: pickupStore, selectedOption: pickup }],
        customerId: customer.customerId,
        anonymousConsumer: null,
      },
    );
    const headers = { cookie: customer.cookie };
    expect((await finish(app, body, headers)).status).toBe(400);
    const result = await finished(app, { ...body, payment: { paymentMethodId: 26 } }, headers);
    expect(result).toMatchObject({ status: 'paid', total: 0 });
    // Nothing paid for goods, nothing earned.
    expect((await cashbackEntries(customer.customerId)).map((e) => e.kind)).toEqual(['adjustment', 'debit']);
  });

  it('a signed-in customer orders under their identity, earns 10% cashback when paid and lists the order', async () => {
    const customer = await createCustomerSession({ name: 'Ana Paula Souza', cpf: '39053344705' });
    const sku = await skuWithStock(3);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }], customer.customerId);
    const headers = { cookie: customer.cookie };
    const body = orderBody(
      cartId,
      { paymentMethodId: 1, installmentNumber: 1, ...CARD },
      { customerId: customer.customerId, anonymousConsumer: null },
    );
    const result = await finished(app, body, headers);
    const order = await env.DB.prepare(
      'SELECT customer_id, email, cpf, guest, cashback_earned_cents FROM orders WHERE id = ?',
    )
      .bind(result.orderIds[0])
      .first();
    expect(order).toEqual({
      customer_id: customer.customerId,
      email: customer.email,
      cpf: '39053344705',
      guest: 0,
      cashback_earned_cents: Math.floor(sku.price / 10),
    });
    const list = await app.request('/api/orders', { headers });
    expect(((await list.json()) as { orders: { id: number }[] }).orders.map((o) => o.id)).toContain(result.orderIds[0]);
    const detail = await app.request(`/api/orders/${result.orderIds[0]}`, { headers });
    expect(detail.status).toBe(200);
    expect(await detail.json()).toMatchObject({
      id: result.orderIds[0],
      status: 'paid',
      cashbackEarned: Math.floor(sku.price / 10),
      items: [{ productItemId: sku.id, amount: 1 }],
    });
    // Someone else's session sees neither; no session is a 401.
    const other = await createCustomerSession();
    expect((await app.request(`/api/orders/${result.orderIds[0]}`, { headers: { cookie: other.cookie } })).status).toBe(
      404,
    );
    expect(
      (
        (await (await app.request('/api/orders', { headers: { cookie: other.cookie } })).json()) as {
          orders: unknown[];
        }
      ).orders,
    ).toEqual([]);
    expect((await app.request('/api/orders')).status).toBe(401);
  });

  it("refuses a customerId without its session (401) and another customer's cart (404)", async () => {
    const customer = await createCustomerSession();
    const sku = await skuWithStock(3);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }], customer.customerId);
    const body = orderBody(cartId, { paymentMethodId: 47 }, { customerId: customer.customerId });
    expect((await finish(app, body)).status).toBe(401);
    const stranger = await createCustomerSession();
    expect((await finish(app, { ...body, customerId: stranger.customerId }, { cookie: stranger.cookie })).status).toBe(
      404,
    );
    // A guest cannot take a customer's cart either.
    expect((await finish(app, { ...body, customerId: null })).status).toBe(404);
    await noOrderFor(cartId);
  });

  it('stock short at checkout is a 409 with the spec message', async () => {
    const sku = await skuWithStock(1);
    const cartId = await cartWith([{ sku: sku.id, amount: 2 }]);
    const res = await finish(app, orderBody(cartId, { paymentMethodId: 47 }));
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ title: 'Atenção!', error: 'O estoque desse produto esgotou!' });
    await noOrderFor(cartId);
  });

  it('an unknown or closed cart is refused', async () => {
    expect((await finish(app, orderBody('x'.repeat(22), { paymentMethodId: 47 }))).status).toBe(404);
    const sku = await skuWithStock(3);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    await finished(app, orderBody(cartId, { paymentMethodId: 47 }, { idempotencyKey: 'first-key-000000001' }));
    const res = await finish(
      app,
      orderBody(cartId, { paymentMethodId: 47 }, { idempotencyKey: 'second-key-00000001' }),
    );
    expect(res.status).toBe(409);
    expect(await count('orders WHERE cart_id = ?', cartId)).toBe(1);
  });

  it('the confirmation token opens exactly its orders, and only while valid', async () => {
    const sku = await skuWithStock(4);
    const first = await finished(app, orderBody(await cartWith([{ sku: sku.id, amount: 1 }]), { paymentMethodId: 47 }));
    const second = await finished(
      app,
      orderBody(await cartWith([{ sku: sku.id, amount: 1 }]), { paymentMethodId: 47 }),
    );
    const open = (ids: number[], token: string) =>
      app.request(`/api/order-confirmation?orderIds=${ids.join('-')}&token=${encodeURIComponent(token)}`);
    const ok = await open(first.orderIds, tokenOf(first));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      total: first.total,
      status: 'pending',
      orders: [{ id: first.orderIds[0], customer: { email: GUEST.email } }],
    });
    // Opaque (ADR 0009 addendum 2026-11-27): the access token itself, nothing about the buyer (test/worker/order-token.test.ts).
    expect(tokenOf(first)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await open(second.orderIds, tokenOf(first))).status).toBe(404);
    expect((await open([...first.orderIds, ...second.orderIds], tokenOf(first))).status).toBe(404);
    expect((await open(first.orderIds, btoa('outra%40example.com:' + tokenOf(first)))).status).toBe(404);
    expect((await open(first.orderIds, 'bm9wZQ==')).status).toBe(404);
    expect((await app.request(`/api/order-confirmation?orderIds=abc&token=x`)).status).toBe(404);
    await env.DB.prepare('UPDATE order_access_tokens SET expires_at = ? WHERE order_id = ?')
      .bind(new Date(Date.now() - 1000).toISOString(), first.orderIds[0])
      .run();
    expect((await open(first.orderIds, tokenOf(first))).status).toBe(404);
    const hashes = await env.DB.prepare('SELECT token_hash FROM order_access_tokens WHERE order_id = ?')
      .bind(first.orderIds[0])
      .all<{ token_hash: string }>();
    expect(hashes.results[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(hashes.results)).not.toContain(tokenOf(first));
  });

  it("ignores the client's shipping price: the server re-quotes the option for the CEP", async () => {
    const sku = await skuWithStock(3);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    const cheap = { ...PAC, price: 1 };
    const result = await finished(
      app,
      orderBody(
        cartId,
        { paymentMethodId: 47 },
        { packages: [{ store: 'fabrica', selectedOption: cheap }], address: { ...ADDRESS } },
      ),
    );
    expect(result.total).toBe(sku.price + 1590);
    const bogus = { ...PAC, carrierId: 77 };
    const res = await finish(
      app,
      orderBody(
        await cartWith([{ sku: sku.id, amount: 1 }]),
        { paymentMethodId: 47 },
        { packages: [{ store: 'fabrica', selectedOption: bogus }] },
      ),
    );
    expect(res.status).toBe(409);
  });

  it('is same-origin JSON only', async () => {
    const res = await app.request('/api/finish-order', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(403);
    expect((await app.request('/api/finish-order', sameOriginJson('POST', { cartId: 1 }))).status).toBe(400);
  });
});

describe('factory id', () => {
  it('is the first store', async () => {
    await seed();
    expect((await env.DB.prepare("SELECT id FROM stores WHERE key = 'fabrica'").first<{ id: number }>())!.id).toBe(
      FACTORY_ID,
    );
  });
});

describe('order lifecycle', () => {
  beforeAll(() => seed());

  it('paid → invoiced → shipped (tracking) → delivered, each with a timeline event; no skipping or going back', async () => {
    const { advanceOrder } = await import('../../src/commerce/orders/lifecycle');
    const { orderLifecycleDeps } = await import('../../src/commerce/orders/embedded');
    const sku = await skuWithStock(3);
    const result = await finished(
      app,
      orderBody(await cartWith([{ sku: sku.id, amount: 1 }]), { paymentMethodId: 1, installmentNumber: 1, ...CARD }),
    );
    const id = result.orderIds[0]!;
    await expect(advanceOrder(orderLifecycleDeps(env.DB), id, 'delivered', new Date())).rejects.toThrow(
      'Este pedido não pode mudar para esse status.',
    );
    await advanceOrder(orderLifecycleDeps(env.DB), id, 'invoiced', new Date());
    await advanceOrder(orderLifecycleDeps(env.DB), id, 'shipped', new Date(), 'BR123456789BR');
    await advanceOrder(orderLifecycleDeps(env.DB), id, 'delivered', new Date());
    await expect(advanceOrder(orderLifecycleDeps(env.DB), id, 'cancelled', new Date())).rejects.toThrow();
    const row = await env.DB.prepare('SELECT status, tracking_code, delivered_at FROM orders WHERE id = ?')
      .bind(id)
      .first<Record<string, string>>();
    expect(row).toMatchObject({ status: 'delivered', tracking_code: 'BR123456789BR' });
    const events = (
      await env.DB.prepare('SELECT status FROM order_events WHERE order_id = ? ORDER BY id')
        .bind(id)
        .all<{ status: string }>()
    ).results;
    expect(events.map((e) => e.status)).toEqual(['pending', 'paid', 'invoiced', 'shipped', 'delivered']);
    expect(await stockOf(sku.id)).toBe(2);
  });

  it('cancelling a paid order gives its stock back once', async () => {
    const { advanceOrder } = await import('../../src/commerce/orders/lifecycle');
    const { orderLifecycleDeps } = await import('../../src/commerce/orders/embedded');
    const sku = await skuWithStock(3);
    const result = await finished(
      app,
      orderBody(await cartWith([{ sku: sku.id, amount: 2 }]), { paymentMethodId: 1, installmentNumber: 1, ...CARD }),
    );
    expect(await stockOf(sku.id)).toBe(1);
    await advanceOrder(orderLifecycleDeps(env.DB), result.orderIds[0]!, 'cancelled', new Date());
    expect(await stockOf(sku.id)).toBe(3);
    await expect(
      advanceOrder(orderLifecycleDeps(env.DB), result.orderIds[0]!, 'cancelled', new Date()),
    ).rejects.toThrow();
    expect(await stockOf(sku.id)).toBe(3);
  });

  it('the scheduled handler expires overdue boletos without any read', async () => {
    const { scheduled } = await import('../../src/scheduled');
    const sku = await skuWithStock(2);
    const result = await finished(app, orderBody(await cartWith([{ sku: sku.id, amount: 1 }]), { paymentMethodId: 6 }));
    const past = new Date(Date.now() - 1000).toISOString();
    await env.DB.batch([
      env.DB.prepare('UPDATE orders SET expires_at = ? WHERE id = ?').bind(past, result.orderIds[0]),
      env.DB.prepare('UPDATE payments SET expires_at = ? WHERE id = (SELECT payment_id FROM orders WHERE id = ?)').bind(
        past,
        result.orderIds[0],
      ),
    ]);
    await scheduled({} as ScheduledController, env as never);
    const row = await env.DB.prepare(
      'SELECT o.status, p.status AS payment FROM orders o JOIN payments p ON p.id = o.payment_id WHERE o.id = ?',
    )
      .bind(result.orderIds[0])
      .first();
    expect(row).toEqual({ status: 'expired', payment: 'expired' });
    expect(await stockOf(sku.id)).toBe(2);
  });
});
