import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, TOO_LARGE_MESSAGE } from '../../src/http/body-limit';
import { CONSTRAINT_MESSAGE, toApiError } from '../../src/http/errors';
import { registration } from './customer-fixtures';
import { cartWith, orderBody, skuWithStock } from './checkout-helpers';
import { createCustomerSession, makeApp, ORIGIN, sameOriginJson, seed } from './app-harness';

/**
 * Issue 15 finding "500s from user input": a NUL (or another control character) or a string that grows when
 * lower-cased passed validation and then broke a database length rule. Each of the probe's examples is now
 * a 4xx with a pt-BR message, and nothing is written.
 */
const app = makeApp();
const NUL = '\u0000';
const PT_BR = /[ãáâçéêíóôõú]|Informe|inválid|Confira|Remova|Não|dados/i;

const TABLES = ['customers', 'addresses', 'campaign_leads', 'exchanges', 'orders', 'sessions', 'auth_attempts'];
async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) out[t] = (await env.DB.prepare(`SELECT count(*) AS n FROM ${t}`).first<{ n: number }>())!.n;
  return out;
}

async function expectRefused(res: Response, why: string) {
  expect(res.status, why).toBeGreaterThanOrEqual(400);
  expect(res.status, why).toBeLessThan(500);
  const text = await res.text();
  const message = res.headers.get('content-type')?.includes('json')
    ? (JSON.parse(text) as { error: string }).error
    : text;
  expect(message, why).toMatch(PT_BR);
}

const ADDRESS = {
  receiver: 'Maria Oliveira',
  zipCode: '01310-100',
  street: 'Avenida Paulista',
  number: '1000',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
};
const form = (fields: Record<string, string>, cookie = ''): RequestInit => ({
  method: 'POST',
  headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', cookie },
  body: new URLSearchParams(fields).toString(),
});

