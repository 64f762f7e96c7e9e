import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { newAccessToken } from '../../src/commerce/orders/access';
import { ordersRepo } from '../../src/commerce/orders/repo';
import { makeApp, seed } from './app-harness';
import { buyerCookie, cartWith, finished, GUEST, orderBody, skuWithStock, tokenOf } from './checkout-helpers';

// The confirmation link's token (spec §2, ADR 0009 addendum 2026-11-27): opaque, nothing about the buyer in it.

const app = makeApp();

async function order(payment: Record<string, unknown> = { paymentMethodId: 47 }, email = GUEST.email) {
  const sku = await skuWithStock(5);
  const body = orderBody(await cartWith([{ sku: sku.id, amount: 1 }]), payment, {
    anonymousConsumer: { ...GUEST, email },
  });
  return { body, result: await finished(app, body) };
}

const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
const base64url = (text: string) => base64(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/**
 * Every form in which `email` (or its local part) could sit inside `text`: plain, percent-encoded (once or twice),
 * and base64/base64url at each of the three byte alignments (the middle of an encoded run, padding dropped).
 */
function leakForms(email: string): string[] {
  const forms = new Set<string>();
  for (const value of [email, email.split('@')[0]!]) {
    const encoded = encodeURIComponent(value);
    for (const plain of [value, encoded, encodeURIComponent(encoded)]) {
      forms.add(plain.toLowerCase());
      for (const pad of ['', 'x', 'xx']) {
        // Skip the characters whose bits the unknown neighbours share; what stays is in any encoding of the value.
        const run = (encode: (s: string) => string) =>
          encode(pad + plain)
            .replace(/=+$/, '')
            .slice(pad ? pad.length + 1 : 0, -2);
        forms.add(run(base64));
        forms.add(run(base64url));
      }
    }
  }
  return [...forms].filter((f) => f.length >= 6);
}

/** Every decoding of `token` a reader could try: as it is, percent-decoded, and base64/base64url-decoded. */
function decodings(token: string): string[] {
  const out = [token];
  try {
    out.push(decodeURIComponent(token));
  } catch {
    // not percent-encoded
  }
  for (const candidate of out.slice()) {
    try {
      const std = candidate.replace(/-/g, '+').replace(/_/g, '/');
      const bytes = Uint8Array.from(atob(std + '='.repeat((4 - (std.length % 4)) % 4)), (c) => c.charCodeAt(0));
      const text = new TextDecoder().decode(bytes);
      out.push(text);
      try {
        out.push(decodeURIComponent(text));
      } catch {
        // not percent-encoded text
      }
    } catch {
      // not base64
    }
  }
  return out;
}

function expectNoEmail(text: string, email: string) {
  const lower = text.toLowerCase();
  for (const form of leakForms(email))
    expect(lower, `${text} must not contain ${form}`).not.toContain(form.toLowerCase());
  for (const decoded of decodings(text)) {
    expect(decoded.toLowerCase()).not.toContain(email.toLowerCase());
    expect(decoded.toLowerCase()).not.toContain(email.split('@')[0]!.toLowerCase());
  }
}

/** The legacy link form (before the addendum): base64 of the encoded e-mail and access token. */
const legacyToken = (email: string, access: string) =>
  base64(`${encodeURIComponent(email)}:${encodeURIComponent(access)}`);

const confirmationApi = (ids: number[], token: string) =>
  `/api/order-confirmation?orderIds=${ids.join('-')}&token=${encodeURIComponent(token)}`;
const statusApi = (ids: number[], token: string) =>
  `/api/order-status?orderIds=${ids.join('-')}&token=${encodeURIComponent(token)}`;
const pagePath = (ids: number[], token: string) =>
  `/checkout/order/${ids.join('-')}?token=${encodeURIComponent(token)}`;

/** The three ways a token opens orders: the page, its JSON and the status poll. */
async function opens(ids: number[], token: string): Promise<number[]> {
  return Promise.all(
    [pagePath(ids, token), confirmationApi(ids, token), statusApi(ids, token)].map(async (path) => {
      const res = await app.request(path);
      await res.body?.cancel();
      return res.status;
    }),
  );
}

describe('order confirmation token', () => {
  beforeAll(() => seed());
  afterEach(() => vi.restoreAllMocks());

  it('is 256 random bits in base64url: no e-mail in any encoding, in the token, the redirect or the next step', async () => {
    for (const email of [GUEST.email, 'Ana+Loja.2026@Exemplo.com.br', 'joão.ção@exemplo.com.br']) {
      for (const payment of [{ paymentMethodId: 47 }, { paymentMethodId: 6 }]) {
        const { result } = await order(payment, email);
        expect(result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(tokenOf(result)).toBe(result.token);
        const next = 'url' in result.next ? result.next.url : '';
        for (const text of [result.token, result.redirect, next]) expectNoEmail(text, email);
      }
    }
  });

  it('two checkouts by the same buyer get unrelated tokens', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 3; i += 1) tokens.add((await order()).result.token);
    expect(tokens.size).toBe(3);
  });

  it('a guest (no session, no cart cookie) opens their own order with it: page, JSON and status poll', async () => {
    const { result } = await order();
    expect(await opens(result.orderIds, result.token)).toEqual([200, 200, 200]);
    const page = await (await app.request(result.redirect)).text();
    expect(page).toContain(`Pedido nº ${result.orderIds[0]}`);
    expect(page).toContain('ma***@e***.com.br');
    expect(page).not.toContain(GUEST.email);
  });

  it('a wrong token, another order’s token, a token for more ids than it opens, or none: 404 everywhere', async () => {
    const { result } = await order();
    const { result: other } = await order();
    const ids = result.orderIds;
    const forged = [
      other.token,
      'A'.repeat(43),
      result.token.slice(0, 42) + (result.token.endsWith('A') ? 'B' : 'A'),
      result.token + 'A',
      result.token.slice(1),
      legacyToken(GUEST.email, other.token),
      legacyToken(GUEST.email, 'x'.repeat(43)),
      'bm9wZQ==',
    ];
    for (const token of forged) expect(await opens(ids, token), token).toEqual([404, 404, 404]);
    expect(await opens([...other.orderIds, ...ids], result.token)).toEqual([404, 404, 404]);
    const res = await app.request(`/checkout/order/${ids[0]}`);
    expect(res.status).toBe(404);
  });

  it('a replayed finish-order hands the original buyer a new opaque token; both open the order', async () => {
    const { body, result } = await order();
    const again = await finished(app, body, buyerCookie(body.cartId));
    expect(again.orderIds).toEqual(result.orderIds);
    expect(again.token).not.toBe(result.token);
    expectNoEmail(again.token, GUEST.email);
    expect(await opens(result.orderIds, again.token)).toEqual([200, 200, 200]);
    expect(await opens(result.orderIds, result.token)).toEqual([200, 200, 200]);
  });

  it('a link made before the change (base64 of e-mail and access token) still opens its order until it expires', async () => {
    const { result } = await order();
    const ids = result.orderIds;
    const repo = ordersRepo(env.DB);
    const old = await newAccessToken(new Date());
    await repo.addAccessToken(ids, old.hash, old.expiresAt);
    expect(await opens(ids, legacyToken(GUEST.email, old.access))).toEqual([200, 200, 200]);
    // E-mail compared as before: case-insensitively, and it must be this order's.
    expect(await opens(ids, legacyToken(GUEST.email.toUpperCase(), old.access))).toEqual([200, 200, 200]);
    expect(await opens(ids, legacyToken('outra@example.com.br', old.access))).toEqual([404, 404, 404]);
    // Expired: 404.
    const expired = await newAccessToken(new Date(Date.now() - 31 * 86_400_000));
    await repo.addAccessToken(ids, expired.hash, expired.expiresAt);
    expect(await opens(ids, legacyToken(GUEST.email, expired.access))).toEqual([404, 404, 404]);
    expect(await opens(ids, expired.access)).toEqual([404, 404, 404]);
  });

  it('the request log line carries neither the token nor the e-mail', async () => {
    const logs = vi.spyOn(console, 'log').mockImplementation(() => {});
    const { result } = await order();
    await (await app.request(result.redirect)).text();
    await (await app.request(statusApi(result.orderIds, result.token))).text();
    const lines = logs.mock.calls.map((args) => String(args[0]));
    expect(lines.some((l) => l.includes('"route":"/checkout/order/:orderIds"'))).toBe(true);
    for (const line of lines) {
      expect(line).not.toContain(result.token);
      expect(line).not.toContain(encodeURIComponent(result.token));
      expect(line).not.toContain('token=');
      expectNoEmail(line, GUEST.email);
    }
  });
});
