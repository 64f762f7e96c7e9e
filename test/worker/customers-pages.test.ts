import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { cookiesOf, registerVia, registration, sellableItems } from './customer-fixtures';
import { bootstrapJson, createCustomerSession, makeApp, ORIGIN, sameOriginJson, seed } from './helpers';

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
    const fields = {
      receiver: 'Ana',
      zipCode: '01310-100',
      street: 'Avenida Paulista',
      number: '1000',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    };
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
