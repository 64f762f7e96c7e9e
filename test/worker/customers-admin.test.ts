import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/commerce/customers/password-hash';
import { erasedPlaceholders } from '../../src/commerce/customers-admin/repo';
import { CUSTOMERS_ADMIN_MESSAGES, ERASED_NAME } from '../../src/contracts/customers-admin';
import { createOperatorSession } from './backoffice-fixtures';
import { count, giveCashback } from './checkout-helpers';
import { validCpf } from './customer-fixtures';
import { insertOrder } from './exchange-fixtures';
import { formatBRL } from '../../src/lib/format/money';
import { createCustomerSession, makeApp, makeProxyPair, sameOriginJson, seed } from './app-harness';
import { auditCount, form, lastAudit, text } from './staff-fixtures';

/** Issue 31, customers: operacoes finds a customer, adjusts cashback, exports and erases their data (LGPD), each audited. */
const app = makeApp();
let ops: string;
const PASSWORD = 'Cliente2026';
const balanceShown = async (id: number) =>
  /name="balance" value="(\d+)"/.exec(
    await (await app.request(`/painel/clientes/${id}`, { headers: { cookie: ops } })).text(),
  )![1]!;

beforeAll(async () => {
  await seed();
  ops = (await createOperatorSession('operacoes', 'Equipe Operações')).cookie;
});

