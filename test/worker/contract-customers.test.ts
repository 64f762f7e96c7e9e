import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AddressesResponseSchema,
  AuthResultSchema,
  CashbackStatementSchema,
  SalesReportSchema,
  FavoritesResponseSchema,
  MeSchema,
  MessageSchema,
} from '../../src/contracts/customers';
import { ApiErrorSchema } from '../../src/contracts/errors';
import { ExchangesResponseSchema } from '../../src/contracts/exchanges';
import { cookiesOf, registration, sellableItems } from './customer-fixtures';
import { createCustomerSession, makeProxyPair, sameOriginJson, seed, type TestApp } from './app-harness';

// The customer calls (issue 5) in the contract table: the same request against the embedded app
// and against a proxy whose upstream is a second embedded app; same status, same validated body.
const { embedded, proxy, seen } = makeProxyPair({ COMMERCE_API_USER: 'loja', COMMERCE_API_PASSWORD: 'segredo' });
let cookie = '';
let item = 0;

interface Row {
  name: string;
  path: string | (() => string);
  init?: () => RequestInit;
  status: number;
  schema: z.ZodType;
}

const withSession = (init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), cookie },
});
const address = {
  receiver: 'Ana',
  zipCode: '01310-100',
  street: 'Avenida Paulista',
  number: '1',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
};

const TABLE: Row[] = [
  {
    name: 'GET /api/exchanges',
    path: '/api/exchanges',
    init: () => withSession(),
    status: 200,
    schema: ExchangesResponseSchema,
  },
  { name: 'GET /api/exchanges without a session', path: '/api/exchanges', status: 401, schema: ApiErrorSchema },
  {
    name: 'POST /api/exchanges bad input',
    path: '/api/exchanges',
    init: () =>
      withSession(sameOriginJson('POST', { orderId: 1, kind: 'return', reason: 'x', items: [], refund: 'cashback' })),
    status: 400,
    schema: ApiErrorSchema,
  },
  {
    name: 'POST /api/exchanges unknown order',
    path: '/api/exchanges',
    init: () =>
      withSession(
        sameOriginJson('POST', {
          orderId: 999999,
          kind: 'exchange',
          reason: 'Tamanho errado',
          items: [{ orderItemId: 999999, amount: 1 }],
          refund: 'original',
        }),
      ),
    status: 404,
    schema: ApiErrorSchema,
  },
  { name: 'GET /api/sales', path: '/api/sales', init: () => withSession(), status: 200, schema: SalesReportSchema },
  {
    name: 'GET /api/cashback/statement',
    path: '/api/cashback/statement',
    init: () => withSession(),
    status: 200,
    schema: CashbackStatementSchema,
  },
  {
    name: 'GET /api/cashback/statement without a session',
    path: '/api/cashback/statement',
    status: 401,
    schema: ApiErrorSchema,
  },
  { name: 'GET /api/me', path: '/api/me', init: () => withSession(), status: 200, schema: MeSchema },
  { name: 'GET /api/me without a session', path: '/api/me', status: 401, schema: ApiErrorSchema },
  {
    name: 'PUT /api/me invalid',
    path: '/api/me',
    init: () => withSession(sameOriginJson('PUT', { name: 'A' })),
    status: 400,
    schema: ApiErrorSchema,
  },
  {
    name: 'GET /api/favorites?pdc=true',
    path: '/api/favorites?pdc=true',
    init: () => withSession(),
    status: 200,
    schema: FavoritesResponseSchema,
  },
  {
    name: 'GET /api/favorites without a session',
    path: '/api/favorites?pdc=false',
    status: 401,
    schema: ApiErrorSchema,
  },
  {
    name: 'POST /api/favorites (idempotent)',
    path: '/api/favorites',
    init: () => withSession(sameOriginJson('POST', { product_item_id: item })),
    status: 200,
    schema: FavoritesResponseSchema,
  },
  {
    name: 'POST /api/favorites unknown item',
    path: '/api/favorites',
    init: () => withSession(sameOriginJson('POST', { product_item_id: 999_999_999 })),
    status: 404,
    schema: ApiErrorSchema,
  },
  {
    name: 'DELETE /api/favorites/{id} not a favorite',
    path: '/api/favorites/999999',
    init: () => withSession(sameOriginJson('DELETE')),
    status: 404,
    schema: ApiErrorSchema,
  },
  {
    name: 'GET /api/addresses',
    path: '/api/addresses',
    init: () => withSession(),
    status: 200,
    schema: AddressesResponseSchema,
  },
  {
    name: 'POST /api/addresses bad CEP',
    path: '/api/addresses',
    init: () => withSession(sameOriginJson('POST', { ...address, zipCode: '1' })),
    status: 400,
    schema: ApiErrorSchema,
  },
  {
    name: 'PUT /api/addresses/{id} unknown',
    path: '/api/addresses/999999',
    init: () => withSession(sameOriginJson('PUT', address)),
    status: 404,
    schema: ApiErrorSchema,
  },
  {
    name: 'POST /api/addresses/{id}/default unknown',
    path: '/api/addresses/999999/default',
    init: () => withSession(sameOriginJson('POST')),
    status: 404,
    schema: ApiErrorSchema,
  },
  {
    name: 'DELETE /api/addresses/{id} unknown',
    path: '/api/addresses/999999',
    init: () => withSession(sameOriginJson('DELETE')),
    status: 404,
    schema: ApiErrorSchema,
  },
  {
    name: 'POST /api/register invalid CPF',
    path: '/api/register',
    init: () => sameOriginJson('POST', registration({ cpf: '111.111.111-11' })),
    status: 400,
    schema: ApiErrorSchema,
  },
  {
    name: 'POST /api/login wrong password',
    path: '/api/login',
    init: () => sameOriginJson('POST', { login: 'ninguem@example.com.br', password: 'errada123' }),
    status: 401,
    schema: ApiErrorSchema,
  },
  {
    name: 'POST /api/password/forgot',
    path: '/api/password/forgot',
    init: () => sameOriginJson('POST', { email: 'ninguem@example.com.br' }),
    status: 200,
    schema: MessageSchema,
  },
  {
    name: 'POST /api/password/reset bad token',
    path: '/api/password/reset',
    init: () => sameOriginJson('POST', { token: 'x'.repeat(43), password: 'novaSenha123' }),
    status: 422,
    schema: ApiErrorSchema,
  },
  {
    name: 'POST /api/me/password wrong current',
    path: '/api/me/password',
    init: () => withSession(sameOriginJson('POST', { currentPassword: 'nada1234', newPassword: 'novaSenha123' })),
    status: 422,
    schema: ApiErrorSchema,
  },
];

