import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { OperatorSchema } from '../../src/contracts/backoffice';
import { ExchangesResponseSchema } from '../../src/contracts/exchanges';
import { DEMO_OPERATOR, DEMO_STAFF } from '../../src/db/seed/operator';
import { PERMISSIONS, ROLES } from '../../src/commerce/staff/permissions';
import { CANCEL_CONFIRMATION, CANCEL_UNCONFIRMED } from '../../src/pages/backoffice/orders-view';
import { client, count, createOperatorSession, makeStaff, returnRequest } from './backoffice-fixtures';
import { cookiesOf, registerVia } from './customer-fixtures';
import { insertOrder } from './exchange-fixtures';
import { createCustomerSession, makeApp, makeProxyPair, ORIGIN, robotsMeta, sameOriginJson, seed } from './app-harness';

const app = makeApp();
const form = (fields: Record<string, string>, cookie: string, origin = ORIGIN): RequestInit => ({
  method: 'POST',
  headers: { origin, 'content-type': 'application/x-www-form-urlencoded', cookie },
  body: new URLSearchParams(fields).toString(),
});
// React escapes text; compare after undoing its entities and text separators.
const text = async (res: Response) =>
  (await res.text())
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/<!-- -->/g, '');
const orderStatus = (id: number) =>
  env.DB.prepare('SELECT status FROM orders WHERE id = ?').bind(id).first<string>('status');

let operatorCookie: string;
beforeAll(async () => {
  await seed();
  operatorCookie = (await createOperatorSession()).cookie;
});

describe('/painel access', () => {
  it.each(['/painel', '/painel/pedidos', '/painel/trocas', '/painel/pedidos/1'])(
    '%s: signed out → login and back; a customer → 404; the operator → the page, never indexed',
    async (path) => {
      const out = await app.request(path);
      expect(out.status).toBe(303);
      expect(out.headers.get('location')).toBe(`/login?redirect=${encodeURIComponent(path)}`);
      const customer = await createCustomerSession();
      const hidden = await app.request(path, { headers: { cookie: customer.cookie } });
      expect(hidden.status).toBe(404);
      expect(await hidden.text()).toContain('Página não encontrada');
      const res = await app.request(path, { headers: { cookie: operatorCookie } });
      if (path === '/painel') {
        expect(res.status).toBe(302);
        expect(res.headers.get('location')).toBe('/painel/pedidos');
        return;
      }
      expect(res.status).toBe(path === '/painel/pedidos/1' ? 404 : 200);
      expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(robotsMeta(await res.text())).toBe('noindex, nofollow');
    },
  );

  it('the seeded demo operator logs in as the demo dono, with one seeded staff account per role', async () => {
    const login = await app.request(
      '/api/login',
      sameOriginJson('POST', { login: DEMO_OPERATOR.email, password: DEMO_OPERATOR.password }),
    );
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('token='))!
      .split(';')[0]!;
    const me = OperatorSchema.parse(await (await client(app, cookie).get('/api/backoffice/me')).json());
    expect(me).toMatchObject({ email: DEMO_OPERATOR.email, name: DEMO_OPERATOR.name });
    expect(me).toMatchObject({ role: 'dono', permissions: [...PERMISSIONS] });
    const seeded = await env.DB.prepare(
      "SELECT c.email, s.role FROM staff s JOIN customers c ON c.id = s.customer_id WHERE c.email LIKE '%@vitrine.dev' ORDER BY s.role",
    ).all<{ email: string; role: string }>();
    expect(seeded.results).toEqual([
      { email: 'catalogo@vitrine.dev', role: 'catalogo' },
      { email: DEMO_OPERATOR.email, role: 'dono' },
      { email: 'marketing@vitrine.dev', role: 'marketing' },
      { email: 'operacoes@vitrine.dev', role: 'operacoes' },
    ]);
    expect(DEMO_STAFF.map((s) => s.role).sort()).toEqual([...ROLES].sort());
    const overview = await text(await app.request('/minha-conta', { headers: { cookie } }));
    expect(overview).toContain('href="/painel"');
    const customer = await createCustomerSession();
    expect(await text(await app.request('/minha-conta', { headers: { cookie: customer.cookie } }))).not.toContain(
      'href="/painel"',
    );
  });
});

