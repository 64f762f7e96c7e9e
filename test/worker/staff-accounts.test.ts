import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../src/contracts/errors';
import { INVITE_MESSAGES, OperatorSchema, StaffListSchema } from '../../src/contracts/staff';
import { hashToken } from '../../src/commerce/customers/identity';
import { STAFF_MESSAGES } from '../../src/commerce/staff/service';
import { makeApp, makeProxyPair, sameOriginJson, seed } from './app-harness';
import { client, createOperatorSession } from './backoffice-fixtures';
import { validCpf } from './customer-fixtures';
import { auditCount, form, freshEmail, invite, lastAudit, mailedInviteToken, paidOrder, text } from './staff-fixtures';

const app = makeApp();
let dono: { cookie: string; customerId: number };

const login = async (email: string, password: string) => {
  const res = await app.request('/api/login', sameOriginJson('POST', { login: email, password }));
  return {
    res,
    cookie:
      res.headers
        .getSetCookie()
        .find((c) => c.startsWith('token='))
        ?.split(';')[0] ?? '',
  };
};
const activeDonos = async () =>
  (await env.DB.prepare("SELECT count(*) AS n FROM staff WHERE role = 'dono' AND active = 1").first<number>('n'))!;

beforeAll(async () => {
  await seed();
  dono = await createOperatorSession('dono', 'Dona Teste');
});