async function call(app: TestApp, row: Row) {
  const res = await app.request(typeof row.path === 'string' ? row.path : row.path(), row.init?.());
  return { status: res.status, body: (await res.json()) as unknown };
}

describe('/api contract for the customer calls: embedded and upstream adapters', () => {
  beforeAll(async () => {
    await seed();
    cookie = (await createCustomerSession()).cookie;
    [item] = (await sellableItems(1)) as [number];
  });

  it.each(TABLE)('$name answers the same on both backends', async (row) => {
    const direct = await call(embedded, row);
    const viaProxy = await call(proxy, row);
    expect(direct.status).toBe(row.status);
    expect(viaProxy.status).toBe(row.status);
    expect(row.schema.parse(viaProxy.body)).toEqual(row.schema.parse(direct.body));
  });

  it('registers and logs in through the proxy: the worker sets its own session cookie from the upstream token', async () => {
    const body = registration();
    const before = seen.length;
    const registered = await proxy.request('/api/register', sameOriginJson('POST', body));
    expect(registered.status).toBe(201);
    expect(seen.slice(before).map((r) => new URL(r.url).pathname)).toEqual(['/api/register']);
    const token = cookiesOf(registered).jar.get('token')!;
    expect(AuthResultSchema.parse(await registered.json()).token).toBe(token);
    const me = await proxy.request('/api/me', { headers: { cookie: `token=${token}` } });
    expect(MeSchema.parse(await me.json()).email).toBe(body.email);
    expect(seen.at(-1)!.headers.get('authorization')).toBe(`Bearer ${token}`);
    const login = await proxy.request(
      '/api/login',
      sameOriginJson('POST', { login: body.email, password: body.password }),
    );
    expect(login.status).toBe(200);
    expect(cookiesOf(login).raw.find((l) => l.startsWith('token='))).toMatch(/HttpOnly; SameSite=Strict/);
    const logout = await proxy.request('/api/logout', sameOriginJson('POST', {}, { cookie: `token=${token}` }));
    expect(logout.status).toBe(200);
    expect((await embedded.request('/api/me', { headers: { cookie: `token=${token}` } })).status).toBe(401);
  });
});
