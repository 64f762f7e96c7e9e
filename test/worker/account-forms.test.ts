import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAULISTA } from '../unit/address-fixture';
import { DAY_MS, storeDay } from '../../src/lib/format/dates';
import { apiError, nextClientIp, registerVia, registration } from './customer-fixtures';
import { createCustomerSession, islandProps, makeApp, ORIGIN, sameOriginJson, seed } from './app-harness';

const app = makeApp();
const form = (fields: Record<string, string>, cookie: string): RequestInit => ({
  method: 'POST',
  headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', cookie },
  body: new URLSearchParams(fields).toString(),
});
const ADDRESS = PAULISTA;

beforeAll(() => seed());

describe('the address form and /api/addresses refuse invalid data (one schema)', () => {
  const cases: [string, Record<string, string>, string][] = [
    ['an all-zero CEP', { zipCode: '00000000' }, 'CEP inexistente. Confira os números digitados.'],
    ['an unknown UF', { state: 'XX' }, 'UF inválida. Escolha o estado.'],
    ['a CEP of another UF', { city: 'Rio', state: 'RJ' }, 'O CEP não é deste estado. Confira o CEP e a UF.'],
    [
      'a negative number',
      { number: '-5' },
      'Número inválido. Use algarismos (123 ou 123A), km (km 5) ou S/N; bloco e apartamento vão no complemento.',
    ],
  ];
  for (const [what, patch, message] of cases) {
    it(`${what}: 400 with "${message}", and nothing saved`, async () => {
      const ana = await createCustomerSession();
      const page = await app.request('/minha-conta/enderecos', form({ ...ADDRESS, ...patch }, ana.cookie));
      expect(page.status).toBe(400);
      const html = await page.text();
      expect(html).toContain('Confira os campos destacados.');
      expect(html).toContain(message);
      const api = await app.request(
        '/api/addresses',
        sameOriginJson('POST', { ...ADDRESS, ...patch }, { cookie: ana.cookie }),
      );
      expect(api.status).toBe(400);
      expect(JSON.stringify(await apiError(api))).toContain(message);
      const listed = (await (await app.request('/api/addresses', { headers: { cookie: ana.cookie } })).json()) as {
        addresses: unknown[];
      };
      expect(listed.addresses).toEqual([]);
    });
  }

  it('takes a valid address, and "s/n" as the number S/N', async () => {
    const ana = await createCustomerSession();
    expect((await app.request('/minha-conta/enderecos', form({ ...ADDRESS, number: 's/n' }, ana.cookie))).status).toBe(
      303,
    );
    const listed = await (await app.request('/api/addresses', { headers: { cookie: ana.cookie } })).json();
    expect(listed).toMatchObject({ addresses: [{ zipCode: '01310100', state: 'SP', number: 'S/N' }] });
  });
});

describe('a refused account form post is the store page with the reason and "Voltar" to the form', () => {
  it('a NUL in the address form: the form again (400) with the field pointed at and the other values, nothing saved', async () => {
    const ana = await createCustomerSession();
    const saved = () =>
      env.DB.prepare('SELECT count(*) AS n FROM addresses WHERE customer_id = ?')
        .bind(ana.customerId)
        .first<{ n: number }>();
    const before = (await saved())!.n;
    for (const path of ['/minha-conta/enderecos', '/minha-conta/enderecos/7']) {
      const res = await app.request(path, form({ ...ADDRESS, street: 'Avenida\0Paulista' }, ana.cookie));
      expect(res.status, path).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const props = islandProps<{ values: Record<string, string>; errors: Record<string, string>; error: string }>(
        await res.text(),
        'AddressForm',
      )!;
      expect(props.errors, path).toEqual({
        street: 'Há caracteres inválidos nos dados enviados. Remova-os e tente novamente.',
      });
      expect(props.values, path).toMatchObject({
        street: 'AvenidaPaulista',
        zipCode: ADDRESS.zipCode,
        number: ADDRESS.number,
        city: ADDRESS.city,
      });
    }
    expect((await saved())!.n).toBe(before);
  });

  it('a JSON body: 415 page; "Voltar" goes to the Referer when it is this site', async () => {
    const ana = await createCustomerSession();
    const res = await app.request(
      '/minha-conta/perfil',
      sameOriginJson('POST', { name: 'Ana' }, { cookie: ana.cookie, referer: `${ORIGIN}/minha-conta/perfil?x=1` }),
    );
    expect(res.status).toBe(415);
    const html = await res.text();
    expect(html).toContain('Envie o formulário novamente.');
    expect(html).toContain('href="/minha-conta/perfil?x=1">Voltar</a>');
  });
});

