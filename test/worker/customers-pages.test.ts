import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { CashbackStatementSchema, SalesReportSchema } from '../../src/contracts/customers';
import { PAULISTA } from '../unit/address-fixture';
import { cookiesOf, registerVia, registration, sellableItems, twoSizes } from './customer-fixtures';
import { bootstrapJson, createCustomerSession, makeApp, ORIGIN, sameOriginJson, seed } from './app-harness';

const app = makeApp();
const form = (fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', ...headers },
  body: new URLSearchParams(fields).toString(),
});

describe('account pages need a session', () => {
  beforeAll(() => seed());

  it.each([
    '/minha-conta',
    '/minha-conta/perfil',
    '/minha-conta/enderecos',
    '/minha-conta/favoritos',
    '/minha-conta/pedidos?x=1',
  ])('redirects %s to the login page and back', async (path) => {
    const res = await app.request(path);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/login?redirect=${encodeURIComponent(path)}`);
    // It depends on the session: no shared cache may keep it.
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('renders the account home with the greeting and the session in the bootstrap', async () => {
    const { cookie, customerId } = await createCustomerSession({ name: 'Joana Prado' });
    const res = await app.request('/minha-conta', { headers: { cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Olá, <!-- -->Joana<!-- -->!');
    expect(bootstrapJson<{ session: { user: { id: number; name: string } } }>(html).session.user).toEqual({
      id: customerId,
      name: 'Joana Prado',
    });
  });

  it('marks the bootstrap when the request’s token is refused (a failing me), and only then', async () => {
    type Boot = { session: { user: unknown; refused?: boolean } };
    const refused = await (await app.request('/entregas', { headers: { cookie: `token=${'k'.repeat(43)}` } })).text();
    expect(bootstrapJson<Boot>(refused).session).toEqual({ user: null, refused: true });
    const anonymous = await (await app.request('/entregas')).text();
    expect(bootstrapJson<Boot>(anonymous).session).toEqual({ user: null });
    const { cookie } = await createCustomerSession();
    expect(
      bootstrapJson<Boot>(await (await app.request('/entregas', { headers: { cookie } })).text()).session.refused,
    ).toBeUndefined();
  });
});

describe('no-JS login, registration and logout forms', () => {
  beforeAll(() => seed());

  it('logs in through the form and goes back to the requested page only when it is on this site', async () => {
    const { body } = await registerVia(app);
    const res = await app.request(
      '/login',
      form({ login: body.email, password: body.password, redirect: '/minha-conta/enderecos' }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/minha-conta/enderecos');
    expect(cookiesOf(res).raw.find((l) => l.startsWith('token='))).toMatch(/HttpOnly; SameSite=Strict/);
    const evil = await app.request(
      '/login',
      form({ login: body.email, password: body.password, redirect: '//evil.example/x' }),
    );
    expect(evil.headers.get('location')).toBe('/minha-conta');
  });

  it('re-renders the login form with the pt-BR error', async () => {
    const res = await app.request(
      '/login',
      form({ login: 'ninguem@example.com', password: 'errada123', redirect: '' }),
    );
    expect(res.status).toBe(401);
    expect(await res.text()).toContain('E-mail, CPF ou senha incorretos.');
  });

  it('refuses a cross-site form post', async () => {
    const res = await app.request(
      '/login',
      form({ login: 'a@b.co', password: 'x' }, { origin: 'https://evil.example' }),
    );
    expect(res.status).toBe(403);
  });

  it('registers through the form and shows field errors without losing what was typed', async () => {
    const ok = registration();
    const fields = { ...ok, marketingOptIn: 'on' } as unknown as Record<string, string>;
    const res = await app.request('/cadastro', form(fields));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/minha-conta');
    const row = await env.DB.prepare('SELECT marketing_opt_in FROM customers WHERE email = ?')
      .bind(ok.email)
      .first<{ marketing_opt_in: number }>();
    expect(row!.marketing_opt_in).toBe(1);
    const bad = await app.request(
      '/cadastro',
      form({ ...fields, email: 'nova@example.com.br', cpf: '123.456.789-00' }),
    );
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain('CPF inválido. Confira os 11 dígitos.');
    expect(html).toContain('nova@example.com.br');
    expect(html).not.toContain(ok.password);
  });

  it('logs out through the form: session revoked, cookies cleared', async () => {
    const { cookie, token } = await createCustomerSession();
    const res = await app.request('/sair', form({}, { cookie }));
    expect(res.status).toBe(303);
    expect(cookiesOf(res).raw.find((l) => l.startsWith('token='))).toMatch(/Max-Age=0/);
    expect((await app.request('/api/me', { headers: { cookie: `token=${token}` } })).status).toBe(401);
  });
});

describe('account forms', () => {
  beforeAll(() => seed());

  it('adds, edits and deletes an address; another customer cannot touch it', async () => {
    const ana = await createCustomerSession();
    const bia = await createCustomerSession();
    const fields = PAULISTA;
    expect((await app.request('/minha-conta/enderecos', form(fields, { cookie: ana.cookie }))).status).toBe(303);
    const html = await (await app.request('/minha-conta/enderecos', { headers: { cookie: ana.cookie } })).text();
    expect(html).toContain('CEP <!-- -->01310-100');
    const id = Number(html.match(/enderecos\/(\d+)\/excluir/)![1]);
    const stolen = await app.request(
      `/minha-conta/enderecos/${id}`,
      form({ ...fields, number: '1' }, { cookie: bia.cookie }),
    );
    expect(stolen.status).toBe(303);
    expect(
      (await app.request(`/api/addresses`, { headers: { cookie: ana.cookie } }).then((r) => r.json())) as unknown,
    ).toMatchObject({ addresses: [{ id, number: '1000' }] });
    expect(
      (await app.request(`/minha-conta/enderecos/${id}`, form({ ...fields, number: '1001' }, { cookie: ana.cookie })))
        .status,
    ).toBe(303);
    const bad = await app.request(
      `/minha-conta/enderecos/${id}`,
      form({ ...fields, zipCode: '123' }, { cookie: ana.cookie }),
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('CEP inválido. Informe os 8 dígitos.');
    expect((await app.request(`/minha-conta/enderecos/${id}/excluir`, form({}, { cookie: bia.cookie }))).status).toBe(
      303,
    );
    expect(
      (await app.request(`/api/addresses`, { headers: { cookie: ana.cookie } }).then((r) => r.json())) as unknown,
    ).toMatchObject({ addresses: [{ id, number: '1001' }] });
  });

  it('lists favorites on /minha-conta/favoritos', async () => {
    const [item] = await sellableItems(1);
    const ana = await createCustomerSession();
    await app.request('/api/favorites', sameOriginJson('POST', { product_item_id: item }, { cookie: ana.cookie }));
    const html = await (await app.request('/minha-conta/favoritos', { headers: { cookie: ana.cookie } })).text();
    expect(html).toContain(`/minha-conta/favoritos/${item}/remover`);
    const empty = await (
      await app.request('/minha-conta/favoritos', { headers: { cookie: (await createCustomerSession()).cookie } })
    ).text();
    expect(empty).toContain('Você ainda não salvou favoritos.');
  });

  it('a favourite saved without a size asks for one (linking its colour); one saved with a size shows and links it', async () => {
    const [first, second] = await twoSizes();
    const ana = await createCustomerSession();
    const save = (id: number, sizeChosen: boolean) =>
      app.request(
        '/api/favorites',
        sameOriginJson('POST', { product_item_id: id, size_chosen: sizeChosen }, { cookie: ana.cookie }),
      );
    await save(first!.id, false);
    let html = await (await app.request('/minha-conta/favoritos', { headers: { cookie: ana.cookie } })).text();
    const sizeless = `/${first!.slug}/p?cor=${first!.colorSlug}`;
    expect(html).toContain(`href="${sizeless}"`);
    expect(html).toMatch(
      new RegExp(`<a href="${sizeless.replace(/[?]/g, '\\?')}" class="favorite-card__size"[^>]*>Escolha o tamanho</a>`),
    );
    expect(html).not.toContain(`Tamanho ${first!.size}`);

    await app.request(`/api/favorites/${first!.id}`, sameOriginJson('DELETE', {}, { cookie: ana.cookie }));
    await save(second!.id, true);
    html = await (await app.request('/minha-conta/favoritos', { headers: { cookie: ana.cookie } })).text();
    expect(html).toContain(`Tamanho ${second!.size}`);
    const sized = new URLSearchParams({ cor: second!.colorSlug, tamanho: second!.size })
      .toString()
      .replace('&', '&amp;');
    expect(html).toContain(`href="/${second!.slug}/p?${sized}"`);
    expect(html).not.toContain('Escolha o tamanho');
  });
});

describe('dev outbox page', () => {
  beforeAll(() => seed());

  it('lists outbox mail on localhost, and is a 404 elsewhere or with a mail provider', async () => {
    const { body } = await registerVia(app);
    await app.request('/api/password/forgot', sameOriginJson('POST', { email: body.email }));
    const html = await (await app.request('/dev/outbox')).text();
    expect(html).toContain(body.email);
    expect(html).toMatch(/<a href="http:\/\/localhost\/redefinir-senha\?token=/);
    expect((await app.request('https://www.vitrine.com.br/dev/outbox')).status).toBe(404);
    const withProvider = makeApp({ MAIL_PROVIDER_URL: 'https://mail.example/send' });
    expect((await withProvider.request('/dev/outbox')).status).toBe(404);
  });
});

describe('account orders pages', () => {
  beforeAll(() => seed());

  it('lists the customer orders and shows one with timeline, payment and delivery; another customer gets a 404', async () => {
    const { skuWithStock, cartWith, orderBody, finished, CARD } = await import('./checkout-helpers');
    const customer = await createCustomerSession({ name: 'Ana Paula Souza', cpf: '39053344705' });
    const sku = await skuWithStock(3);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }], customer.customerId);
    const body = orderBody(
      cartId,
      { paymentMethodId: 1, installmentNumber: 1, ...CARD },
      { customerId: customer.customerId, anonymousConsumer: null },
    );
    const result = await finished(app, body, { cookie: customer.cookie });
    const id = result.orderIds[0]!;
    const list = await (await app.request('/minha-conta/pedidos', { headers: { cookie: customer.cookie } })).text();
    expect(list.slice(list.indexOf('account-title'), list.indexOf('account-title') + 1500)).toContain(
      `href="/minha-conta/pedidos/${id}"`,
    );
    expect(list).toContain('Pagamento aprovado');
    const detail = await app.request(`/minha-conta/pedidos/${id}`, { headers: { cookie: customer.cookie } });
    expect(detail.status).toBe(200);
    const html = await detail.text();
    expect(html).toContain('Acompanhamento');
    expect(html).toContain('Cartão de crédito');
    expect(html).toMatch(/mastercard final 0007/);
    expect(html).toContain('Avenida Paulista');
    const other = await createCustomerSession();
    expect((await app.request(`/minha-conta/pedidos/${id}`, { headers: { cookie: other.cookie } })).status).toBe(404);
    const theirs = await (await app.request('/minha-conta/pedidos', { headers: { cookie: other.cookie } })).text();
    expect(theirs).toContain('Você ainda não fez pedidos.');
  });
});

describe('account cashback page and statement', () => {
  beforeAll(() => seed());

  it('shows the balance available now, credit still pending, the next expiry and the ledger, owner-scoped', async () => {
    const ana = await createCustomerSession();
    const day = 86_400_000;
    const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
    const insert = (amount: number, kind: string, availableAt: string, expiresAt: string | null) =>
      env.DB.prepare(
        'INSERT INTO cashback_entries (customer_id, amount_cents, kind, available_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      )
        .bind(ana.customerId, amount, kind, availableAt, expiresAt)
        .run();
    await insert(5000, 'accrual', iso(-40 * day), iso(20 * day));
    await insert(-1500, 'debit', iso(-1 * day), null);
    await insert(2000, 'accrual', iso(10 * day), iso(190 * day));
    await insert(900, 'accrual', iso(-400 * day), iso(-10 * day));
    const statement = CashbackStatementSchema.parse(
      await (await app.request('/api/cashback/statement', { headers: { cookie: ana.cookie } })).json(),
    );
    expect(statement.balance).toBe(3500);
    expect(statement.pending).toBe(2000);
    expect(statement.nextExpiry!.amount).toBe(3500);
    expect(statement.entries).toHaveLength(4);
    const html = await (await app.request('/minha-conta/cashback', { headers: { cookie: ana.cookie } })).text();
    expect(html).toMatch(/data-testid="cashback-balance">R\$\s35,00</);
    // Dates are the day alone (São Paulo), never "27/11/2026," cut out of a date and time.
    expect(html).toMatch(/Libera em (<!-- -->)?\d{2}\/\d{2}\/\d{4}</);
    expect(html).toMatch(/data-label="Data">\d{2}\/\d{2}\/\d{4}</);
    expect(html).not.toMatch(/\d{2}\/\d{2}\/\d{4},/);
    const bia = await createCustomerSession();
    const theirs = CashbackStatementSchema.parse(
      await (await app.request('/api/cashback/statement', { headers: { cookie: bia.cookie } })).json(),
    );
    expect(theirs).toEqual({ balance: 0, pending: 0, nextExpiry: null, entries: [] });
  });
});

describe('account sales page', () => {
  beforeAll(() => seed());

  it('shows the orders attributed to the customer seller code with monthly totals; other customers see none', async () => {
    const { skuWithStock, cartWith, orderBody, finished, CARD } = await import('./checkout-helpers');
    const seller = await createCustomerSession({ name: 'Vera Vendedora' });
    await env.DB.prepare("INSERT INTO sellers (code, name, customer_id) VALUES ('VERA10', 'Vera', ?)")
      .bind(seller.customerId)
      .run();
    const buyer = await createCustomerSession({ name: 'Bruno Comprador', cpf: '52998224725' });
    const sku = await skuWithStock(3);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }], buyer.customerId);
    const result = await finished(
      app,
      orderBody(
        cartId,
        { paymentMethodId: 1, installmentNumber: 1, ...CARD },
        { customerId: buyer.customerId, anonymousConsumer: null },
      ),
      { cookie: buyer.cookie },
    );
    const id = result.orderIds[0]!;
    await env.DB.prepare("UPDATE orders SET seller_code = 'vera10' WHERE id = ?").bind(id).run();
    const report = SalesReportSchema.parse(
      await (await app.request('/api/sales', { headers: { cookie: seller.cookie } })).json(),
    );
    expect(report.sellers).toEqual([{ code: 'VERA10', name: 'Vera' }]);
    expect(report.orders.map((o) => o.id)).toEqual([id]);
    expect(report.months).toHaveLength(1);
    expect(report.months[0]!.orders).toBe(1);
    expect(report.months[0]!.total).toBe(report.orders[0]!.total);
    const html = await (await app.request('/minha-conta/vendas', { headers: { cookie: seller.cookie } })).text();
    expect(html).toContain('data-testid="sales-month"');
    expect(html).not.toContain('Bruno');
    const other = SalesReportSchema.parse(
      await (await app.request('/api/sales', { headers: { cookie: buyer.cookie } })).json(),
    );
    expect(other).toEqual({ sellers: [], months: [], orders: [] });
  });
});
