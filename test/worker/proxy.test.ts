import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { ApiErrorSchema } from '../../src/contracts/errors';
import { ORIGIN, hangingUpstream, json, makeProxyWith, sameOriginJson } from './app-harness';

const CREDENTIALS = { COMMERCE_API_USER: 'loja', COMMERCE_API_PASSWORD: 's3gr:edo' };
const BASIC = `Basic ${btoa('loja:s3gr:edo')}`;
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJl';

// Pages rendered over these fake upstreams log their degraded shell: keep the output quiet.
let errors: MockInstance<typeof console.error>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => errors.mockRestore());

async function apiError(res: Response) {
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return ApiErrorSchema.parse(await res.json());
}

describe('/api proxy: request to the upstream', () => {
  const proxy = makeProxyWith(() => json({ ok: true }), CREDENTIALS);

  it('maps /api/<path>?<query> onto COMMERCE_API_URL/<path>?<query>', async () => {
    await proxy.request('/api/cart?installment=3&shipping=19.9&reprocess=true&cartId=a%2Fb');
    expect(proxy.seen.at(-1)!.url).toBe(
      'http://upstream.test/api/cart?installment=3&shipping=19.9&reprocess=true&cartId=a%2Fb',
    );
    expect(proxy.seen.at(-1)!.method).toBe('GET');
  });

  it('keeps a trailing-slash base URL from doubling the slash', async () => {
    const slash = makeProxyWith(() => json([]), { COMMERCE_API_URL: 'http://upstream.test/api/' });
    await slash.request('/api/parameters');
    expect(slash.seen.at(-1)!.url).toBe('http://upstream.test/api/parameters');
  });

  it('forwards content-type, referer and user-agent', async () => {
    await proxy.request('/api/parameters', {
      headers: {
        'content-type': 'application/json',
        referer: 'https://www.vitrine.com.br/moda-praia',
        'user-agent': 'Test/1.0 VitrineApp/2.0',
      },
    });
    const sent = proxy.seen.at(-1)!.headers;
    expect(sent.get('content-type')).toBe('application/json');
    expect(sent.get('referer')).toBe('https://www.vitrine.com.br/moda-praia');
    expect(sent.get('user-agent')).toBe('Test/1.0 VitrineApp/2.0');
  });

  it('never forwards cookies, the client origin, hop-by-hop or forwarding headers', async () => {
    await proxy.request('/api/cart', {
      ...sameOriginJson('POST', { productItemId: 1 }),
      headers: {
        origin: ORIGIN,
        'content-type': 'application/json',
        cookie: `token=${TOKEN}; cart=abc; user_cpf=12345678909`,
        connection: 'keep-alive, x-secret-hop',
        'x-secret-hop': '1',
        'keep-alive': 'timeout=5',
        upgrade: 'websocket',
        te: 'trailers',
        'proxy-authorization': 'Basic eDp5',
        'x-forwarded-for': '203.0.113.9',
      },
    });
    const sent = proxy.seen.at(-1)!.headers;
    for (const name of [
      'cookie',
      'origin',
      'connection',
      'x-secret-hop',
      'keep-alive',
      'upgrade',
      'te',
      'proxy-authorization',
      'x-forwarded-for',
    ]) {
      expect(sent.get(name), name).toBeNull();
    }
  });

  it('sends the shopper token cookie as Bearer, not the basic credentials', async () => {
    await proxy.request('/api/me', { headers: { cookie: `token=${TOKEN}` } });
    expect(proxy.seen.at(-1)!.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('sends basic auth from COMMERCE_API_USER/COMMERCE_API_PASSWORD when the shopper has no token', async () => {
    await proxy.request('/api/me');
    expect(proxy.seen.at(-1)!.headers.get('authorization')).toBe(BASIC);
  });

  it('sends no Authorization when there is neither a token nor credentials', async () => {
    const bare = makeProxyWith(() => json([]));
    await bare.request('/api/parameters');
    expect(bare.seen.at(-1)!.headers.get('authorization')).toBeNull();
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('forwards the method and body of %s', async (method) => {
    const payload = { itemId: 7, amount: 2, cartId: 'c-1', note: 'açaí' };
    const res = await proxy.request('/api/cart?cartId=c-1', sameOriginJson(method, payload));
    expect(res.status).toBe(200);
    const sent = proxy.seen.at(-1)!;
    expect(sent.method).toBe(method);
    expect(sent.url).toBe('http://upstream.test/api/cart?cartId=c-1');
    expect(await sent.json()).toEqual(payload);
    expect(sent.headers.get('content-type')).toBe('application/json');
  });

  it('tells the upstream a guarded state-changing call is same-origin, and only such calls', async () => {
    await proxy.request('/api/cart', sameOriginJson('POST', {}));
    expect(proxy.seen.at(-1)!.headers.get('sec-fetch-site')).toBe('same-origin');
    await proxy.request('/api/parameters', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(proxy.seen.at(-1)!.headers.get('sec-fetch-site')).toBeNull();
  });

  it('sends no body on GET', async () => {
    await proxy.request('/api/parameters');
    expect(proxy.seen.at(-1)!.body).toBeNull();
  });

  it('does not call the upstream for a refused cross-origin call', async () => {
    const before = proxy.seen.length;
    const res = await proxy.request('/api/cart', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(403);
    expect(proxy.seen.length).toBe(before);
  });

  it.each(['/api/%2e%2e/admin', '/api/a/%2E%2E/%2e%2e/admin', '/api/..%2fadmin'])(
    'never leaves the base path for %s',
    async (path) => {
      const before = proxy.seen.length;
      await proxy.request(path);
      for (const sent of proxy.seen.slice(before)) {
        expect(sent.url.startsWith('http://upstream.test/api/')).toBe(true);
        expect(new URL(sent.url).pathname.startsWith('/api/')).toBe(true);
      }
    },
  );
});

describe('/api proxy: response from the upstream', () => {
  it('passes status, body and ordinary headers back', async () => {
    const proxy = makeProxyWith(() => json({ items: [1, 2] }, 201, { 'x-cart-request-token': 'abc', etag: '"v1"' }));
    const res = await proxy.request('/api/cart', sameOriginJson('POST', {}));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ items: [1, 2] });
    expect(res.headers.get('x-cart-request-token')).toBe('abc');
    expect(res.headers.get('etag')).toBe('"v1"');
  });

  it('strips hop-by-hop headers and the upstream set-cookie', async () => {
    const proxy = makeProxyWith(() => {
      const headers = new Headers({
        'content-type': 'application/json',
        connection: 'keep-alive, x-upstream-hop',
        'x-upstream-hop': 'internal',
        'keep-alive': 'timeout=5',
        upgrade: 'h2c',
        'proxy-authenticate': 'Basic realm="internal"',
        trailer: 'x-checksum',
        'x-kept': 'yes',
      });
      headers.append('set-cookie', 'JSESSIONID=upstream; Path=/');
      headers.append('set-cookie', 'token=stolen; Path=/');
      return new Response('{"ok":true}', { status: 200, headers });
    });
    const res = await proxy.request('/api/parameters');
    expect(res.status).toBe(200);
    for (const name of [
      'connection',
      'x-upstream-hop',
      'keep-alive',
      'upgrade',
      'proxy-authenticate',
      'trailer',
      'transfer-encoding',
      'set-cookie',
    ]) {
      expect(res.headers.get(name), name).toBeNull();
    }
    expect(res.headers.get('x-kept')).toBe('yes');
    expect(await res.json()).toEqual({ ok: true });
  });

  it('keeps our own headers on proxied answers', async () => {
    const proxy = makeProxyWith(() => json([], 200, { 'cache-control': 'public, max-age=600' }));
    const res = await proxy.request('/api/parameters', { headers: { 'x-request-id': 'proxied-call-0001' } });
    expect(res.headers.get('x-request-id')).toBe('proxied-call-0001');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it.each([400, 401, 404, 409, 422])('passes an upstream %i through unchanged', async (status) => {
    const body = { error: 'Cupom já utilizado ou inválido para esse pedido. Não é possível aplicá-lo', code: 'X' };
    const proxy = makeProxyWith(() => json(body, status));
    const res = await proxy.request('/api/coupon/discount', sameOriginJson('POST', { coupon: 'X' }));
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual(body);
  });

  it.each([500, 502, 503, 504])('answers 502 with the pt-BR message when the upstream answers %i', async (status) => {
    const proxy = makeProxyWith(() => new Response('<html>stack trace: secret</html>', { status }));
    const res = await proxy.request('/api/parameters');
    expect(res.status).toBe(502);
    const body = await apiError(res);
    expect(body.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(body.error).toBe('O serviço da loja está indisponível. Tente novamente.');
    expect(JSON.stringify(body)).not.toContain('secret');
  });

  it('answers 502 when the upstream cannot be reached', async () => {
    const proxy = makeProxyWith(() => {
      throw new TypeError('Network connection lost: connect ECONNREFUSED');
    });
    const res = await proxy.request('/api/parameters');
    expect(res.status).toBe(502);
    const body = await apiError(res);
    expect(body.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(body.error).toBe('O serviço da loja está indisponível. Tente novamente.');
  });

  it('answers 504 with the pt-BR message after COMMERCE_API_TIMEOUT_MS', async () => {
    const proxy = makeProxyWith(hangingUpstream, { COMMERCE_API_TIMEOUT_MS: '50' });
    const started = Date.now();
    const res = await proxy.request('/api/parameters');
    const elapsed = Date.now() - started;
    expect(res.status).toBe(504);
    const body = await apiError(res);
    expect(body.code).toBe('UPSTREAM_TIMEOUT');
    expect(body.error).toBe('O serviço da loja demorou para responder. Tente novamente.');
    expect(elapsed).toBeGreaterThanOrEqual(45);
    expect(elapsed).toBeLessThan(1000);
    expect(proxy.seen.at(-1)!.signal.aborted).toBe(true);
  });

  it('answers 504 for a state-changing call that times out too', async () => {
    const proxy = makeProxyWith(hangingUpstream, { COMMERCE_API_TIMEOUT_MS: '50' });
    const res = await proxy.request('/api/cart', sameOriginJson('POST', { productItemId: 1 }));
    expect(res.status).toBe(504);
  });
});