describe('a control character in /cadastro or Meus dados: the form again with what was typed, the field pointed at', () => {
  const MESSAGE = 'Há caracteres inválidos nos dados enviados. Remova-os e tente novamente.';
  interface FormProps {
    values: Record<string, string>;
    errors: Record<string, string>;
    error: string | null;
  }
  const stranger = () => ({
    origin: ORIGIN,
    'content-type': 'application/x-www-form-urlencoded',
    'cf-connecting-ip': nextClientIp(),
  });

  for (const [what, bad, kept] of [
    ['a NUL', 'Ana\u0000Julia', 'AnaJulia'],
    ['a right-to-left override', 'Ana \u202eailuJ', 'Ana ailuJ'],
    ['a zero-width space', 'Ana\u200b Julia', 'Ana Julia'],
  ] as const) {
    it(`/cadastro, ${what} in the name: 400 with the form and the other values, no password, no account`, async () => {
      const fields = { ...registration({ name: bad, password: 'segredoForte987' }), marketingOptIn: 'on' };
      const res = await app.request('/cadastro', {
        ...form(fields as unknown as Record<string, string>, ''),
        headers: stranger(),
      });
      expect(res.status).toBe(400);
      expect(res.headers.get('set-cookie') ?? '').not.toContain('session');
      const html = await res.text();
      expect(html).not.toContain('segredoForte987');
      const props = islandProps<FormProps>(html, 'RegisterForm')!;
      expect(props.errors).toEqual({ name: MESSAGE });
      expect(props.error).toBe(MESSAGE);
      expect(props.values).toMatchObject({
        name: kept,
        email: fields.email,
        cpf: fields.cpf,
        phone: fields.phone,
        birthDate: fields.birthDate,
        marketingOptIn: 'on',
      });
      expect(props.values.password).toBeUndefined();
      const account = await env.DB.prepare('SELECT count(*) AS n FROM customers WHERE email = ? OR cpf = ?')
        .bind(fields.email, fields.cpf)
        .first<{ n: number }>();
      expect(account!.n).toBe(0);
    });

    it(`Meus dados, ${what} in the name: 400 with the form and the other values, the profile unchanged`, async () => {
      const ana = await createCustomerSession();
      const before = await env.DB.prepare('SELECT name, phone, birth_date FROM customers WHERE id = ?')
        .bind(ana.customerId)
        .first();
      const res = await app.request(
        '/minha-conta/perfil',
        form({ name: bad, phone: '(21) 99876-5432', birthDate: '1985-02-03', marketingOptIn: 'on' }, ana.cookie),
      );
      expect(res.status).toBe(400);
      const props = islandProps<FormProps>(await res.text(), 'ProfileForm')!;
      expect(props.errors).toEqual({ name: MESSAGE });
      expect(props.error).toBe(MESSAGE);
      expect(props.values).toEqual({
        name: kept,
        phone: '(21) 99876-5432',
        birthDate: '1985-02-03',
        marketingOptIn: 'on',
      });
      expect(
        await env.DB.prepare('SELECT name, phone, birth_date FROM customers WHERE id = ?').bind(ana.customerId).first(),
      ).toEqual(before);
    });
  }

  it('login, forgotten and new password: the form again with the reason, the login kept, never the password', async () => {
    const post = (path: string, fields: Record<string, string>) =>
      app.request(path, { ...form(fields, ''), headers: stranger() });
    const login = await post('/login', {
      login: 'ana\u0000@example.com',
      password: 'segredoForte987',
      redirect: '/\u0000/evil.example',
    });
    expect(login.status).toBe(400);
    expect(login.headers.get('set-cookie') ?? '').not.toContain('session');
    const loginHtml = await login.text();
    expect(loginHtml).not.toContain('segredoForte987');
    // The unreadable redirect is dropped: none asked for, the login lands by who signs in (a shopper: Minha conta).
    expect(islandProps<{ error: string; login: string; redirect: string | null }>(loginHtml, 'LoginPage')).toEqual({
      error: MESSAGE,
      login: 'ana@example.com',
      redirect: null,
    });
    const forgot = await post('/esqueci-senha', { email: 'ana\u202e@example.com' });
    expect(forgot.status).toBe(400);
    const forgotHtml = await forgot.text();
    expect(forgotHtml).toContain(MESSAGE);
    expect(forgotHtml).toContain('action="/esqueci-senha"');
    const reset = await post('/redefinir-senha', { token: 'abc', password: 'segredo\u0000Forte987' });
    expect(reset.status).toBe(400);
    const resetHtml = await reset.text();
    expect(resetHtml).toContain(MESSAGE);
    expect(resetHtml).toContain('<input type="hidden" name="token" value="abc"/>');
    expect(resetHtml).not.toContain('segredoForte987');
  });

  it('the password change: the profile again with the reason at the password form, nothing changed', async () => {
    const ana = await createCustomerSession();
    const before = await env.DB.prepare('SELECT password_hash FROM customers WHERE id = ?')
      .bind(ana.customerId)
      .first();
    const res = await app.request(
      '/minha-conta/perfil/senha',
      form({ currentPassword: 'x', newPassword: 'novaSenha\u0000Forte987' }, ana.cookie),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(MESSAGE);
    expect(html).toContain('action="/minha-conta/perfil/senha"');
    expect(html).not.toContain('novaSenha');
    expect(
      await env.DB.prepare('SELECT password_hash FROM customers WHERE id = ?').bind(ana.customerId).first(),
    ).toEqual(before);
  });

  it('with another field also wrong, both are pointed at', async () => {
    const ana = await createCustomerSession();
    const res = await app.request(
      '/minha-conta/perfil',
      form({ name: 'Ana\u0000', phone: '12', birthDate: '1985-02-03' }, ana.cookie),
    );
    expect(res.status).toBe(400);
    const props = islandProps<FormProps>(await res.text(), 'ProfileForm')!;
    expect(props.errors.name).toBe(MESSAGE);
    expect(props.errors.phone).toBeTruthy();
  });
});

describe('a customer is at least 16 (registration form, /api/register and the profile: one rule)', () => {
  const TOO_YOUNG = 'Você precisa ter pelo menos 16 anos.';
  /** The date `days` from today in São Paulo, 16 years back: 0 is a 16th birthday today, 1 a day short of it. */
  const sixteenYearsBefore = (days: number) => {
    const day = storeDay(new Date(Date.now() + days * DAY_MS));
    return `${Number(day.slice(0, 4)) - 16}${day.slice(4)}`;
  };

  it('refuses a 6-year-old and one a day short of 16, takes one who is 16 today', async () => {
    for (const birthDate of ['2020-01-01', sixteenYearsBefore(1)]) {
      const api = await registerVia(app, { birthDate });
      expect(api.res.status, birthDate).toBe(400);
      expect((await apiError(api.res)).error).toBe(TOO_YOUNG);
      const fields = { ...registration({ birthDate }), marketingOptIn: '' } as unknown as Record<string, string>;
      const page = await app.request('/cadastro', {
        ...form(fields, ''),
        headers: {
          origin: ORIGIN,
          'content-type': 'application/x-www-form-urlencoded',
          'cf-connecting-ip': nextClientIp(),
        },
      });
      expect(page.status).toBe(400);
      expect(await page.text()).toContain(TOO_YOUNG);
    }
    expect((await registerVia(app, { birthDate: sixteenYearsBefore(0) })).res.status).toBe(201);
  });

  it('the profile form refuses it too', async () => {
    const ana = await createCustomerSession();
    const res = await app.request(
      '/minha-conta/perfil',
      form({ name: 'Ana Souza', phone: '11987654321', birthDate: '2020-01-01' }, ana.cookie),
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(TOO_YOUNG);
  });
});

describe('a phone written with its country code is the same phone ("+55 11 …" must not be refused without JavaScript)', () => {
  beforeAll(() => seed());

  it('registration stores the national digits of +55 / 0055 / 55… and refuses another country', async () => {
    for (const phone of ['+55 11 98765-4321', '0055 11 98765-4321', '5511987654321', '+55 (11) 98765-4321']) {
      const { res, token } = await registerVia(app, { phone });
      expect(res.status, phone).toBe(201);
      const me = await app.request('/api/me', { headers: { cookie: `token=${token}` } });
      expect(((await me.json()) as { phone: string }).phone, phone).toBe('11987654321');
    }
    // DDD 55 (Rio Grande do Sul) itself is a phone of 11 digits, not a country code.
    const { res, token } = await registerVia(app, { phone: '(55) 99876-5432' });
    expect(res.status).toBe(201);
    const me = await app.request('/api/me', { headers: { cookie: `token=${token}` } });
    expect(((await me.json()) as { phone: string }).phone).toBe('55998765432');
    const foreign = await registerVia(app, { phone: '+1 415 555 1234' });
    expect(foreign.res.status).toBe(400);
    expect(await apiError(foreign.res)).toMatchObject({ error: expect.stringContaining('telefone') });
  });
});
