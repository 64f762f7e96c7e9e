import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { ExchangesResponseSchema } from '../../src/contracts/exchanges';
import type { Permission, Role } from '../../src/commerce/staff/permissions';
import { createCustomerSession, ORIGIN, sameOriginJson, type TestApp } from './app-harness';
import { client, createOperatorSession, returnRequest, withCookie } from './backoffice-fixtures';
import { validCpf } from './customer-fixtures';
import { insertOrder } from './exchange-fixtures';

/** A no-JS form post from this origin. */
export const form = (fields: Record<string, string>, cookie: string, origin = ORIGIN): RequestInit => ({
  method: 'POST',
  headers: { origin, 'content-type': 'application/x-www-form-urlencoded', cookie },
  body: new URLSearchParams(fields).toString(),
});
/** A page's text after undoing React's entities and text separators. */
export const text = async (res: Response) =>
  (await res.text()).replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/<!-- -->/g, '');

export const auditCount = async () => (await env.DB.prepare('SELECT count(*) AS n FROM audit_log').first<number>('n'))!;
export const lastAudit = () =>
  env.DB.prepare('SELECT * FROM audit_log ORDER BY id DESC LIMIT 1').first<{
    staff_id: number;
    staff_email: string;
    action: string;
    entity: string;
    entity_id: string;
    before_json: string | null;
    after_json: string | null;
    request_id: string;
    created_at: string;
  }>();

let emails = 0;
export const freshEmail = (prefix = 'convite') => `${prefix}${Date.now()}${(emails += 1)}@example.com.br`;

/** The token of the newest invitation mailed to `email` (read from the outbox, as the invitee would). */
export async function mailedInviteToken(email: string): Promise<string> {
  const body = await env.DB.prepare("SELECT body_text FROM mail_outbox WHERE to_email = ? AND kind = 'staff_invite' ORDER BY id DESC LIMIT 1")
    .bind(email)
    .first<string>('body_text');
  const token = /\/painel\/convite\?token=([A-Za-z0-9_-]+)/.exec(body ?? '')?.[1];
  expect(token, `an invitation mailed to ${email}`).toBeTruthy();
  return token!;
}

/** A dono invites `email` as `role` through the API; returns the mailed token. */
export async function invite(app: TestApp, donoCookie: string, email: string, role: Role = 'marketing'): Promise<string> {
  const res = await client(app, donoCookie).post('/api/backoffice/staff/invites', { email, role });
  expect(res.status).toBe(201);
  return mailedInviteToken(email);
}

export const paidOrder = async () => (await insertOrder((await createCustomerSession()).customerId, { status: 'paid' })).orderId;

/** A return request in `requested`, made by its customer through the API. */
export async function requestedExchange(app: TestApp): Promise<number> {
  const customer = await createCustomerSession();
  const { orderId, itemIds } = await insertOrder(customer.customerId, { amounts: [1] });
  const res = await client(app, customer.cookie).post('/api/exchanges', returnRequest(orderId, [{ orderItemId: itemIds[0]!, amount: 1 }]));
  expect(res.status).toBe(201);
  return ExchangesResponseSchema.parse(await res.json()).exchanges[0]!.id;
}

/** A cancelled paid order whose refund is owed by transfer (a boleto's), with the shopper's account given. */
export async function owedRefund(): Promise<{ orderId: number; refundId: number }> {
  const orderId = await paidOrder();
  const refund = await env.DB.prepare(
    `INSERT INTO payment_refunds (payment_id, order_id, amount_cents, status)
       SELECT payment_id, id, total_cents, 'owed' FROM orders WHERE id = ? RETURNING id`,
  )
    .bind(orderId)
    .first<{ id: number }>();
  await env.DB.prepare(
    `INSERT INTO refund_payouts (refund_id, bank, agency, account, holder_cpf, given_at) VALUES (?, '260', '0001', '1234567-8', '52998224725', ?)`,
  )
    .bind(refund!.id, new Date().toISOString())
    .run();
  return { orderId, refundId: refund!.id };
}

export const staffId = async (role: Role) => (await createOperatorSession(role, 'Pessoa Alvo')).customerId;

/** One back-office mutation route: the permission this test expects it to need, and a fresh valid request to it. */
export interface Mutation {
  /** Written here by hand (null: a public route, the invitation link). */
  permission: Permission | null;
  ok: number;
  prepare: (app: TestApp, donoCookie: string) => Promise<{ path: string; init: (cookie: string) => RequestInit }>;
}

const json = (path: string, body: unknown) => ({ path, init: (cookie: string) => withCookie(cookie, body) });
const post = (path: string, fields: Record<string, string>) => ({ path, init: (cookie: string) => form(fields, cookie) });
const acceptFields = async (app: TestApp, dono: string) => ({
  token: await invite(app, dono, freshEmail()),
  password: 'Equipe2026',
  name: 'Pessoa Convidada',
  cpf: validCpf(),
});

