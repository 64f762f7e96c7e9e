import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { AddressesResponseSchema, FavoritesResponseSchema, MessageSchema } from '../../src/contracts/customers';
import { hashToken } from '../../src/commerce/customers/identity';
import { apiError, registerVia, sellableItems, twoSizes } from './customer-fixtures';
import { createCustomerSession, makeApp, makeProxyPair, sameOriginJson, seed } from './app-harness';

const app = makeApp();
const outboxFor = (email: string) =>
  env.DB.prepare('SELECT subject, body_text FROM mail_outbox WHERE to_email = ? ORDER BY id DESC')
    .bind(email)
    .all<{ subject: string; body_text: string }>();
const resetTokenIn = (text: string) => text.match(/redefinir-senha\?token=([A-Za-z0-9_-]+)/)![1]!;

describe('password recovery through the mail outbox', () => {
  beforeAll(() => seed());

  it('mails a single-use link; the new password works, the old one and old sessions do not', async () => {
    const { body, token } = await registerVia(app);
    const asked = await app.request('/api/password/forgot', sameOriginJson('POST', { email: body.email }));
    expect(asked.status).toBe(200);
    expect(MessageSchema.parse(await asked.json()).message).toBe(
      'Se houver uma conta com este e-mail, você receberá um link para criar uma nova senha.',
    );
    const mails = (await outboxFor(body.email)).results;
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Vitrine: redefina sua senha');
    expect(mails[0]!.body_text).toContain('http://localhost/redefinir-senha?token=');
    const resetToken = resetTokenIn(mails[0]!.body_text);
    const stored = await env.DB.prepare('SELECT token_hash FROM password_resets WHERE token_hash = ?')
      .bind(resetToken)
      .first();
    expect(stored).toBeNull(); // only the hash is stored

    const reset = await app.request(
      '/api/password/reset',
      sameOriginJson('POST', { token: resetToken, password: 'novaSenha456' }),
    );
    expect(reset.status).toBe(200);
    const again = await app.request(
      '/api/password/reset',
      sameOriginJson('POST', { token: resetToken, password: 'outraSenha789' }),
    );
    expect(again.status).toBe(422);
    expect((await apiError(again)).error).toBe(
      'Este link de redefinição é inválido, expirou ou já foi usado. Peça um novo.',
    );
    expect((await app.request('/api/me', { headers: { cookie: `token=${token}` } })).status).toBe(401);
    const login = (password: string) =>
      app.request('/api/login', sameOriginJson('POST', { login: body.email, password }));
    expect((await login(body.password)).status).toBe(401);
    expect((await login('novaSenha456')).status).toBe(200);
  });

  it('answers the same for an unknown e-mail and mails nothing', async () => {
    const res = await app.request('/api/password/forgot', sameOriginJson('POST', { email: 'ninguem@example.com.br' }));
    expect(res.status).toBe(200);
    expect((await outboxFor('ninguem@example.com.br')).results).toHaveLength(0);
  });

  it('refuses an expired link', async () => {
    const { body } = await registerVia(app);
    await app.request('/api/password/forgot', sameOriginJson('POST', { email: body.email }));
    const resetToken = resetTokenIn((await outboxFor(body.email)).results[0]!.body_text);
    await env.DB.prepare(
      "UPDATE password_resets SET expires_at = '2000-01-01T00:00:00.000Z' WHERE customer_id = (SELECT id FROM customers WHERE email = ?)",
    )
      .bind(body.email)
      .run();
    const res = await app.request(
      '/api/password/reset',
      sameOriginJson('POST', { token: resetToken, password: 'novaSenha456' }),
    );
    expect(res.status).toBe(422);
  });

  it('lets exactly one of two concurrent resets with the same link through', async () => {
    const { body } = await registerVia(app);
    await app.request('/api/password/forgot', sameOriginJson('POST', { email: body.email }));
    const resetToken = resetTokenIn((await outboxFor(body.email)).results[0]!.body_text);
    const [a, b] = await Promise.all(
      ['primeiraSenha1', 'segundaSenha2'].map((password) =>
        app.request('/api/password/reset', sameOriginJson('POST', { token: resetToken, password })),
      ),
    );
    expect([a!.status, b!.status].sort()).toEqual([200, 422]);
    const winner = a!.status === 200 ? 'primeiraSenha1' : 'segundaSenha2';
    const loser = a!.status === 200 ? 'segundaSenha2' : 'primeiraSenha1';
    const login = (password: string) =>
      app.request('/api/login', sameOriginJson('POST', { login: body.email, password }));
    expect((await login(loser)).status).toBe(401);
    expect((await login(winner)).status).toBe(200);
  });
});