describe('control characters and case-expanding text are refused before the database (issue 15)', () => {
  let cookie = '';
  beforeAll(async () => {
    await seed();
    cookie = (await createCustomerSession()).cookie;
  });

  it('answers each of the probe’s 500s with a pt-BR 4xx and writes nothing', async () => {
    const sku = await skuWithStock(5);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
    const before = await counts();
    const cases: [string, string, RequestInit][] = [
      ['login NUL', '/api/login', sameOriginJson('POST', { login: NUL, password: 'x1234567' })],
      ['login İ×200', '/api/login', sameOriginJson('POST', { login: 'İ'.repeat(200), password: 'x1234567' })],
      [
        'login İ×150@',
        '/api/login',
        sameOriginJson('POST', { login: 'İ'.repeat(150) + '@x.com', password: 'x1234567' }),
      ],
      [
        'me NUL',
        '/api/me',
        sameOriginJson(
          'PUT',
          { name: `Maria${NUL} Oliveira`, phone: '11987654321', birthDate: '1990-05-17' },
          { cookie },
        ),
      ],
      [
        'leads NUL',
        '/api/leads',
        sameOriginJson('POST', { name: `Ana${NUL}`, email: 'ana@example.com', consent: true }),
      ],
      ['address POST NUL', '/api/addresses', sameOriginJson('POST', { ...ADDRESS, street: `Rua${NUL}` }, { cookie })],
      ['address PUT NUL', '/api/addresses/1', sameOriginJson('PUT', { ...ADDRESS, city: NUL }, { cookie })],
      [
        'exchange NUL',
        '/api/exchanges',
        sameOriginJson(
          'POST',
          {
            orderId: 1,
            kind: 'exchange',
            reason: `Tamanho${NUL}`,
            refund: 'cashback',
            items: [{ orderItemId: 1, amount: 1 }],
          },
          { cookie },
        ),
      ],
      ['register NUL', '/api/register', sameOriginJson('POST', registration({ name: `Maria ${NUL}Oliveira` }))],
      [
        'register right-to-left override',
        '/api/register',
        sameOriginJson('POST', registration({ name: 'Ana \u202eazuoS' })),
      ],
      [
        'register zero-width space',
        '/api/register',
        sameOriginJson('POST', registration({ name: 'Maria\u200b Silva' })),
      ],
      [
        'me word joiner',
        '/api/me',
        sameOriginJson('PUT', { name: 'Maria\u2060 Silva', phone: '11987654321', birthDate: '1990-05-17' }, { cookie }),
      ],
      [
        'form /cadastro isolate',
        '/cadastro',
        form({ ...registration(), name: 'Ana \u2067Souza\u2069', marketingOptIn: '' }),
      ],
      [
        'register İ e-mail',
        '/api/register',
        sameOriginJson('POST', registration({ email: 'İ'.repeat(120) + '@example.com' })),
      ],
      [
        'finish-order guest NUL',
        '/api/finish-order',
        sameOriginJson(
          'POST',
          orderBody(
            cartId,
            { paymentMethodId: 47 },
            { anonymousConsumer: { name: `Maria${NUL} da Silva`, email: 'm@example.com', cpf: '529.982.247-25' } },
          ),
        ),
      ],
      ['query NUL', `/api/search?q=${encodeURIComponent(NUL)}`, { method: 'GET' }],
      ['form /login %00', '/login', form({ login: NUL, password: 'x1234567' })],
      [
        'form /cadastro %00',
        '/cadastro',
        form({ ...registration(), name: `Maria${NUL} Oliveira`, marketingOptIn: '' }),
      ],
      [
        'form /minha-conta/perfil %00',
        '/minha-conta/perfil',
        form({ name: `Maria${NUL}`, phone: '11987654321', birthDate: '1990-05-17' }, cookie),
      ],
      ['form /sacola %00', '/sacola/cupom', form({ coupon: `A${NUL}` })],
      ['form /checkout %00', '/checkout', form({ acao: 'frete', cep: `0131${NUL}0100` }, `cart=${cartId}`)],
    ];
    for (const [why, path, init] of cases) {
      const res = await app.request(path, init);
      if (why === 'query NUL') {
        // A read: refused or answered, but never a 500.
        expect(res.status, why).toBeLessThan(500);
        continue;
      }
      await expectRefused(res, why);
    }
    expect(await counts()).toEqual(before);
  });

  it('keeps ordinary whitespace where a field allows it (a multi-line reason is not refused as control text)', async () => {
    const res = await app.request(
      '/api/exchanges',
      sameOriginJson(
        'POST',
        {
          orderId: 999999,
          kind: 'exchange',
          reason: 'Ficou\tapertado\r\nno quadril',
          refund: 'cashback',
          items: [{ orderItemId: 1, amount: 1 }],
        },
        { cookie },
      ),
    );
    expect(res.status).toBe(404);
  });

  it('maps a database constraint that slips through to a pt-BR 4xx (the backstop)', async () => {
    const error = await env.DB.prepare("INSERT INTO customers (email, cpf, name) VALUES ('x@y.z', '123', 'A')")
      .run()
      .catch((e: unknown) => e);
    expect(toApiError(error)).toEqual({ status: 400, body: { code: 'VALIDATION', error: CONSTRAINT_MESSAGE } });
    await env.DB.prepare("INSERT INTO customers (email, cpf, name) VALUES ('dup@y.z', '12345678901', 'A')").run();
    const dup = await env.DB.prepare("INSERT INTO customers (email, cpf, name) VALUES ('dup@y.z', '12345678909', 'A')")
      .run()
      .catch((e: unknown) => e);
    expect(toApiError(dup).status).toBe(409);
    expect(toApiError(new Error('boom')).status).toBe(500);
  });
});

