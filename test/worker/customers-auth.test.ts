import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { AddressesResponseSchema, AuthResultSchema, MeSchema } from '../../src/contracts/customers';
import { hashToken } from '../../src/commerce/customers/identity';
import { hashPassword, PBKDF2, verifyPassword } from '../../src/commerce/customers/password-hash';
import { apiError, cookiesOf, registerVia, registration } from './customer-fixtures';
import { makeApp, sameOriginJson, seed } from './app-harness';

const count = async (from: string, ...params: unknown[]) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${from}`)
    .bind(...params)
    .first<{ n: number }>())!.n;
/** How the service stores a client address. */
const clientHashOf = (ip: string) => hashToken(`client:${ip}`);

const app = makeApp();
const login = (body: unknown, headers: Record<string, string> = {}) =>
  app.request('/api/login', sameOriginJson('POST', body, headers));
const me = (cookie: string) => app.request('/api/me', { headers: { cookie } });

describe('password hashing (ADR 0006)', () => {
  it('is PBKDF2-SHA-256 with 100,000 iterations, a 16-byte salt and a 32-byte key', async () => {
    expect(PBKDF2).toEqual({ iterations: 100_000, saltBytes: 16, keyBytes: 32, hash: 'SHA-256' });
    const stored = await hashPassword('senhaForte123');
    const [scheme, iterations, salt, hash] = stored.split('$');
    expect(scheme).toBe('pbkdf2-sha256');
    expect(iterations).toBe('100000');
    expect(atob(salt!).length).toBe(16);
    expect(atob(hash!).length).toBe(32);
    expect(await hashPassword('senhaForte123')).not.toBe(stored);
    expect(await verifyPassword('senhaForte123', stored)).toBe(true);
    expect(await verifyPassword('senhaForte124', stored)).toBe(false);
    expect(await verifyPassword('senhaForte123', null)).toBe(false);
  });
});

describe('POST /api/register', () => {
  beforeAll(() => seed());

  it('creates the customer, signs them in and sets the spec cookies with the right attributes', async () => {
    const { res, body } = await registerVia(app, { cpf: '529.982.247-25'.replace(/./g, (d) => d) });
    expect(res.status).toBe(201);
    const result = AuthResultSchema.parse(await res.json());
    expect(result.user).toMatchObject({
      name: 'Maria Oliveira',
      email: body.email,
      cpf: '52998224725',
      phone: '11987654321',
    });
    const { jar, raw } = cookiesOf(res);
    const token = raw.find((l) => l.startsWith('token='))!;
    expect(token).toMatch(/; Max-Age=43200/);
    expect(token).toMatch(/; Path=\//);
    expect(token).toMatch(/; HttpOnly/);
    expect(token).toMatch(/; SameSite=Strict/);
    expect(jar.get('token')).toBe(result.token);
    // ≥ 128 bits: 32 random bytes, base64url.
    expect(result.token.length).toBeGreaterThanOrEqual(43);
    for (const name of ['user_id', 'login', 'account_temp', 'anonymous', 'user_cpf']) {
      const line = raw.find((l) => l.startsWith(`${name}=`))!;
      expect(line, name).toMatch(/; Max-Age=43200/);
      expect(line, name).toMatch(/; Path=\//);
      expect(line, name).toMatch(/; SameSite=Strict/);
      expect(line, name).not.toMatch(/HttpOnly/);
    }
    expect(jar.get('user_cpf')).toBe(encodeURIComponent('***.982.247-**'));
    expect(jar.get('login')).toBe('true');
    expect(MeSchema.parse(await (await me(`token=${result.token}`)).json()).email).toBe(body.email);
    const row = await env.DB.prepare('SELECT password_hash, marketing_opt_in FROM customers WHERE email = ?')
      .bind(body.email)
      .first<{ password_hash: string; marketing_opt_in: number }>();
    expect(row!.password_hash).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(row!.password_hash).not.toContain(body.password);
    expect(row!.marketing_opt_in).toBe(0);
  });

  it('sets Secure on https', async () => {
    const res = await app.request(
      'https://localhost/api/register',
      sameOriginJson('POST', registration(), { origin: 'https://localhost' }),
    );
    expect(res.status).toBe(201);
    expect(cookiesOf(res).raw.find((l) => l.startsWith('token='))).toMatch(/; Secure/);
  });

  it('an empty form: every invalid field with its own pt-BR message (as /cadastro without JS), the first as the error', async () => {
    const empty = { name: '', email: '', cpf: '', phone: '', birthDate: '', password: '' };
    const { res } = await registerVia(app, empty);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; error: string; fields: Record<string, string> };
    expect(body).toMatchObject({ code: 'VALIDATION', error: 'Informe seu nome completo.' });
    expect(Object.keys(body.fields)).toEqual(expect.arrayContaining(['name', 'email', 'cpf', 'phone', 'password']));
    expect(body.fields).toMatchObject({ name: 'Informe seu nome completo.', email: 'Informe um e-mail válido.' });
  });

  it('rejects invalid CPFs, weak passwords and bad e-mails with pt-BR messages, writing nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ cpf: '111.111.111-11' }, 'CPF inválido. Confira os 11 dígitos.'],
      [{ cpf: '529.982.247-24' }, 'CPF inválido. Confira os 11 dígitos.'],
      [{ cpf: '529.982.247-15' }, 'CPF inválido. Confira os 11 dígitos.'],
      [{ password: 'curta1' }, 'A senha precisa ter ao menos 8 caracteres, com letras e números.'],
      [{ email: 'nao-e-email' }, 'Informe um e-mail válido.'],
      [{ name: 'Maria' }, 'Informe seu nome completo.'],
    ];
    for (const [override, message] of cases) {
      const { res, body } = await registerVia(app, override);
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(await apiError(res)).toMatchObject({ code: 'VALIDATION', error: message });
      expect(await env.DB.prepare('SELECT 1 FROM customers WHERE email = ?').bind(body.email).first()).toBeNull();
    }
  });

  it('refuses a taken e-mail or CPF with one message that does not say which (issue 15)', async () => {
    const first = await registerVia(app);
    const before = await count('customers');
    const sameEmail = await registerVia(app, { email: first.body.email.toUpperCase() });
    const sameCpf = await registerVia(app, { cpf: first.body.cpf });
    for (const taken of [sameEmail, sameCpf]) {
      expect(taken.res.status).toBe(409);
      expect(await apiError(taken.res)).toMatchObject({
        code: 'CONFLICT',
        error:
          'Não foi possível concluir o cadastro com estes dados. Se você já tem uma conta, faça login ou recupere sua senha.',
      });
    }
    expect(await count('customers')).toBe(before);
  });

  it('stores an optional first address as the default, in the same batch', async () => {
    const address = {
      receiver: 'Maria Oliveira',
      zipCode: '01310-100',
      street: 'Avenida Paulista',
      number: '1000',
      complement: null,
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'sp',
    };
    const { res, cookie } = await registerVia(app, { address });
    expect(res.status).toBe(201);
    const list = AddressesResponseSchema.parse(
      await (await app.request('/api/addresses', { headers: { cookie } })).json(),
    );
    expect(list.addresses).toEqual([expect.objectContaining({ zipCode: '01310100', state: 'SP', isDefault: true })]);
    const bad = await registerVia(app, { address: { ...address, zipCode: '0131' } });
    expect(bad.res.status).toBe(400);
    expect((await apiError(bad.res)).error).toBe('CEP inválido. Informe os 8 dígitos.');
  });
});

describe('POST /api/login and /api/logout', () => {
  beforeAll(() => seed());

  it('logs in by e-mail or CPF with a new token each time, revoking the one presented (no fixation)', async () => {
    const { body, token: first } = await registerVia(app);
    const byEmail = await login(
      { login: body.email.toUpperCase(), password: body.password },
      { cookie: `token=${first}` },
    );
    expect(byEmail.status).toBe(200);
    const second = AuthResultSchema.parse(await byEmail.json()).token;
    expect(second).not.toBe(first);
    expect(cookiesOf(byEmail).jar.get('token')).toBe(second);
    expect((await me(`token=${first}`)).status).toBe(401);
    const formatted = `${body.cpf.slice(0, 3)}.${body.cpf.slice(3, 6)}.${body.cpf.slice(6, 9)}-${body.cpf.slice(9)}`;
    const byCpf = await login({ login: formatted, password: body.password });
    expect(byCpf.status).toBe(200);
    const third = AuthResultSchema.parse(await byCpf.json()).token;
    expect(new Set([first, second, third]).size).toBe(3);
    expect((await me(`token=${third}`)).status).toBe(200);
  });

  it('never adopts a token the client made up', async () => {
    const { body } = await registerVia(app);
    const planted = 'a'.repeat(43);
    const res = await login({ login: body.email, password: body.password }, { cookie: `token=${planted}` });
    expect(cookiesOf(res).jar.get('token')).not.toBe(planted);
    expect(
      await env.DB.prepare('SELECT 1 FROM sessions WHERE token_hash = ?')
        .bind(await hashToken(planted))
        .first(),
    ).toBeNull();
  });

  it('answers a wrong password or unknown account with the same 401 message', async () => {
    const { body } = await registerVia(app);
    for (const attempt of [
      { login: body.email, password: 'errada123' },
      { login: 'ninguem@example.com', password: 'errada123' },
    ]) {
      const res = await login(attempt, { 'cf-connecting-ip': '10.0.0.9' });
      expect(res.status).toBe(401);
      expect(await apiError(res)).toMatchObject({ code: 'UNAUTHENTICATED', error: 'E-mail, CPF ou senha incorretos.' });
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('logout revokes the session server-side and clears the cookies', async () => {
    const { token, cookie } = await registerVia(app);
    const res = await app.request('/api/logout', sameOriginJson('POST', {}, { cookie }));
    expect(res.status).toBe(200);
    const { raw } = cookiesOf(res);
    for (const name of ['token', 'user_id', 'login', 'account_temp', 'user_cpf']) {
      expect(
        raw.find((l) => l.startsWith(`${name}=`)),
        name,
      ).toMatch(/Max-Age=0/);
    }
    expect((await me(`token=${token}`)).status).toBe(401);
    const row = await env.DB.prepare('SELECT revoked_at FROM sessions WHERE token_hash = ?')
      .bind(await hashToken(token))
      .first<{ revoked_at: string | null }>();
    expect(row!.revoked_at).not.toBeNull();
  });

  it('GET /api/me without a session is a 401', async () => {
    const res = await app.request('/api/me');
    expect(res.status).toBe(401);
    expect((await apiError(res)).code).toBe('UNAUTHENTICATED');
  });
});

describe('registration limit per client address (issue 15)', () => {
  beforeAll(() => seed());

  it('allows 10 registrations per address in 15 minutes, then 429 RATE_LIMITED in pt-BR; taken identities count too', async () => {
    const ip = '203.0.113.50';
    const first = await registerVia(app, {}, ip);
    expect(first.res.status).toBe(201);
    for (let i = 0; i < 4; i += 1) expect((await registerVia(app, {}, ip)).res.status).toBe(201);
    // Probing existing identities uses up the same allowance.
    for (let i = 0; i < 5; i += 1)
      expect((await registerVia(app, { email: first.body.email }, ip)).res.status).toBe(409);
    const before = await count('customers');
    const limited = await registerVia(app, {}, ip);
    expect(limited.res.status).toBe(429);
    expect(await apiError(limited.res)).toEqual({
      code: 'RATE_LIMITED',
      error: 'Muitas tentativas de cadastro. Aguarde alguns minutos e tente novamente.',
    });
    expect((await registerVia(app, { email: first.body.email }, ip)).res.status).toBe(429);
    expect(await count('customers')).toBe(before);
    // Another address is not affected; the window slides.
    expect((await registerVia(app, {}, '203.0.113.51')).res.status).toBe(201);
    await env.DB.prepare(
      "UPDATE auth_attempts SET created_at = '2000-01-01T00:00:00.000Z' WHERE action = 'register'",
    ).run();
    expect((await registerVia(app, {}, ip)).res.status).toBe(201);
  });

  it('counts in one guarded statement: 20 parallel registrations from one address create at most 10 accounts', async () => {
    const ip = '203.0.113.60';
    const before = await count('customers');
    const results = await Promise.all(Array.from({ length: 20 }, () => registerVia(app, {}, ip)));
    const created = results.filter((r) => r.res.status === 201).length;
    expect(created).toBeLessThanOrEqual(10);
    expect(results.filter((r) => r.res.status === 429).length).toBe(20 - created);
    expect(await count('customers')).toBe(before + created);
  });

  it("/cadastro sends the new customer back to what opened the login (a heart's product), never off this origin", async () => {
    const back = '/biquini-teste/p?cor=preto&favorito=12';
    const page = await (await app.request(`/cadastro?redirect=${encodeURIComponent(back)}`)).text();
    expect(page).toContain(`name="redirect" value="${back.replaceAll('&', '&amp;')}"`);
    const post = (redirect: string, ip: string) =>
      app.request('/cadastro', {
        method: 'POST',
        headers: {
          origin: 'http://localhost',
          'content-type': 'application/x-www-form-urlencoded',
          'cf-connecting-ip': ip,
        },
        body: new URLSearchParams({
          ...(registration() as unknown as Record<string, string>),
          marketingOptIn: '',
          redirect,
        }).toString(),
      });
    const res = await post(back, '203.0.113.81');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(back);
    const foreign = await post('https://evil.example/x', '203.0.113.82');
    expect(foreign.status).toBe(303);
    expect(foreign.headers.get('location')).toBe('/minha-conta');
  });

  it('the /cadastro form is limited the same way', async () => {
    const ip = '203.0.113.70';
    const client = await clientHashOf(ip);
    const now = new Date().toISOString();
    await env.DB.batch(
      Array.from({ length: 10 }, (_, i) =>
        env.DB.prepare("INSERT INTO auth_attempts (id, action, client, created_at) VALUES (?, 'register', ?, ?)").bind(
          `form-${i}`,
          client,
          now,
        ),
      ),
    );
    const res = await app.request('/cadastro', {
      method: 'POST',
      headers: {
        origin: 'http://localhost',
        'content-type': 'application/x-www-form-urlencoded',
        'cf-connecting-ip': ip,
      },
      body: new URLSearchParams({
        ...(registration() as unknown as Record<string, string>),
        marketingOptIn: '',
      }).toString(),
    });
    expect(res.status).toBe(429);
    expect(await res.text()).toContain('Muitas tentativas de cadastro. Aguarde alguns minutos e tente novamente.');
  });
});

describe('login brute-force limits (ADR 0011)', () => {
  beforeAll(() => seed());

  it('limits the (account, client) pair: 5 failures lock that client out even with the right password; the owner elsewhere still logs in', async () => {
    const { body } = await registerVia(app);
    const attacker = { 'cf-connecting-ip': '10.1.0.1' };
    for (let i = 0; i < 5; i += 1) {
      expect((await login({ login: body.email, password: `errada${i}aa` }, attacker)).status).toBe(401);
    }
    const locked = await login({ login: body.email, password: body.password }, attacker);
    expect(locked.status).toBe(429);
    expect((await apiError(locked)).error).toBe(
      'Muitas tentativas de login nesta conta. Aguarde 15 minutos ou redefina sua senha.',
    );
    // The CPF names the same account: no second allowance for the attacker.
    expect((await login({ login: body.cpf, password: 'errada9aa' }, attacker)).status).toBe(429);
    // The outsider cannot lock the owner out: the owner's own client is a different pair.
    expect(
      (await login({ login: body.email, password: body.password }, { 'cf-connecting-ip': '10.1.1.1' })).status,
    ).toBe(200);
    await env.DB.prepare(
      "UPDATE auth_attempts SET created_at = '2000-01-01T00:00:00.000Z' WHERE action = 'login'",
    ).run();
    expect((await login({ login: body.email, password: body.password }, attacker)).status).toBe(200);
  });

  it('counts e-mail and CPF failures together', async () => {
    const { body } = await registerVia(app);
    const client = { 'cf-connecting-ip': '10.1.2.1' };
    for (let i = 0; i < 5; i += 1) {
      const loginAs = i % 2 === 0 ? body.email : body.cpf;
      expect((await login({ login: loginAs, password: `errada${i}aa` }, client)).status).toBe(401);
    }
    expect((await login({ login: body.cpf, password: body.password }, client)).status).toBe(429);
    expect((await login({ login: body.email, password: body.password }, client)).status).toBe(429);
  });

  it('limits one client address trying many accounts', async () => {
    const ip = '10.2.0.1';
    const client = await clientHashOf(ip);
    for (let i = 0; i < 30; i += 1) {
      await env.DB.prepare(
        "INSERT INTO auth_attempts (id, action, account, client, created_at) VALUES (?, 'login', ?, ?, ?)",
      )
        .bind(`ip-${i}`, await hashToken(`other-${i}`), client, new Date().toISOString())
        .run();
    }
    const { body } = await registerVia(app);
    const res = await login({ login: body.email, password: body.password }, { 'cf-connecting-ip': ip });
    expect(res.status).toBe(429);
    expect((await apiError(res)).error).toBe('Muitas tentativas de login. Aguarde alguns minutos e tente novamente.');
    expect(
      (await login({ login: body.email, password: body.password }, { 'cf-connecting-ip': '10.2.0.2' })).status,
    ).toBe(200);
  });

  it('20 parallel wrong passwords: at most 5 are evaluated, and the right password is refused while limited', async () => {
    const { body } = await registerVia(app);
    const client = { 'cf-connecting-ip': '10.3.0.1' };
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login({ login: i % 2 ? body.cpf : body.email, password: `errada${i}aa` }, client),
      ),
    );
    const statuses = burst.map((r) => r.status);
    const evaluated = statuses.filter((s) => s === 401).length;
    expect(evaluated).toBeGreaterThanOrEqual(1);
    expect(evaluated).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBe(20 - evaluated);
    expect(await count('auth_attempts WHERE action = ? AND client = ?', 'login', await clientHashOf('10.3.0.1'))).toBe(
      evaluated,
    );
    expect((await login({ login: body.email, password: body.password }, client)).status).toBe(429);
  });

  it('a right password inside a parallel burst is one of the at most 5 evaluated, or refused', async () => {
    const { body } = await registerVia(app);
    const client = { 'cf-connecting-ip': '10.3.0.2' };
    const attempts = Array.from({ length: 20 }, (_, i) => (i === 10 ? body.password : `errada${i}aa`));
    const burst = await Promise.all(attempts.map((password) => login({ login: body.email, password }, client)));
    const evaluated = burst.filter((r) => r.status === 401 || r.status === 200).length;
    expect(evaluated).toBeLessThanOrEqual(5);
    expect([200, 429]).toContain(burst[10]!.status);
  });
});