describe('older password-reset links die (issue 15)', () => {
  beforeAll(() => seed());
  const reset = (token: string, password: string) =>
    app.request('/api/password/reset', sameOriginJson('POST', { token, password }));
  const ask = (email: string) => app.request('/api/password/forgot', sameOriginJson('POST', { email }));

  it('a newer link invalidates every older unused one; the newest still works', async () => {
    const { body } = await registerVia(app);
    await ask(body.email);
    await ask(body.email);
    const [newest, older] = (await outboxFor(body.email)).results.map((m) => resetTokenIn(m.body_text));
    const refused = await reset(older!, 'antigaSenha123');
    expect(refused.status).toBe(422);
    expect((await apiError(refused)).error).toBe(
      'Este link de redefinição é inválido, expirou ou já foi usado. Peça um novo.',
    );
    expect((await reset(newest!, 'novaSenha456')).status).toBe(200);
  });

  it('using a link invalidates every other unused link of the customer (one issued before this rule too)', async () => {
    const { body } = await registerVia(app);
    await ask(body.email);
    const used = resetTokenIn((await outboxFor(body.email)).results[0]!.body_text);
    // A link still live from before links superseded each other: written straight into the table.
    const legacy = 'legacyResetToken0123456789abcdef';
    await env.DB.prepare(
      `INSERT INTO password_resets (token_hash, customer_id, expires_at, created_at)
       SELECT ?, id, ?, '2000-01-01T00:00:00.000Z' FROM customers WHERE email = ?`,
    )
      .bind(await hashToken(legacy), new Date(Date.now() + 3_600_000).toISOString(), body.email)
      .run();
    expect((await reset(used, 'novaSenha456')).status).toBe(200);
    expect((await reset(legacy, 'outraSenha789')).status).toBe(422);
    const login = (password: string) =>
      app.request('/api/login', sameOriginJson('POST', { login: body.email, password }));
    expect((await login('outraSenha789')).status).toBe(401);
    expect((await login('novaSenha456')).status).toBe(200);
  });
});