describe('/painel/pedidos (no-JS forms)', () => {
  it('lists, filters and opens an order, then moves it with form posts (303) up to delivered', async () => {
    const customer = await createCustomerSession();
    const { orderId } = await insertOrder(customer.customerId, { status: 'paid' });
    const list = await text(await app.request('/painel/pedidos?status=paid', { headers: { cookie: operatorCookie } }));
    expect(list).toContain(`href="/painel/pedidos/${orderId}"`);
    expect(list).toContain('Pagamento aprovado');
    const found = await text(
      await app.request(`/painel/pedidos?q=${orderId}`, { headers: { cookie: operatorCookie } }),
    );
    expect(found).toContain(`href="/painel/pedidos/${orderId}"`);
    expect(found).toMatch(new RegExp(`<input id="backoffice-q"[^>]*name="q"[^>]*value="${orderId}"`));
    const post = (fields: Record<string, string>) =>
      app.request(`/painel/pedidos/${orderId}/status`, form(fields, operatorCookie));
    const invoiced = await post({ to: 'invoiced' });
    expect(invoiced.status).toBe(303);
    expect(invoiced.headers.get('location')).toBe(`/painel/pedidos/${orderId}?ok=1`);
    const detail = await text(
      await app.request(`/painel/pedidos/${orderId}?ok=1`, { headers: { cookie: operatorCookie } }),
    );
    expect(detail).toContain('Alterações salvas.');
    expect(detail).toContain('Cliente: <strong>Cliente Teste</strong> · cliente@example.com.br');
    expect(detail).toContain('Marcar como enviado');
    expect(detail).toContain('Código de rastreio');
    expect((await post({ to: 'shipped', trackingCode: 'qb123456789br' })).status).toBe(303);
    const refused = await post({ to: 'invoiced' });
    expect(refused.status).toBe(409);
    expect(await text(refused)).toContain('Este pedido não pode mudar para esse status.');
    const bad = await post({ to: 'delivered', trackingCode: '<x>' });
    expect(bad.status).toBe(400);
    expect(await text(bad)).toContain('O código de rastreio deve ter de 4 a 40 letras, números ou hífens.');
    expect((await post({ to: 'delivered' })).status).toBe(303);
    expect(await orderStatus(orderId)).toBe('delivered');
    expect(
      await env.DB.prepare('SELECT tracking_code AS t FROM orders WHERE id = ?').bind(orderId).first<string>('t'),
    ).toBe('QB123456789BR');
  });

  it('refuses cross-site and signed-out posts, and bad filters, changing nothing', async () => {
    const customer = await createCustomerSession();
    const { orderId } = await insertOrder(customer.customerId, { status: 'paid' });
    const cross = await app.request(
      `/painel/pedidos/${orderId}/status`,
      form({ to: 'cancelled' }, operatorCookie, 'https://evil.example'),
    );
    expect(cross.status).toBe(403);
    const anonymous = await app.request(`/painel/pedidos/${orderId}/status`, form({ to: 'cancelled' }, ''));
    expect(anonymous.status).toBe(303);
    const own = await app.request(`/painel/pedidos/${orderId}/status`, form({ to: 'cancelled' }, customer.cookie));
    expect(own.status).toBe(404);
    expect(await orderStatus(orderId)).toBe('paid');
    const filter = await app.request('/painel/pedidos?status=perdido', { headers: { cookie: operatorCookie } });
    expect(filter.status).toBe(400);
    expect(await text(filter)).toContain('Status de pedido desconhecido.');
  });

  it('cancels an order only with its confirmation box ticked: the page asks for it, the form carries it', async () => {
    const customer = await createCustomerSession();
    const { orderId } = await insertOrder(customer.customerId, { status: 'paid' });
    const page = await text(await app.request(`/painel/pedidos/${orderId}`, { headers: { cookie: operatorCookie } }));
    expect(page).toContain('<input type="checkbox" required="" name="confirmar" value="sim"/>');
    expect(page).toContain(CANCEL_CONFIRMATION);
    const post = (fields: Record<string, string>) =>
      app.request(`/painel/pedidos/${orderId}/status`, form(fields, operatorCookie));
    for (const unconfirmed of [{ to: 'cancelled' }, { to: 'cancelled', confirmar: 'on' }] as Record<string, string>[]) {
      const refused = await post(unconfirmed);
      expect(refused.status).toBe(400);
      expect(await text(refused)).toContain(CANCEL_UNCONFIRMED);
      expect(await orderStatus(orderId)).toBe('paid');
    }
    expect((await post({ to: 'cancelled', confirmar: 'sim' })).status).toBe(303);
    expect(await orderStatus(orderId)).toBe('cancelled');
  });
});

