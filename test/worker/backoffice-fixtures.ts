import { env } from 'cloudflare:workers';
import { createCustomerSession, sameOriginJson, type TestApp } from './app-harness';

/** A signed-in customer made a super user (the store operator). */
export async function createOperatorSession() {
  const session = await createCustomerSession({ name: 'Operadora Teste' });
  await env.DB.prepare('UPDATE customers SET super_user = 1 WHERE id = ?').bind(session.customerId).run();
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