describe('favorites (owner-scoped)', () => {
  beforeAll(() => seed());

  it('adds, lists with product data, removes; a second customer sees none and gets 404', async () => {
    const [first, second] = await sellableItems(2);
    const ana = await createCustomerSession();
    const bia = await createCustomerSession();
    const post = (cookie: string, id: number) =>
      app.request('/api/favorites', sameOriginJson('POST', { product_item_id: id }, { cookie }));
    expect((await post(ana.cookie, first!)).status).toBe(200);
    expect((await post(ana.cookie, first!)).status).toBe(200); // idempotent
    const added = FavoritesResponseSchema.parse(await (await post(ana.cookie, second!)).json());
    expect(added.ids).toEqual([second, first]);
    const full = FavoritesResponseSchema.parse(
      await (await app.request('/api/favorites?pdc=true', { headers: { cookie: ana.cookie } })).json(),
    );
    expect(full.favorites.map((f) => f.product_item_id)).toEqual([second, first]);
    expect(full.favorites[0]!.slug).toMatch(/^[a-z0-9-]+$/);
    expect(full.favorites[0]!.priceCents).toBeGreaterThan(0);

    const theirs = FavoritesResponseSchema.parse(
      await (await app.request('/api/favorites?pdc=true', { headers: { cookie: bia.cookie } })).json(),
    );
    expect(theirs).toEqual({ favorites: [], ids: [] });
    const stolen = await app.request(`/api/favorites/${first}`, sameOriginJson('DELETE', {}, { cookie: bia.cookie }));
    expect(stolen.status).toBe(404);
    expect(
      (await app.request(`/api/favorites/${first}`, sameOriginJson('DELETE', {}, { cookie: ana.cookie }))).status,
    ).toBe(200);
    const left = FavoritesResponseSchema.parse(
      await (await app.request('/api/favorites', { headers: { cookie: ana.cookie } })).json(),
    );
    expect(left.ids).toEqual([second]);
  });

  it('a favourite saved before a size was chosen has no size; one saved with a size keeps it (both adapters)', async () => {
    const [first, second] = await twoSizes();
    for (const target of [app, makeProxyPair().proxy]) {
      const ana = await createCustomerSession();
      const post = (body: object) =>
        target.request('/api/favorites', sameOriginJson('POST', body, { cookie: ana.cookie }));
      // The listing card's heart, or the product page's before a size: the colour's first item, no size.
      expect((await post({ product_item_id: first!.id, size_chosen: false })).status).toBe(200);
      const list = async () =>
        FavoritesResponseSchema.parse(
          await (await target.request('/api/favorites?pdc=true', { headers: { cookie: ana.cookie } })).json(),
        ).favorites;
      expect(await list()).toMatchObject([{ product_item_id: first!.id, size: null, colorSlug: first!.colorSlug }]);
      // A size chosen: that size, as does a body without `size_chosen` (the spec's).
      expect((await post({ product_item_id: second!.id, size_chosen: true })).status).toBe(200);
      expect((await list()).map((f) => [f.product_item_id, f.size])).toEqual([
        [second!.id, second!.size],
        [first!.id, null],
      ]);
      const other = await createCustomerSession();
      await target.request(
        '/api/favorites',
        sameOriginJson('POST', { product_item_id: first!.id }, { cookie: other.cookie }),
      );
      const theirs = FavoritesResponseSchema.parse(
        await (await target.request('/api/favorites?pdc=true', { headers: { cookie: other.cookie } })).json(),
      );
      expect(theirs.favorites.map((f) => f.size)).toEqual([first!.size]);
      // Saved again with its size: the same favourite now has it.
      await post({ product_item_id: first!.id, size_chosen: true });
      expect((await list()).find((f) => f.product_item_id === first!.id)!.size).toBe(first!.size);
      expect((await post({ product_item_id: first!.id, size_chosen: 'não' })).status).toBe(400);
    }
  });

  it('needs a session and a real product item', async () => {
    expect((await app.request('/api/favorites')).status).toBe(401);
    const ana = await createCustomerSession();
    const res = await app.request(
      '/api/favorites',
      sameOriginJson('POST', { product_item_id: 999_999_999 }, { cookie: ana.cookie }),
    );
    expect(res.status).toBe(404);
    const bad = await app.request(
      '/api/favorites',
      sameOriginJson('POST', { product_item_id: 'x' }, { cookie: ana.cookie }),
    );
    expect(bad.status).toBe(400);
  });
});

const address = (overrides: Record<string, unknown> = {}) => ({
  receiver: 'Ana Souza',
  zipCode: '22021-001',
  street: 'Avenida Atlântica',
  number: '500',
  complement: 'apto 12',
  neighborhood: 'Copacabana',
  city: 'Rio de Janeiro',
  state: 'RJ',
  ...overrides,
});