/**
 * Every back-office mutation route, keyed as the router lists it, with the permission written HERE (not read from
 * src/commerce/staff/permissions.ts): a route that loses its check, or a new route without an entry, fails the tests.
 */
export const MUTATIONS: Record<string, Mutation> = {
  'POST /api/backoffice/orders/:id{[0-9]{1,9}}/status': {
    permission: 'orders:write',
    ok: 200,
    prepare: async () => json(`/api/backoffice/orders/${await paidOrder()}/status`, { to: 'invoiced' }),
  },
  'POST /api/backoffice/orders/:id{[0-9]{1,9}}/payment/check': {
    permission: 'orders:write',
    ok: 200,
    prepare: async () => json(`/api/backoffice/orders/${await paidOrder()}/payment/check`, {}),
  },
  'POST /api/backoffice/orders/:id{[0-9]{1,9}}/refunds/:refundId{[0-9]{1,9}}/paid-out': {
    permission: 'orders:write',
    ok: 200,
    prepare: async () => {
      const { orderId, refundId } = await owedRefund();
      return json(`/api/backoffice/orders/${orderId}/refunds/${refundId}/paid-out`, {});
    },
  },
  'POST /painel/pedidos/:id{[0-9]{1,9}}/conferir': {
    permission: 'orders:write',
    ok: 303,
    prepare: async () => post(`/painel/pedidos/${await paidOrder()}/conferir`, {}),
  },
  'POST /painel/pedidos/:id{[0-9]{1,9}}/reembolsos/:refundId{[0-9]{1,9}}/pago': {
    permission: 'orders:write',
    ok: 303,
    prepare: async () => {
      const { orderId, refundId } = await owedRefund();
      return post(`/painel/pedidos/${orderId}/reembolsos/${refundId}/pago`, {});
    },
  },
  'POST /api/backoffice/exchanges/:id{[0-9]{1,9}}/status': {
    permission: 'exchanges:write',
    ok: 200,
    prepare: async (app) => json(`/api/backoffice/exchanges/${await requestedExchange(app)}/status`, { to: 'approved' }),
  },
  'POST /api/backoffice/staff/invites': {
    permission: 'staff:manage',
    ok: 201,
    prepare: async () => json('/api/backoffice/staff/invites', { email: freshEmail(), role: 'catalogo' }),
  },
  'POST /api/backoffice/staff/:id{[0-9]{1,9}}/role': {
    permission: 'staff:manage',
    ok: 200,
    prepare: async () => json(`/api/backoffice/staff/${await staffId('catalogo')}/role`, { role: 'operacoes' }),
  },
  'POST /api/backoffice/staff/:id{[0-9]{1,9}}/active': {
    permission: 'staff:manage',
    ok: 200,
    prepare: async () => json(`/api/backoffice/staff/${await staffId('marketing')}/active`, { active: false }),
  },
  'POST /api/staff-invite': {
    permission: null,
    ok: 200,
    prepare: async (app, dono) => json('/api/staff-invite', await acceptFields(app, dono)),
  },
  'POST /painel/pedidos/:id{[0-9]{1,9}}/status': {
    permission: 'orders:write',
    ok: 303,
    prepare: async () => post(`/painel/pedidos/${await paidOrder()}/status`, { to: 'invoiced' }),
  },
  'POST /painel/trocas/:id{[0-9]{1,9}}/status': {
    permission: 'exchanges:write',
    ok: 303,
    prepare: async (app) => post(`/painel/trocas/${await requestedExchange(app)}/status`, { to: 'approved' }),
  },
  'POST /painel/equipe/convites': {
    permission: 'staff:manage',
    ok: 303,
    prepare: async () => post('/painel/equipe/convites', { email: freshEmail(), role: 'operacoes' }),
  },
  'POST /painel/equipe/:id{[0-9]{1,9}}/papel': {
    permission: 'staff:manage',
    ok: 303,
    prepare: async () => post(`/painel/equipe/${await staffId('operacoes')}/papel`, { role: 'marketing' }),
  },
  'POST /painel/equipe/:id{[0-9]{1,9}}/situacao': {
    permission: 'staff:manage',
    ok: 303,
    prepare: async () => post(`/painel/equipe/${await staffId('catalogo')}/situacao`, { active: '0' }),
  },
  'POST /painel/convite': {
    permission: null,
    ok: 200,
    prepare: async (app, dono) => post('/painel/convite', await acceptFields(app, dono)),
  },
};

/** What each role may do, written here from the issue (ADR 0028), independently of the code's table. */
export const EXPECTED_ROLES: Record<Role, readonly string[]> = {
  dono: ['orders:write', 'exchanges:write', 'catalog:write', 'stock:write', 'promotions:write', 'content:write', 'customers:write', 'staff:manage', 'audit:read'],
  catalogo: ['catalog:write', 'stock:write'],
  operacoes: ['orders:write', 'exchanges:write', 'stock:write', 'customers:write'],
  marketing: ['promotions:write', 'content:write'],
};

export { sameOriginJson };