describe('request bodies over the limit are refused unread', () => {
  beforeAll(async () => {
    await seed();
  });

  it('a body over MAX_BODY_BYTES is a 413 in pt-BR (JSON for the API, the store page for a form), and writes nothing', async () => {
    const sku = await skuWithStock(5);
    const big = 'x'.repeat(MAX_BODY_BYTES + 1);
    const before = await env.DB.prepare('SELECT count(*) AS n FROM carts').first<{ n: number }>();
    const api = await app.request('/api/cart', sameOriginJson('POST', { productItemId: sku.id, amount: 1, note: big }));
    expect(api.status).toBe(413);
    expect(await api.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', error: TOO_LARGE_MESSAGE });
    expect(await env.DB.prepare('SELECT count(*) AS n FROM carts').first<{ n: number }>()).toEqual(before);
    // Streamed without a declared length, too.
    const streamed = await app.request('/api/cart', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: new Blob([JSON.stringify({ productItemId: sku.id, amount: 1, note: big })]).stream(),
    });
    expect(streamed.status).toBe(413);
    const page = await app.request('/checkout', form({ nome: big }));
    expect(page.status).toBe(413);
    expect(await page.text()).toContain(TOO_LARGE_MESSAGE);
    // Just under the limit is read as usual.
    const under = await app.request(
      '/api/cart',
      sameOriginJson('POST', { productItemId: sku.id, amount: 1, note: 'x'.repeat(MAX_BODY_BYTES - 200) }),
    );
    expect(under.status).toBe(200);
  });
});

describe('query strings and body-less calls', () => {
  beforeAll(async () => {
    await seed();
  });

  it('refuses a control or bidi character in any /api query string (400 pt-BR), as in a body', async () => {
    for (const path of [
      '/api/omnichannel?zip_code=01310%00100&total_sale=100',
      '/api/omnichannel?zip_code=01310%E2%80%AE100&total_sale=100',
      '/api/search?q=biq%07uini',
      '/api/catalog/listing?slug=moda-praia&tamanho=M%00',
    ]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { error: string }).error, path).toMatch(PT_BR);
    }
    expect((await app.request('/api/omnichannel?zip_code=01310100&total_sale=100')).status).toBe(200);
  });

  it('does not ask a call without a body for a JSON content type; its origin is still checked', async () => {
    const { cookie } = await createCustomerSession();
    const bare = await app.request('/api/favorites/abc', { method: 'DELETE', headers: { origin: ORIGIN, cookie } });
    expect(bare.status).toBe(400);
    expect(((await bare.json()) as { error: string }).error).toMatch(PT_BR);
    const foreign = await app.request('/api/favorites/abc', {
      method: 'DELETE',
      headers: { origin: 'https://evil.example', cookie },
    });
    expect(foreign.status).toBe(403);
    // A body still has to be JSON.
    const typed = await app.request('/api/cart', {
      method: 'POST',
      headers: { origin: ORIGIN },
      body: 'productItemId=1',
    });
    expect(typed.status).toBe(415);
  });
});

describe('refusals name what was wrong', () => {
  beforeAll(async () => {
    await seed();
  });

  const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

  it('a too-long password, a CEP in other digits and a wrong size flag each get their own message', async () => {
    const login = await app.request(
      '/api/login',
      sameOriginJson('POST', { login: 'ana@example.com', password: 'x'.repeat(100_000) }),
    );
    expect(login.status).toBe(400);
    expect(await errorOf(login)).toMatch(/^Use no máximo \d+ caracteres\.$/);
    const cep = await app.request(`/api/omnichannel?zip_code=${encodeURIComponent('٠١٣١٠١٠٠')}&total_sale=100`);
    expect(await errorOf(cep)).toBe('CEP inválido. Informe os 8 dígitos do CEP.');
    const { cookie } = await createCustomerSession();
    const sku = await skuWithStock(5);
    for (const size_chosen of ['true', 1, [], {}]) {
      const res = await app.request(
        '/api/favorites',
        sameOriginJson('POST', { product_item_id: sku.id, size_chosen }, { cookie }),
      );
      expect(res.status, JSON.stringify(size_chosen)).toBe(400);
      expect(await errorOf(res)).toBe('Escolha de tamanho inválida.');
    }
    // null is "not said", like leaving it out.
    expect(
      (
        await app.request(
          '/api/favorites',
          sameOriginJson('POST', { product_item_id: sku.id, size_chosen: null }, { cookie }),
        )
      ).status,
    ).toBeLessThan(300);
  });
});
