import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { AddressesResponseSchema, AuthResultSchema, MeSchema } from '../../src/contracts/customers';
import { hashToken } from '../../src/commerce/customers/identity';
import { hashPassword, PBKDF2, verifyPassword } from '../../src/commerce/customers/password-hash';
import { apiError, cookiesOf, registerVia, registration } from './customer-fixtures';
import { makeApp, sameOriginJson, seed } from './helpers';

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

  it('refuses a duplicate e-mail or CPF with a clear message', async () => {
    const first = await registerVia(app);
    const sameEmail = await registerVia(app, { email: first.body.email.toUpperCase() });
    expect(sameEmail.res.status).toBe(409);
    expect((await apiError(sameEmail.res)).error).toBe(
      'Já existe uma conta com este e-mail. Faça login ou recupere sua senha.',
    );
    const sameCpf = await registerVia(app, { cpf: first.body.cpf });
    expect(sameCpf.res.status).toBe(409);
    expect((await apiError(sameCpf.res)).error).toBe(
      'Já existe uma conta com este CPF. Faça login ou recupere sua senha.',
    );
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

describe('login brute-force limits', () => {
  beforeAll(() => seed());

  it('locks an account after 5 failures, even for the right password, from any IP', async () => {
    const { body } = await registerVia(app);
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await login({ login: body.email, password: `errada${i}aa` }, { 'cf-connecting-ip': `10.1.0.${i}` })).status,
      ).toBe(401);
    }
    const locked = await login({ login: body.email, password: body.password }, { 'cf-connecting-ip': '10.1.1.1' });
    expect(locked.status).toBe(429);
    expect((await apiError(locked)).error).toBe(
      'Muitas tentativas de login nesta conta. Aguarde 15 minutos ou redefina sua senha.',
    );
    await env.DB.prepare("UPDATE login_attempts SET created_at = '2000-01-01T00:00:00.000Z' WHERE key = ?")
      .bind(body.email)
      .run();
    expect((await login({ login: body.email, password: body.password })).status).toBe(200);
  });

  it('limits one IP trying many accounts', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 30; i += 1) {
      await env.DB.prepare("INSERT INTO login_attempts (scope, key) VALUES ('ip', ?)").bind(ip).run();
    }
    const { body } = await registerVia(app);
    const res = await login({ login: body.email, password: body.password }, { 'cf-connecting-ip': ip });
    expect(res.status).toBe(429);
    expect(
      (await login({ login: body.email, password: body.password }, { 'cf-connecting-ip': '10.2.0.2' })).status,
    ).toBe(200);
  });
});