describe('/painel/clientes', () => {
  it('finds a customer by e-mail, name or CPF; their page shows orders and cashback', async () => {
    const cpf = validCpf();
    const who = await createCustomerSession({ name: 'Joana Buscável Prado', cpf });
    const { orderId } = await insertOrder(who.customerId);
    for (const q of [
      who.email.toUpperCase(),
      'buscável prado',
      cpf.slice(0, 6),
      `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}`,
    ]) {
      const html = await text(
        await app.request(`/painel/clientes?q=${encodeURIComponent(q)}`, { headers: { cookie: ops } }),
      );
      expect(html, q).toContain(`/painel/clientes/${who.customerId}"`);
    }
    const page = await text(await app.request(`/painel/clientes/${who.customerId}`, { headers: { cookie: ops } }));
    expect(page).toContain(`/painel/pedidos/${orderId}`);
    expect(page).toContain('Saldo disponível');
  });

  it('adjusts cashback with a reason (one audit row); a stale balance is a 409, below zero a 422, neither writes', async () => {
    const who = await createCustomerSession();
    await giveCashback(who.customerId, 1000);
    const ok = await app.request(
      `/painel/clientes/${who.customerId}/cashback`,
      form({ amount: '25,00', reason: 'Compensação por atraso', balance: await balanceShown(who.customerId) }, ops),
    );
    expect(ok.status).toBe(303);
    expect(await lastAudit()).toMatchObject({
      action: 'customer.cashback',
      entity_id: String(who.customerId),
      before_json: '{"balance":1000}',
    });
    expect(JSON.parse((await lastAudit())!.after_json!)).toEqual({
      balance: 3500,
      amount: 2500,
      reason: 'Compensação por atraso',
    });
    const [entries, audits] = [
      await count('cashback_entries WHERE customer_id = ?', who.customerId),
      await auditCount(),
    ];
    const stale = await app.request(
      `/painel/clientes/${who.customerId}/cashback`,
      form({ amount: '-5', reason: 'Correção', balance: '1000' }, ops),
    );
    expect(stale.status).toBe(409);
    expect(await text(stale)).toContain(CUSTOMERS_ADMIN_MESSAGES.staleBalance(formatBRL(3500)));
    const below = await app.request(
      `/painel/clientes/${who.customerId}/cashback`,
      form({ amount: '−40,00', reason: 'Correção', balance: '3500' }, ops),
    );
    expect(below.status).toBe(422);
    expect(
      (
        await app.request(
          `/painel/clientes/${who.customerId}/cashback`,
          form({ amount: 'dez', reason: 'x', balance: '3500' }, ops),
        )
      ).status,
    ).toBe(400);
    expect([await count('cashback_entries WHERE customer_id = ?', who.customerId), await auditCount()]).toEqual([
      entries,
      audits,
    ]);
  });

  it('LGPD: exports the data as JSON, then erases them — the account cannot sign in, its orders stay anonymised; both audited', async () => {
    const who = await createCustomerSession({ name: 'Rita Apagável', cpf: validCpf() });
    await env.DB.prepare('UPDATE customers SET password_hash = ?, phone = ? WHERE id = ?')
      .bind(await hashPassword(PASSWORD), '11987654321', who.customerId)
      .run();
    await env.DB.prepare(
      "INSERT INTO addresses (customer_id, receiver, zip_code, street, number, neighborhood, city, state) VALUES (?, 'Rita', '01310100', 'Avenida Paulista', '1000', 'Bela Vista', 'São Paulo', 'SP')",
    )
      .bind(who.customerId)
      .run();
    const { orderId } = await insertOrder(who.customerId);
    await env.DB.prepare(
      "UPDATE orders SET address_json = json_object('street', 'Avenida Paulista', 'number', '1000', 'zipCode', '01310100', 'city', 'São Paulo', 'state', 'SP') WHERE id = ?",
    )
      .bind(orderId)
      .run();
    expect(
      (await app.request('/api/login', sameOriginJson('POST', { login: who.email, password: PASSWORD }))).status,
    ).toBe(200);

    const exported = await app.request(`/painel/clientes/${who.customerId}/exportar`, form({}, ops));
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toContain('attachment');
    const data = (await exported.json()) as {
      customer: { email: string };
      orders: { id: number }[];
      addresses: unknown[];
    };
    expect(data.customer.email).toBe(who.email);
    expect(data.orders.map((o) => o.id)).toEqual([orderId]);
    expect(data.addresses).toHaveLength(1);
    expect(await lastAudit()).toMatchObject({ action: 'customer.export', entity_id: String(who.customerId) });

    expect((await app.request(`/painel/clientes/${who.customerId}/apagar`, form({}, ops))).status).toBe(400);
    const before = await auditCount();
    const erased = await app.request(`/painel/clientes/${who.customerId}/apagar`, form({ confirm: 'on' }, ops));
    expect(erased.status, await erased.clone().text()).toBe(303);
    expect(await auditCount()).toBe(before + 1);
    const audit = (await lastAudit())!;
    expect(audit).toMatchObject({ action: 'customer.erase', before_json: '{"erased":false}' });
    expect(`${audit.before_json}${audit.after_json}`).not.toContain(who.email);
    // Cannot sign in (old e-mail or password), the live session is over.
    expect(
      (await app.request('/api/login', sameOriginJson('POST', { login: who.email, password: PASSWORD }))).status,
    ).toBe(401);
    expect((await app.request('/api/me', { headers: { cookie: who.cookie } })).status).toBe(401);
    const gone = erasedPlaceholders(who.customerId);
    expect(
      await env.DB.prepare('SELECT name, email, cpf, phone, password_hash FROM customers WHERE id = ?')
        .bind(who.customerId)
        .first(),
    ).toEqual({
      name: ERASED_NAME,
      email: gone.email,
      cpf: gone.cpf,
      phone: null,
      password_hash: null,
    });
    expect(await count('addresses WHERE customer_id = ?', who.customerId)).toBe(0);
    const order = await env.DB.prepare('SELECT name, email, cpf, address_json, total_cents FROM orders WHERE id = ?')
      .bind(orderId)
      .first<Record<string, unknown>>();
    expect(order).toMatchObject({ name: ERASED_NAME, email: gone.email, cpf: gone.cpf, total_cents: 3000 });
    expect(JSON.parse(order!.address_json as string)).toEqual({ city: 'São Paulo', state: 'SP' });
    // Once only; a customer with an order still going, or on the staff, is refused.
    expect((await app.request(`/painel/clientes/${who.customerId}/apagar`, form({ confirm: 'on' }, ops))).status).toBe(
      409,
    );
    const busy = await createCustomerSession();
    await insertOrder(busy.customerId, { status: 'paid' });
    const refused = await app.request(`/painel/clientes/${busy.customerId}/apagar`, form({ confirm: 'on' }, ops));
    expect(refused.status).toBe(409);
    expect(await text(refused)).toContain(CUSTOMERS_ADMIN_MESSAGES.inProgress);
    const staff = await createOperatorSession('catalogo', 'Pessoa Equipe');
    expect(
      (await app.request(`/painel/clientes/${staff.customerId}/apagar`, form({ confirm: 'on' }, ops))).status,
    ).toBe(409);
    expect(await auditCount()).toBe(before + 1);
  });

  it('double submits: 3 concurrent adjustments from one page write one entry; 2 concurrent erases erase and audit once', async () => {
    const who = await createCustomerSession();
    await giveCashback(who.customerId, 1000);
    const before = await auditCount();
    const adjust = () =>
      app.request(
        `/painel/clientes/${who.customerId}/cashback`,
        form({ amount: '-5', reason: 'Correção', balance: '1000' }, ops),
      );
    const statuses = (await Promise.all([adjust(), adjust(), adjust()])).map((r) => r.status).sort();
    expect(statuses).toEqual([303, 409, 409]);
    expect(
      await count(
        "cashback_entries WHERE customer_id = ? AND kind = 'adjustment' AND note IS NOT NULL",
        who.customerId,
      ),
    ).toBe(1);
    const erase = () => app.request(`/painel/clientes/${who.customerId}/apagar`, form({ confirm: 'on' }, ops));
    const erased = (await Promise.all([erase(), erase()])).map((r) => r.status).sort();
    expect(erased).toEqual([303, 409]);
    expect(await auditCount()).toBe(before + 2);
  });

  it('erased placeholders are never a valid CPF, and differ per customer', async () => {
    const { isValidCpf } = await import('../../src/lib/customer/cpf');
    const cpfs = [1, 2, 42, 123456789].map((id) => erasedPlaceholders(id).cpf);
    expect(cpfs.every((c) => /^\d{11}$/.test(c) && !isValidCpf(c))).toBe(true);
    expect(new Set(cpfs).size).toBe(4);
  });

  it('proxy mode: the section says the upstream owns the customers and a post changes nothing', async () => {
    const { proxy } = makeProxyPair();
    const who = await createCustomerSession();
    expect(await text(await proxy.request('/painel/clientes', { headers: { cookie: ops } }))).toContain(
      'o cadastro de clientes pertence a ele',
    );
    const before = await auditCount();
    expect(
      (await proxy.request(`/painel/clientes/${who.customerId}/apagar`, form({ confirm: 'on' }, ops))).status,
    ).toBe(409);
    expect(await auditCount()).toBe(before);
  });
});