describe('/painel/trocas and what the customer sees', () => {
  it('approve → received → refunded (cashback) by form; the customer sees the status, the refund and the credit', async () => {
    const customer = await createCustomerSession();
    const { orderId, itemIds } = await insertOrder(customer.customerId, { amounts: [1] });
    const shopper = client(app, customer.cookie);
    expect(
      (await shopper.post('/api/exchanges', returnRequest(orderId, [{ orderItemId: itemIds[0]!, amount: 1 }]))).status,
    ).toBe(201);
    const id = ExchangesResponseSchema.parse(await (await shopper.get('/api/exchanges')).json()).exchanges[0]!.id;
    const queue = await text(
      await app.request('/painel/trocas?status=requested', { headers: { cookie: operatorCookie } }),
    );
    expect(queue).toContain(`id="troca-${id}"`);
    expect(queue).toContain('Aprovar');
    const back = '/painel/trocas?status=requested';
    const step = (to: string, note = '') =>
      app.request(`/painel/trocas/${id}/status`, form({ to, note, back }, operatorCookie));
    const approved = await step('approved', 'Pode enviar pelos Correios');
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toBe(`/painel/trocas?status=requested&ok=${id}#troca-${id}`);
    const again = await step('approved');
    expect(again.status).toBe(409);
    expect(await text(again)).toContain(`Solicitação nº ${id}: Esta solicitação não pode mudar para esse status.`);
    expect((await step('received')).status).toBe(303);
    expect((await step('refunded')).status).toBe(303);
    const account = await text(
      await app.request('/minha-conta/trocas-devolucoes', { headers: { cookie: customer.cookie } }),
    );
    expect(account).toContain('Reembolsada');
    expect(account).toMatch(/Valor reembolsado: <strong data-testid="exchange-refund">R\$\s10,00<\/strong>/);
    expect(account).toContain('Pode enviar pelos Correios');
    const cashback = await text(await app.request('/minha-conta/cashback', { headers: { cookie: customer.cookie } }));
    expect(cashback).toContain(`Reembolso · Devolução nº ${id}`);
    expect(cashback).toMatch(/data-testid="cashback-balance">R\$\s10,00</);
  });

  it('a troca refunded as cashback is named "Troca nº N" in the cashback statement, its refund and its take-back alike', async () => {
    const customer = await createCustomerSession();
    const { orderId, itemIds } = await insertOrder(customer.customerId, { amounts: [1] });
    // The order had earned its 10%: the refund takes back what the returned goods earned.
    await env.DB.prepare(
      "INSERT INTO cashback_entries (customer_id, amount_cents, kind, order_id, available_at) VALUES (?, 100, 'accrual', ?, '2000-01-01T00:00:00.000Z')",
    )
      .bind(customer.customerId, String(orderId))
      .run();
    const shopper = client(app, customer.cookie);
    const troca = returnRequest(orderId, [{ orderItemId: itemIds[0]!, amount: 1 }], { kind: 'exchange' });
    expect((await shopper.post('/api/exchanges', troca)).status).toBe(201);
    const id = ExchangesResponseSchema.parse(await (await shopper.get('/api/exchanges')).json()).exchanges[0]!.id;
    for (const to of ['approved', 'received', 'refunded'])
      expect(
        (
          await app.request(
            `/painel/trocas/${id}/status`,
            form({ to, note: '', back: '/painel/trocas' }, operatorCookie),
          )
        ).status,
      ).toBe(303);
    expect(
      await text(await app.request('/minha-conta/trocas-devolucoes', { headers: { cookie: customer.cookie } })),
    ).toContain(`Troca nº ${id}`);
    const cashback = await text(await app.request('/minha-conta/cashback', { headers: { cookie: customer.cookie } }));
    expect(cashback).toContain(`Reembolso · Troca nº ${id}`);
    expect(cashback).toContain(`Estorno do cashback · Troca nº ${id}`);
    expect(cashback).not.toMatch(/devolução nº/i);
  });

  it('a foreign `back` never leaves /painel; a bad step is a 400', async () => {
    const customer = await createCustomerSession();
    const { orderId, itemIds } = await insertOrder(customer.customerId, { amounts: [1] });
    await client(app, customer.cookie).post(
      '/api/exchanges',
      returnRequest(orderId, [{ orderItemId: itemIds[0]!, amount: 1 }]),
    );
    const id = (await env.DB.prepare('SELECT max(id) AS n FROM exchanges WHERE customer_id = ?')
      .bind(customer.customerId)
      .first<number>('n'))!;
    const bad = await app.request(`/painel/trocas/${id}/status`, form({ to: 'shipped' }, operatorCookie));
    expect(bad.status).toBe(400);
    const res = await app.request(
      `/painel/trocas/${id}/status`,
      form({ to: 'rejected', back: '//evil.example/x' }, operatorCookie),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/painel/trocas?ok=${id}#troca-${id}`);
    expect(await count('SELECT count(*) AS n FROM exchange_items WHERE exchange_id = ? AND active = 0', id)).toBe(1);
  });
});

describe('/painel through the upstream adapter', () => {
  it('renders the lists and moves an order with the same answers as the embedded backend', async () => {
    const { proxy } = makeProxyPair({ COMMERCE_API_USER: 'loja', COMMERCE_API_PASSWORD: 'segredo' });
    const customer = await createCustomerSession();
    const { orderId } = await insertOrder(customer.customerId, { status: 'paid' });
    const list = await text(
      await proxy.request('/painel/pedidos?status=paid', { headers: { cookie: operatorCookie } }),
    );
    expect(list).toContain(`href="/painel/pedidos/${orderId}"`);
    expect((await proxy.request('/painel/pedidos', { headers: { cookie: customer.cookie } })).status).toBe(404);
    const moved = await proxy.request(`/painel/pedidos/${orderId}/status`, form({ to: 'invoiced' }, operatorCookie));
    expect(moved.status).toBe(303);
    expect(await orderStatus(orderId)).toBe('invoiced');
    expect((await proxy.request('/painel/trocas', { headers: { cookie: operatorCookie } })).status).toBe(200);
    const api = await proxy.request('/api/backoffice/orders', { headers: { cookie: customer.cookie } });
    expect(api.status).toBe(403);
  });
});

describe('/login lands staff on the back office', () => {
  it('a staff member without a redirect → /painel (also with JS, through GET /login); a shopper → the account', async () => {
    const login = (body: { email: string; password: string }, redirect = '') =>
      app.request('/login', {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ login: body.email, password: body.password, redirect }).toString(),
      });
    const staff = (await registerVia(app)).body;
    const id = (await env.DB.prepare('SELECT id FROM customers WHERE email = ?')
      .bind(staff.email)
      .first<number>('id'))!;
    await makeStaff(id, 'operacoes');
    const shopper = (await registerVia(app)).body;
    const form = await text(await app.request('/login'));
    expect(form).toMatch(/name="redirect" value=""/);
    const landed = await login(staff);
    expect(landed.headers.get('location')).toBe('/painel');
    expect((await login(staff, '/minha-conta/pedidos')).headers.get('location')).toBe('/minha-conta/pedidos');
    expect((await login(shopper)).headers.get('location')).toBe('/minha-conta');
    const cookie = `token=${cookiesOf(landed).jar.get('token')}`;
    expect((await app.request('/login', { headers: { cookie } })).headers.get('location')).toBe('/painel');
  });
});
