import { env } from 'cloudflare:workers';
import type { Role } from '../../src/commerce/staff/permissions';
import { createCustomerSession, sameOriginJson, type TestApp } from './app-harness';

/** Makes a customer staff with `role` (ADR 0028). */
export const makeStaff = (customerId: number, role: Role = 'dono') =>
  env.DB.prepare(
    `INSERT INTO staff (customer_id, role) VALUES (?, ?) ON CONFLICT (customer_id) DO UPDATE SET role = excluded.role, active = 1`,
  )
    .bind(customerId, role)
    .run();

/** A signed-in customer made staff (by default a `dono`, who may do everything). */
export async function createOperatorSession(role: Role = 'dono', name = 'Operadora Teste') {
  const session = await createCustomerSession({ name });
  await makeStaff(session.customerId, role);
  return session;
}

export const withCookie = (cookie: string, body: unknown, method = 'POST'): RequestInit => {
  const init = sameOriginJson(method, body);
  return { ...init, headers: { ...(init.headers as Record<string, string>), cookie } };
};

/** A client of one app for one session cookie. */
export function client(app: TestApp, cookie: string) {
  return {
    get: (path: string) => app.request(path, { headers: { cookie } }),
    post: (path: string, body: unknown) => app.request(path, withCookie(cookie, body)),
  };
}

export const returnRequest = (
  orderId: number,
  items: { orderItemId: number; amount: number }[],
  extra: Record<string, unknown> = {},
) => ({ orderId, kind: 'return', reason: 'Ficou pequeno', items, refund: 'cashback', ...extra });

export const count = async (sql: string, ...args: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...args)
    .first<{ n: number }>())!.n;
