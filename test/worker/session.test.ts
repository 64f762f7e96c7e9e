import { describe, expect, it } from 'vitest';
import { json, makeProxyWith } from './app-harness';

// The session middleware is observed through the proxy: the upstream sees the shopper's token as
// Bearer only when it is well formed; otherwise the service's basic credentials go instead.
const BASIC = `Basic ${btoa('loja:s3gredo')}`;
const proxy = makeProxyWith(() => json([]), { COMMERCE_API_USER: 'loja', COMMERCE_API_PASSWORD: 's3gredo' });

async function authorizationSeenUpstream(init: RequestInit): Promise<string | null> {
  const before = proxy.seen.length;
  const res = await proxy.request('/api/parameters', init);
  expect(res.status).toBe(200);
  expect(proxy.seen.length).toBe(before + 1);
  return proxy.seen.at(-1)!.headers.get('authorization');
}

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJlLXNpZ25hdHVyZQ';

describe('session middleware', () => {
  it('reads the token cookie', async () => {
    expect(await authorizationSeenUpstream({ headers: { cookie: `cart=abc; token=${JWT}; flag=1` } })).toBe(
      `Bearer ${JWT}`,
    );
  });

  it('reads an Authorization: Bearer header', async () => {
    expect(await authorizationSeenUpstream({ headers: { authorization: `Bearer ${JWT}` } })).toBe(`Bearer ${JWT}`);
    expect(await authorizationSeenUpstream({ headers: { authorization: `bearer ${JWT}` } })).toBe(`Bearer ${JWT}`);
  });

  it('prefers the cookie over the header', async () => {
    const other = 'cookie-token-0123456789';
    expect(
      await authorizationSeenUpstream({ headers: { cookie: `token=${other}`, authorization: `Bearer ${JWT}` } }),
    ).toBe(`Bearer ${other}`);
  });

  it.each([
    ['too short', 'abc123'],
    ['spaces', 'abcdefgh ijklmnop qrstu'],
    ['quotes and angle brackets', '"><script>alert(1)</script>'],
    ['CRLF injection', 'abcdefghijklmnop%0d%0aX-Admin:%201'],
    ['too long', 'a'.repeat(513)],
  ])('ignores a malformed cookie token (%s)', async (_why, token) => {
    expect(await authorizationSeenUpstream({ headers: { cookie: `token=${token}` } })).toBe(BASIC);
  });

  it.each([
    ['Basic scheme', `Basic ${btoa('x:y')}`],
    ['Bearer with two parts', `Bearer ${JWT} extra`],
    ['Bearer too short', 'Bearer abc'],
    ['empty Bearer', 'Bearer '],
  ])('ignores a malformed Authorization header (%s)', async (_why, authorization) => {
    expect(await authorizationSeenUpstream({ headers: { authorization } })).toBe(BASIC);
  });

  it('sends the basic credentials when the shopper has no token', async () => {
    expect(await authorizationSeenUpstream({})).toBe(BASIC);
  });
});
