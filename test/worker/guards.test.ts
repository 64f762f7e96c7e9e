import { beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../src/contracts/errors';
import { createOperatorSession } from './backoffice-fixtures';
import { createCustomerSession, ORIGIN, makeApp, seed } from './app-harness';

// `/api/nope` has no handler: a call that passes the guard ends in 404, one that does not in 403/415.
const { request } = makeApp();
const PASSED = 404;

async function send(method: string, headers: Record<string, string>, url = '/api/nope') {
  const res = await request(url, { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : '{}' });
  return {
    status: res.status,
    body: res.status === PASSED || method === 'HEAD' ? null : ApiErrorSchema.parse(await res.json()),
  };
}

describe('same-origin JSON guard on /api', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('lets a same-origin JSON %s through', async (method) => {
    expect((await send(method, { origin: ORIGIN, 'content-type': 'application/json' })).status).toBe(PASSED);
  });

  it('accepts Sec-Fetch-Site: same-origin when the browser sends no Origin', async () => {
    expect((await send('POST', { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' })).status).toBe(
      PASSED,
    );
  });

  it('compares the Origin with the request origin, scheme and port included', async () => {
    const https = 'https://www.vitrine.com.br/api/nope';
    expect(
      (await send('POST', { origin: 'https://www.vitrine.com.br', 'content-type': 'application/json' }, https)).status,
    ).toBe(PASSED);
    expect(
      (await send('POST', { origin: 'http://www.vitrine.com.br', 'content-type': 'application/json' }, https)).status,
    ).toBe(403);
    expect(
      (await send('POST', { origin: 'https://www.vitrine.com.br:8443', 'content-type': 'application/json' }, https))
        .status,
    ).toBe(403);
    expect(
      (await send('POST', { origin: 'https://vitrine.com.br', 'content-type': 'application/json' }, https)).status,
    ).toBe(403);
  });

  it.each([
    ['another site in Origin', { origin: 'https://evil.example' }],
    ['a look-alike Origin', { origin: `${ORIGIN}.evil.example` }],
    ['Origin: null (sandboxed frame, file://)', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
    ['Sec-Fetch-Site: none', { 'sec-fetch-site': 'none' }],
    ['neither Origin nor Sec-Fetch-Site', {}],
    [
      'a foreign Origin despite Sec-Fetch-Site: same-origin',
      { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
    ],
  ])('refuses a POST with %s (403)', async (_why, headers: Record<string, string>) => {
    const { status, body } = await send('POST', { ...headers, 'content-type': 'application/json' });
    expect(status).toBe(403);
    expect(body).toEqual({ code: 'FORBIDDEN_ORIGIN', error: 'Requisição de origem não permitida.' });
  });

  it.each([
    ['text/plain', 'text/plain;charset=UTF-8'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=x'],
    ['JSONP look-alike', 'application/jsonp'],
    ['no content type', ''],
  ])('refuses a same-origin POST sent as %s (415)', async (_why, type) => {
    const headers: Record<string, string> = { origin: ORIGIN };
    if (type) headers['content-type'] = type;
    const { status, body } = await send('POST', headers);
    expect(status).toBe(415);
    expect(body).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', error: 'Envie os dados em JSON.' });
  });

  it.each(['application/json; charset=utf-8', 'Application/JSON'])('accepts the JSON content type %s', async (type) => {
    expect((await send('POST', { origin: ORIGIN, 'content-type': type })).status).toBe(PASSED);
  });

  it('checks the origin before the content type', async () => {
    expect((await send('POST', { origin: 'https://evil.example', 'content-type': 'text/plain' })).status).toBe(403);
  });

  it.each(['GET', 'HEAD'])('needs neither origin nor JSON for %s', async (method) => {
    const res = await request('/api/parameters', {
      method,
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(200);
  });

  it('answers guard refusals with no-store JSON', async () => {
    const res = await request('/api/nope', { method: 'POST', headers: { origin: 'https://evil.example' }, body: '{}' });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

/**
 * Issue 15: one same-origin rule (`sameOrigin`, src/http/same-origin.ts) for /api and every form route. Before, the no-JS
 * `POST /checkout` accepted a missing or `null` Origin and the code held five checks with three behaviours.
 */
describe('one same-origin rule for /api and every form route', () => {
  // Account and back-office forms send a signed-out visitor to the login page before anything else.
  let cookies: Record<string, string> = {};
  beforeAll(async () => {
    await seed();
    cookies = {
      '/minha-conta/perfil': (await createCustomerSession()).cookie,
      '/painel/pedidos/1/status': (await createOperatorSession()).cookie,
    };
  });
  const FORM = 'application/x-www-form-urlencoded';
  const routes: [string, string][] = [
    ['/api/nope', 'application/json'],
    ['/checkout', FORM],
    ['/login', FORM],
    ['/cadastro', FORM],
    ['/sair', FORM],
    ['/minha-conta/perfil', FORM],
    ['/sacola/cupom/remover', FORM],
    ['/checkout/3ds/ref-inexistente', FORM],
    ['/checkout/order/1/simular-pagamento?token=abcdefgh', FORM],
    ['/painel/pedidos/1/status', FORM],
  ];
  const refused: [string, Record<string, string>][] = [
    ['no Origin and no Sec-Fetch-Site', {}],
    ['Origin: null alone', { origin: 'null' }],
    ['Origin: null with Sec-Fetch-Site: cross-site', { origin: 'null', 'sec-fetch-site': 'cross-site' }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    [
      'a foreign Origin despite Sec-Fetch-Site: same-origin',
      { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
    ],
    ['this Origin but Sec-Fetch-Site: cross-site', { origin: ORIGIN, 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
  ];
  const accepted: [string, Record<string, string>][] = [
    ['this Origin', { origin: ORIGIN }],
    ['no Origin with Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
    [
      'Origin: null with Sec-Fetch-Site: same-origin (no-referrer pages)',
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
    ],
  ];

  it.each(routes)('POST %s refuses every foreign or unproven origin with a pt-BR 403', async (path, type) => {
    for (const [why, headers] of refused) {
      const res = await request(path, {
        method: 'POST',
        headers: { ...headers, 'content-type': type, cookie: cookies[path] ?? '' },
        body: type === FORM ? 'a=1' : '{}',
      });
      expect(res.status, `${path}: ${why}`).toBe(403);
      expect(await res.text(), `${path}: ${why}`).toContain('Requisição de origem não permitida.');
    }
  });

  it('a refused form post is the store page with the reason and a way back to our own page only (outside walk: bare text)', async () => {
    const post = (referer: string) =>
      request('/login', {
        method: 'POST',
        headers: { origin: 'https://evil.example', referer, 'content-type': FORM },
        body: 'login=a&password=b',
      });
    const res = await post(`${ORIGIN}/sacola?cupom=1`);
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain('Requisição de origem não permitida.');
    expect(html).toContain('href="/sacola?cupom=1">Voltar</a>');
    expect(await (await post('https://evil.example/phish')).text()).toContain('href="/">Voltar</a>');
  });

  it.each(routes)('POST %s lets a same-origin request through to its handler', async (path, type) => {
    for (const [why, headers] of accepted) {
      const res = await request(path, {
        method: 'POST',
        headers: { ...headers, 'content-type': type, cookie: cookies[path] ?? '' },
        body: type === FORM ? 'a=1' : '{}',
      });
      expect(res.status, `${path}: ${why}`).not.toBe(403);
      expect(res.status, `${path}: ${why}`).toBeLessThan(500);
    }
  });
});
