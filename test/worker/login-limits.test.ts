import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../src/commerce/customers/service';
import { registerVia } from './customer-fixtures';
import { makeApp, ORIGIN, sameOriginJson, seed } from './app-harness';

/**
 * Login limits across addresses (ADR 0011): a botnet guessing one account's password from many addresses gets
 * `accountFree` guesses at full speed, then each further one waits twice as long after the account's last; the
 * owner is never locked out — a password reset by e-mail ends the slowdown. Every 429 says when to come back.
 */
const app = makeApp();
const login = (body: unknown, ip: string) =>
  app.request('/api/login', sameOriginJson('POST', body, { 'cf-connecting-ip': ip }));
const resetTokenFor = async (email: string) => {
  const mail = await env.DB.prepare('SELECT body_text FROM mail_outbox WHERE to_email = ? ORDER BY id DESC')
    .bind(email)
    .first<{ body_text: string }>();
  return mail!.body_text.match(/redefinir-senha\?token=([A-Za-z0-9_-]+)/)![1]!;
};

describe('login limits per account across addresses', () => {
  beforeAll(() => seed());

  it('60 wrong passwords from 60 addresses: the 61st guess (the right password) is not let through at full speed', async () => {
    const { body } = await registerVia(app);
    const statuses: number[] = [];
    for (let i = 1; i <= 60; i++) {
      const res = await login({ login: body.email, password: `errada${i}xyz` }, `198.51.100.${i}`);
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get('retry-after')), `attempt ${i}`).toBeGreaterThanOrEqual(1);
        expect((await res.json()) as unknown).toMatchObject({
          code: 'RATE_LIMITED',
          error: 'Muitas tentativas de login nesta conta. Aguarde alguns instantes ou redefina sua senha.',
        });
      }
    }
    const evaluated = statuses.filter((s) => s === 401).length;
    // The free ones, plus the few whose doubling delay (1 s, 2 s, 4 s…) had passed while the loop ran.
    expect(evaluated).toBeGreaterThanOrEqual(LOGIN_LIMITS.accountFree);
    expect(evaluated).toBeLessThanOrEqual(LOGIN_LIMITS.accountFree + 6);
    expect(statuses.filter((s) => s === 429).length).toBe(60 - evaluated);

    const right = await login({ login: body.email, password: body.password }, '198.51.100.61');
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(right.headers.get('set-cookie') ?? '').not.toMatch(/token=/);
  });

  it('the owner recovers by e-mail and signs in at once, whatever the guessing did', async () => {
    const { body } = await registerVia(app);
    for (let i = 1; i <= 30; i++) await login({ login: body.email, password: `errada${i}xyz` }, `203.0.113.${i}`);
    expect((await login({ login: body.email, password: body.password }, '203.0.113.200')).status).toBe(429);

    expect((await app.request('/api/password/forgot', sameOriginJson('POST', { email: body.email }))).status).toBe(200);
    const reset = await app.request(
      '/api/password/reset',
      sameOriginJson('POST', { token: await resetTokenFor(body.email), password: 'novaSenha456' }),
    );
    expect(reset.status).toBe(200);
    expect((await login({ login: body.email, password: 'novaSenha456' }, '203.0.113.200')).status).toBe(200);
  });

  it('a burst of parallel guesses past the free ones is evaluated at most once', async () => {
    const { body } = await registerVia(app);
    for (let i = 1; i <= LOGIN_LIMITS.accountFree; i++)
      expect((await login({ login: body.email, password: `errada${i}xyz` }, `192.0.2.${i}`)).status).toBe(401);
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login({ login: body.email, password: `outra${i}xyz` }, `192.0.2.${100 + i}`),
      ),
    );
    expect(burst.filter((r) => r.status === 401).length).toBeLessThanOrEqual(1);
  });

  it('every 429 carries Retry-After: the pair limit, the no-JS login form and registration', async () => {
    const { body } = await registerVia(app);
    let res: Response | null = null;
    for (let i = 0; i <= 5; i++) res = await login({ login: body.email, password: 'erradaXyz1' }, '198.18.0.1');
    expect(res!.status).toBe(429);
    const wait = Number(res!.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(60);
    expect(wait).toBeLessThanOrEqual(LOGIN_LIMITS.windowMinutes * 60);

    const form = await app.request('/login', {
      method: 'POST',
      headers: {
        origin: ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
        'cf-connecting-ip': '198.18.0.1',
      },
      body: new URLSearchParams({ login: body.email, password: 'erradaXyz1' }).toString(),
    });
    expect(form.status).toBe(429);
    expect(Number(form.headers.get('retry-after'))).toBeGreaterThan(60);

    let registered: Response | null = null;
    for (let i = 0; i <= 10; i++) registered = (await registerVia(app, {}, '198.18.0.2')).res;
    expect(registered!.status).toBe(429);
    expect(Number(registered!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
