import { beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_REDIRECTS } from '../unit/redirect-payloads';
import { registerVia } from './customer-fixtures';
import { createCustomerSession, makeApp, ORIGIN, seed } from './app-harness';

/**
 * Issue 15 finding "open redirect": every route that takes a redirect target, fed the hostile matrix.
 * A browser resolves `Location` against the page: wherever it lands must be this origin, and the header
 * holds no control character or backslash (Chromium drops tabs/newlines and reads `\` as `/`).
 */
const app = makeApp();

function expectStaysHome(res: Response, payload: string) {
  const why = `${res.status} ${JSON.stringify(payload)}`;
  expect(res.status, why).toBe(303);
  const location = res.headers.get('location') ?? '';
  expect(location, why).toMatch(/^\/(?![/\\])/);
  expect(location, why).not.toMatch(/[\u0000-\u001f\u007f-\u009f\\]/);
  expect(new URL(location, ORIGIN).origin, why).toBe(ORIGIN);
}

const formPost = (path: string, fields: Record<string, string>, cookie = ''): [string, RequestInit] => [
  path,
  {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  },
];

describe('redirect matrix (issue 15): no route that takes a redirect leaves the origin', () => {
  beforeAll(() => seed());

  it('uses at least 30 payloads', () => expect(HOSTILE_REDIRECTS.length).toBeGreaterThanOrEqual(30));

  it('GET /login?redirect= when signed in (the probe: %2F%09%2Fevil.example%2Fphish)', async () => {
    const { cookie } = await createCustomerSession();
    const probe = await app.request('/login?redirect=%2F%09%2Fevil.example%2Fphish', { headers: { cookie } });
    expectStaysHome(probe, '/\t/evil.example/phish');
    expect(probe.headers.get('location')).toBe('/minha-conta');
    for (const payload of HOSTILE_REDIRECTS) {
      expectStaysHome(
        await app.request(`/login?redirect=${encodeURIComponent(payload)}`, { headers: { cookie } }),
        payload,
      );
    }
    const own = await app.request('/login?redirect=%2Fminha-conta%2Fpedidos%3Fpagina%3D2', { headers: { cookie } });
    expect(own.headers.get('location')).toBe('/minha-conta/pedidos?pagina=2');
  });

  it('GET /login?redirect= renders the form with a safe target for the login script (signed out)', async () => {
    for (const payload of HOSTILE_REDIRECTS.slice(0, 12)) {
      const html = await (await app.request(`/login?redirect=${encodeURIComponent(payload)}`)).text();
      expect(html, JSON.stringify(payload)).toContain('name="redirect" value="/minha-conta"');
    }
  });

  it('POST /login (the no-JS form) with the redirect field', async () => {
    const { body } = await registerVia(app);
    for (const payload of HOSTILE_REDIRECTS) {
      const [path, init] = formPost('/login', { login: body.email, password: body.password, redirect: payload });
      const res = await app.request(path, init);
      // Payloads with control characters are refused as input (400) before any redirect; the rest go home.
      if (res.status === 400) {
        expect(await res.text()).toMatch(/caracteres inválidos/);
        continue;
      }
      expectStaysHome(res, payload);
    }
  });

  it('POST /sacola/* (the no-JS cart) with the back field', async () => {
    for (const payload of HOSTILE_REDIRECTS) {
      const [path, init] = formPost('/sacola/cupom/remover', { back: payload });
      const res = await app.request(path, init);
      if (res.status === 400) continue;
      expectStaysHome(res, payload);
    }
    for (const payload of HOSTILE_REDIRECTS) {
      const [path, init] = formPost('/sacola/adicionar', { productItemId: '999999999', back: payload });
      const res = await app.request(path, init);
      if (res.status === 400) continue;
      expectStaysHome(res, payload);
    }
  });
});