describe('staff invitation → password → sign-in', () => {
  it('a dono invites by e-mail (outbox); the invitee sets a password, signs in like a customer and gets only the role', async () => {
    const email = freshEmail('marketing');
    const page = await app.request('/painel/equipe/convites', form({ email, role: 'marketing' }, dono.cookie));
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('/painel/equipe?ok=convite');
    expect(await text(await app.request('/painel/equipe?ok=convite', { headers: { cookie: dono.cookie } }))).toContain(
      email,
    );
    const token = await mailedInviteToken(email);
    const invitation = await text(await app.request(`/painel/convite?token=${token}`));
    expect(invitation).toContain('Convite para');
    expect(invitation).toContain('Marketing');
    expect(invitation).toContain('name="cpf"');
    // A weak password and a missing CPF are refused in pt-BR, and the link still works afterwards.
    expect(
      (await app.request('/painel/convite', form({ token, password: 'curta', name: 'Ana Lima', cpf: validCpf() }, '')))
        .status,
    ).toBe(400);
    const noCpf = await app.request('/painel/convite', form({ token, password: 'Equipe2026', name: 'Ana Lima' }, ''));
    expect(noCpf.status).toBe(400);
    expect(await text(noCpf)).toContain('CPF');
    const accepted = await app.request(
      '/painel/convite',
      form({ token, password: 'Equipe2026', name: 'Ana Lima', cpf: validCpf() }, ''),
    );
    expect(accepted.status).toBe(200);
    expect(await text(accepted)).toContain(INVITE_MESSAGES.accepted);
    expect(await lastAudit()).toMatchObject({ action: 'staff.accept', entity: 'staff', staff_email: email });
    // Single use.
    const again = await app.request(
      '/painel/convite',
      form({ token, password: 'Outra2026x', name: 'Ana Lima', cpf: validCpf() }, ''),
    );
    expect(again.status).toBe(422);
    expect(await text(again)).toContain(INVITE_MESSAGES.invalid);
    expect(await login(email, 'Outra2026x').then((r) => r.res.status)).toBe(401);
    // Signs in with the customer login (same sessions and limits) and is staff with the marketing role only.
    const session = await login(email, 'Equipe2026');
    expect(session.res.status).toBe(200);
    const me = OperatorSchema.parse(await (await client(app, session.cookie).get('/api/backoffice/me')).json());
    expect(me).toMatchObject({ email, role: 'marketing', permissions: ['promotions:write', 'content:write'] });
    const orderId = await paidOrder();
    const refused = await app.request(`/painel/pedidos/${orderId}/status`, form({ to: 'invoiced' }, session.cookie));
    expect(refused.status).toBe(403);
    expect(await text(refused)).toContain('Sem permissão');
    const api = await client(app, session.cookie).post(`/api/backoffice/orders/${orderId}/status`, { to: 'invoiced' });
    expect(api.status).toBe(403);
    expect(ApiErrorSchema.parse(await api.json()).error).toBe(STAFF_MESSAGES.noPermission);
  });

  it('an e-mail that already has a customer account only sets a new password (its sessions end)', async () => {
    const customer = await createOperatorSession('catalogo');
    await env.DB.prepare('DELETE FROM staff WHERE customer_id = ?').bind(customer.customerId).run();
    const email = (await env.DB.prepare('SELECT email FROM customers WHERE id = ?')
      .bind(customer.customerId)
      .first<string>('email'))!;
    const token = await invite(app, dono.cookie, email, 'operacoes');
    const view = await app.request(`/api/staff-invite?token=${token}`);
    expect(await view.json()).toEqual({ email, role: 'operacoes', hasAccount: true });
    const res = await app.request('/api/staff-invite', sameOriginJson('POST', { token, password: 'Nova2026senha' }));
    expect(res.status).toBe(200);
    expect((await client(app, customer.cookie).get('/api/backoffice/me')).status).toBe(401);
    const session = await login(email, 'Nova2026senha');
    expect(OperatorSchema.parse(await (await client(app, session.cookie).get('/api/backoffice/me')).json()).role).toBe(
      'operacoes',
    );
  });

  it('a disabled staff member re-invited comes back active with the new role', async () => {
    const member = await createOperatorSession('catalogo');
    await client(app, dono.cookie).post(`/api/backoffice/staff/${member.customerId}/active`, { active: false });
    const email = (await env.DB.prepare('SELECT email FROM customers WHERE id = ?')
      .bind(member.customerId)
      .first<string>('email'))!;
    const token = await invite(app, dono.cookie, email, 'operacoes');
    expect(
      (await app.request('/api/staff-invite', sameOriginJson('POST', { token, password: 'Volta2026x' }))).status,
    ).toBe(200);
    const row = await env.DB.prepare('SELECT role, active FROM staff WHERE customer_id = ?')
      .bind(member.customerId)
      .first();
    expect(row).toEqual({ role: 'operacoes', active: 1 });
    expect(await lastAudit()).toMatchObject({
      action: 'staff.accept',
      staff_id: member.customerId,
      after_json: '{"role":"operacoes","active":1}',
    });
  });

  it('an expired or unknown link is refused in pt-BR and writes nothing', async () => {
    const token = 'x'.repeat(43);
    await env.DB.prepare(
      "INSERT INTO staff_invites (token_hash, email, role, invited_by, expires_at) VALUES (?, ?, 'dono', ?, ?)",
    )
      .bind(await hashToken(token), freshEmail(), dono.customerId, new Date(Date.now() - 1000).toISOString())
      .run();
    const before = await auditCount();
    for (const t of [token, 'y'.repeat(43)]) {
      const res = await app.request(
        '/api/staff-invite',
        sameOriginJson('POST', { token: t, password: 'Equipe2026', name: 'Ana Lima', cpf: validCpf() }),
      );
      expect(res.status).toBe(422);
      expect(ApiErrorSchema.parse(await res.json()).error).toBe(INVITE_MESSAGES.invalid);
      expect((await app.request(`/painel/convite?token=${t}`)).status).toBe(422);
    }
    expect((await app.request('/painel/convite?token=%00')).status).toBe(400);
    expect(await auditCount()).toBe(before);
  });

  it('inviting someone already on the active staff is a 409', async () => {
    const res = await client(app, dono.cookie).post('/api/backoffice/staff/invites', {
      email: 'operador@vitrine.dev',
      role: 'marketing',
    });
    expect(res.status).toBe(409);
    expect(ApiErrorSchema.parse(await res.json()).error).toBe(STAFF_MESSAGES.alreadyStaff);
  });
});