describe('addresses (owner-scoped)', () => {
  beforeAll(() => seed());

  it('CRUD with one default at a time; the first address becomes the default', async () => {
    const ana = await createCustomerSession();
    const call = (method: string, path: string, body?: unknown) =>
      app.request(
        path,
        method === 'GET'
          ? { headers: { cookie: ana.cookie } }
          : sameOriginJson(method, body ?? {}, { cookie: ana.cookie }),
      );
    const one = AddressesResponseSchema.parse(await (await call('POST', '/api/addresses', address())).json());
    expect(one.addresses).toEqual([
      expect.objectContaining({ zipCode: '22021001', isDefault: true, complement: 'apto 12' }),
    ]);
    const two = AddressesResponseSchema.parse(
      await (
        await call('POST', '/api/addresses', address({ label: 'Trabalho', number: '10', isDefault: true }))
      ).json(),
    );
    expect(two.addresses.filter((a) => a.isDefault).map((a) => a.label)).toEqual(['Trabalho']);
    const first = two.addresses.find((a) => a.label === null)!;
    const edited = AddressesResponseSchema.parse(
      await (await call('PUT', `/api/addresses/${first.id}`, address({ number: '501' }))).json(),
    );
    expect(edited.addresses.find((a) => a.id === first.id)!.number).toBe('501');
    const back = AddressesResponseSchema.parse(await (await call('POST', `/api/addresses/${first.id}/default`)).json());
    expect(back.addresses.find((a) => a.isDefault)!.id).toBe(first.id);
    const removed = AddressesResponseSchema.parse(await (await call('DELETE', `/api/addresses/${first.id}`)).json());
    expect(removed.addresses).toHaveLength(1);
    expect(removed.addresses[0]!.isDefault).toBe(true);
  });

  it('refuses a bad CEP with a pt-BR message', async () => {
    const ana = await createCustomerSession();
    const res = await app.request(
      '/api/addresses',
      sameOriginJson('POST', address({ zipCode: '2202' }), { cookie: ana.cookie }),
    );
    expect(res.status).toBe(400);
    expect((await apiError(res)).error).toBe('CEP inválido. Informe os 8 dígitos.');
  });

  it('reads a house number sent as a JSON number as its digits, and refuses a negative one as a number', async () => {
    const ana = await createCustomerSession();
    const send = (number: unknown) =>
      app.request('/api/addresses', sameOriginJson('POST', address({ number }), { cookie: ana.cookie }));
    const saved = await send(250);
    expect(saved.status).toBe(201);
    expect(AddressesResponseSchema.parse(await saved.json()).addresses.map((a) => a.number)).toContain('250');
    for (const number of [-5, 1.5]) {
      const res = await send(number);
      expect(res.status).toBe(400);
      expect((await apiError(res)).error).toMatch(/^Número inválido/);
    }
    const missing = await send(null);
    expect((await apiError(missing)).error).toBe('Informe o número.');
  });

  it("answers 404 for another customer's address on every route and changes nothing", async () => {
    const ana = await createCustomerSession();
    const bia = await createCustomerSession();
    const mine = AddressesResponseSchema.parse(
      await (await app.request('/api/addresses', sameOriginJson('POST', address(), { cookie: ana.cookie }))).json(),
    ).addresses[0]!;
    const asBia = [
      sameOriginJson('PUT', address({ street: 'Rua Roubada' }), { cookie: bia.cookie }),
      sameOriginJson('DELETE', {}, { cookie: bia.cookie }),
    ];
    for (const init of asBia) expect((await app.request(`/api/addresses/${mine.id}`, init)).status).toBe(404);
    expect(
      (await app.request(`/api/addresses/${mine.id}/default`, sameOriginJson('POST', {}, { cookie: bia.cookie })))
        .status,
    ).toBe(404);
    const biaList = AddressesResponseSchema.parse(
      await (await app.request('/api/addresses', { headers: { cookie: bia.cookie } })).json(),
    );
    expect(biaList.addresses).toEqual([]);
    const anaList = AddressesResponseSchema.parse(
      await (await app.request('/api/addresses', { headers: { cookie: ana.cookie } })).json(),
    );
    expect(anaList.addresses).toEqual([mine]);
  });
});