describe('role changes, disabling and the last dono', () => {
  it('a disabled staff member loses the back office at once; re-enabled, gets it back', async () => {
    const member = await createOperatorSession('operacoes');
    const off = await client(app, dono.cookie).post(`/api/backoffice/staff/${member.customerId}/active`, {
      active: false,
    });
    expect(off.status).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: 'staff.active',
      before_json: '{"active":true}',
      after_json: '{"active":false}',
    });
    expect((await client(app, member.cookie).get('/api/backoffice/me')).status).toBe(403);
    expect((await app.request('/painel/pedidos', { headers: { cookie: member.cookie } })).status).toBe(404);
    await client(app, dono.cookie).post(`/api/backoffice/staff/${member.customerId}/active`, { active: true });
    expect((await client(app, member.cookie).get('/api/backoffice/me')).status).toBe(200);
  });

  it('a dono cannot demote or disable the last active dono (409, nothing written); with another dono, can', async () => {
    // Only this test's dono stays an active dono.
    await env.DB.prepare("UPDATE staff SET active = 0 WHERE role = 'dono' AND customer_id <> ?")
      .bind(dono.customerId)
      .run();
    expect(await activeDonos()).toBe(1);
    const me = client(app, dono.cookie);
    const before = await auditCount();
    for (const [path, body] of [
      ['role', { role: 'catalogo' }],
      ['active', { active: false }],
    ] as const) {
      const res = await me.post(`/api/backoffice/staff/${dono.customerId}/${path}`, body);
      expect(res.status).toBe(409);
      expect(ApiErrorSchema.parse(await res.json()).error).toBe(STAFF_MESSAGES.lastDono);
    }
    const page = await app.request(`/painel/equipe/${dono.customerId}/situacao`, form({ active: '0' }, dono.cookie));
    expect(page.status).toBe(409);
    expect(await text(page)).toContain(STAFF_MESSAGES.lastDono);
    expect(await auditCount()).toBe(before);
    expect(await activeDonos()).toBe(1);
    // Two donos demoting each other at once: one wins, the store keeps a dono.
    const other = await createOperatorSession('dono', 'Outro Dono');
    const both = await Promise.all([
      me.post(`/api/backoffice/staff/${other.customerId}/role`, { role: 'marketing' }),
      client(app, other.cookie).post(`/api/backoffice/staff/${dono.customerId}/role`, { role: 'marketing' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await activeDonos()).toBe(1);
    expect(await auditCount()).toBe(before + 1);
  });

  it('unknown staff ids are 404; bad bodies are pt-BR 400s', async () => {
    const me = client(app, dono.cookie);
    expect((await me.post('/api/backoffice/staff/999999999/role', { role: 'dono' })).status).toBe(404);
    for (const body of [{ role: 'admin' }, { role: '__proto__' }, { role: 'dono\u0000' }, {}]) {
      const res = await me.post(`/api/backoffice/staff/${dono.customerId}/role`, body);
      expect(res.status).toBe(400);
      expect(ApiErrorSchema.parse(await res.json()).error).toMatch(/papel|inválid|Preencha|caracteres/i);
    }
    const odd = await app.request('/api/backoffice/staff/invites', {
      method: 'POST',
      headers: { origin: 'http://localhost', 'content-type': 'text/plain', cookie: dono.cookie },
      body: '{"email":"a@b.co","role":"dono"}',
    });
    expect(odd.status).toBeGreaterThanOrEqual(400);
    expect(odd.status).toBeLessThan(500);
    const multipart = await app.request('/painel/equipe/convites', {
      method: 'POST',
      headers: { origin: 'http://localhost', 'content-type': 'multipart/form-data; boundary=x', cookie: dono.cookie },
      body: '--x--',
    });
    expect(multipart.status).toBe(415);
  });
});

describe('proxy mode', () => {
  it("the guard reads the upstream's /backoffice/me (role and permissions) and the staff pages work through it", async () => {
    const { proxy } = makeProxyPair();
    const marketing = await createOperatorSession('marketing');
    const me = OperatorSchema.parse(await (await client(proxy, marketing.cookie).get('/api/backoffice/me')).json());
    expect(me.role).toBe('marketing');
    const orderId = await paidOrder();
    expect(
      (await client(proxy, marketing.cookie).post(`/api/backoffice/orders/${orderId}/status`, { to: 'invoiced' }))
        .status,
    ).toBe(403);
    expect(
      (await proxy.request(`/painel/pedidos/${orderId}/status`, form({ to: 'invoiced' }, marketing.cookie))).status,
    ).toBe(403);
    const staff = StaffListSchema.parse(await (await client(proxy, dono.cookie).get('/api/backoffice/staff')).json());
    expect(staff.staff.some((s) => s.id === marketing.customerId)).toBe(true);
    const moved = await proxy.request(`/painel/pedidos/${orderId}/status`, form({ to: 'invoiced' }, dono.cookie));
    expect(moved.status).toBe(303);
    expect(await lastAudit()).toMatchObject({ action: 'order.status', entity_id: String(orderId) });
  });
});
