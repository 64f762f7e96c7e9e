import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { upstreamCommerce } from '../../src/commerce/upstream';
import { LEAD_RATE } from '../../src/commerce/leads/service';
import { forwardTo, makeApp, makeProxyPair, sameOriginJson, seed, UPSTREAM } from './app-harness';

const app = makeApp();
const { proxy } = makeProxyPair();

async function sku(): Promise<number> {
  const row = await env.DB.prepare(
    `SELECT i.id FROM product_items i JOIN products p ON p.id = i.product_id
      WHERE p.gift = 0 AND (SELECT coalesce(sum(quantity), 0) FROM stock WHERE product_item_id = i.id) > 5 ORDER BY i.id LIMIT 1`,
  ).first<{ id: number }>();
  return row!.id;
}

/** `name=value` pairs and attributes of every Set-Cookie header. */
function cookies(res: Response): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of res.headers.getSetCookie()) out.set(line.slice(0, line.indexOf('=')), line);
  return out;
}
const valueOf = (line: string | undefined) => line?.split(';')[0]?.split('=').slice(1).join('=') ?? null;

async function newCart(target = app, cookie?: string): Promise<{ hash: string; res: Response }> {
  const res = await target.request(
    '/api/cart',
    sameOriginJson('POST', { productItemId: await sku(), amount: 1 }, cookie ? { cookie } : {}),
  );
  expect(res.status).toBe(200);
  const { hash } = (await res.clone().json()) as { hash: string };
  return { hash, res };
}

const row = (id: string) =>
  env.DB.prepare('SELECT request_token, affiliate_site_id FROM carts WHERE id = ?')
    .bind(id)
    .first<{ request_token: string; affiliate_site_id: string | null }>();

describe('x-cart-request-token cookie', () => {
  beforeAll(() => seed());

  it('is issued with a new cart: the cart’s request token, readable by the page (not HttpOnly), SameSite=Strict', async () => {
    const { hash, res } = await newCart();
    const line = cookies(res).get('x-cart-request-token');
    expect(valueOf(line)).toBe((await row(hash))!.request_token);
    expect(line).toMatch(/SameSite=Strict/i);
    expect(line).toMatch(/Path=\//);
    expect(line).not.toMatch(/HttpOnly/i);
  });

  it('is issued again by GET /api/cart when the browser lacks it, and not re-issued when it has it', async () => {
    const { hash } = await newCart();
    const token = (await row(hash))!.request_token;
    const missing = await app.request('/api/cart', { headers: { cookie: `cart=${hash}` } });
    expect(valueOf(cookies(missing).get('x-cart-request-token'))).toBe(token);
    const present = await app.request('/api/cart', {
      headers: { cookie: `cart=${hash}; x-cart-request-token=${token}` },
    });
    expect(cookies(present).has('x-cart-request-token')).toBe(false);
  });

  it('is cleared when GET /api/cart finds no bag (it became an order), so the app bridge stops reading it', async () => {
    const { hash } = await newCart();
    const token = (await row(hash))!.request_token;
    await env.DB.prepare("UPDATE carts SET status = 'ordered' WHERE id = ?").bind(hash).run();
    for (const id of [hash, 'AAAAAAAAAAAAAAAAAAAAAA']) {
      const gone = await app.request('/api/cart', { headers: { cookie: `cart=${id}; x-cart-request-token=${token}` } });
      expect(gone.status, id).toBe(404);
      expect(cookies(gone).get('x-cart-request-token'), id).toMatch(/Max-Age=0/i);
    }
    // Without the cookie there is nothing to clear.
    const none = await app.request('/api/cart', { headers: { cookie: `cart=${hash}` } });
    expect(cookies(none).has('x-cart-request-token')).toBe(false);
  });

  it.each([
    ['embedded', app],
    ['proxy', proxy],
  ])('comes with the cart cookies once each on an add (%s)', async (_mode, target) => {
    const { res } = await newCart(target);
    const names = res.headers.getSetCookie().map((line) => line.slice(0, line.indexOf('=')));
    expect(names).toEqual(expect.arrayContaining(['cart', 'cart_domain', 'x-cart-request-token']));
    // Each cookie once (the embedded adapter also keeps the D1 session's bookmark after the write).
    expect(names, names.join(', ')).toHaveLength(new Set(names).size);
  });

  it('is issued through the upstream adapter too (proxy mode)', async () => {
    const { hash, res } = await newCart(proxy);
    expect(valueOf(cookies(res).get('x-cart-request-token'))).toBe((await row(hash))!.request_token);
  });

  it('GET /api/cart/request-token answers the token of an open cart and 404 otherwise', async () => {
    const { hash } = await newCart();
    const ok = await app.request(`/api/cart/request-token?cartId=${hash}`);
    expect(await ok.json()).toEqual({ requestToken: (await row(hash))!.request_token });
    expect((await app.request('/api/cart/request-token?cartId=AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await app.request('/api/cart/request-token?cartId=x')).status).toBe(400);
  });
});

describe('POST /api/app/session (token-updated)', () => {
  it('sets the HttpOnly, SameSite=Strict 12-hour token cookie, and clears it with null', async () => {
    const token = 'a'.repeat(40);
    const set = await app.request('/api/app/session', sameOriginJson('POST', { token }));
    expect(set.status).toBe(200);
    const line = cookies(set).get('token')!;
    expect(valueOf(line)).toBe(token);
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Strict/i);
    expect(line).toMatch(/Max-Age=43200/);
    const cleared = await app.request('/api/app/session', sameOriginJson('POST', { token: null }));
    expect(cookies(cleared).get('token')).toMatch(/Max-Age=0/);
  });

  it('refuses a malformed token (400) and another origin (403)', async () => {
    expect((await app.request('/api/app/session', sameOriginJson('POST', { token: 'bad token' }))).status).toBe(400);
    const cross = await app.request('/api/app/session', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ token: 'a'.repeat(40) }),
    });
    expect(cross.status).toBe(403);
    expect(cookies(cross).has('token')).toBe(false);
  });
});

describe('POST /api/rakuten?siteID=', () => {
  beforeAll(() => seed());

  it('records the site id on the visitor’s cart and keeps it in an HttpOnly cookie', async () => {
    const { hash } = await newCart();
    const res = await app.request(
      '/api/rakuten?siteID=abc.123-XYZ',
      sameOriginJson('POST', {}, { cookie: `cart=${hash}` }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ siteID: 'abc.123-XYZ', recorded: true });
    expect((await row(hash))!.affiliate_site_id).toBe('abc.123-XYZ');
    const line = cookies(res).get('ran_site_id')!;
    expect(valueOf(line)).toBe('abc.123-XYZ');
    expect(line).toMatch(/HttpOnly/i);
  });

  it('without a cart records nothing yet, and the cart created later in the visit gets the attribution', async () => {
    const res = await app.request('/api/rakuten?siteID=site777', sameOriginJson('POST', {}));
    expect(await res.json()).toEqual({ siteID: 'site777', recorded: false });
    const { hash } = await newCart(app, 'ran_site_id=site777');
    expect((await row(hash))!.affiliate_site_id).toBe('site777');
    const plain = await newCart();
    expect((await row(plain.hash))!.affiliate_site_id).toBeNull();
  });

  it.each(['', 'a b', 'x'.repeat(65), '<script>'])(
    'refuses siteID %j with a pt-BR 400 and writes nothing',
    async (siteID) => {
      const res = await app.request(`/api/rakuten?siteID=${encodeURIComponent(siteID)}`, sameOriginJson('POST', {}));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'Parâmetro siteID inválido.' });
      expect(cookies(res).has('ran_site_id')).toBe(false);
    },
  );
});

describe('POST /api/leads (pre-livefriday)', () => {
  beforeAll(() => seed());
  const lead = (over: Record<string, unknown> = {}) => ({
    name: 'Ana Souza',
    email: 'ana@example.com.br',
    phone: '(11) 98888-7777',
    consent: true,
    ...over,
  });
  const ip = (n: number) => ({ 'cf-connecting-ip': `203.0.113.${n}` });

  it('stores the lead with the consent text and time', async () => {
    const res = await app.request('/api/leads', sameOriginJson('POST', lead(), ip(1)));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true });
    const saved = await env.DB.prepare("SELECT * FROM campaign_leads WHERE email = 'ana@example.com.br'").first<
      Record<string, string>
    >();
    expect(saved).toMatchObject({ campaign: 'pre-livefriday', name: 'Ana Souza', phone: '11988887777' });
    expect(saved!.consent_text).toContain('Autorizo');
    expect(Date.parse(String(saved!.consent_at))).toBeGreaterThan(Date.now() - 60_000);
  });

  it.each([
    [{ consent: false }, 'Para receber os avisos, marque a autorização de contato.'],
    [{ consent: undefined }, 'Para receber os avisos, marque a autorização de contato.'],
    [{ email: 'nao-e-email' }, 'Informe um e-mail válido.'],
    [{ name: ' ' }, 'Informe seu nome.'],
    [{ phone: '123' }, 'Informe um WhatsApp com DDD (10 ou 11 dígitos).'],
  ] as [Record<string, unknown>, string][])(
    'refuses %j with its pt-BR message and stores nothing',
    async (over, message) => {
      const email = `recusa${Math.random()}@example.com.br`;
      const res = await app.request('/api/leads', sameOriginJson('POST', lead({ email, ...over }), ip(2)));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: message });
      expect(
        await env.DB.prepare('SELECT count(*) AS n FROM campaign_leads WHERE email = ?').bind(email).first('n'),
      ).toBe(0);
    },
  );

  it(`rate-limits a client after ${LEAD_RATE.limit} submissions (429, nothing written); other clients go on`, async () => {
    for (let i = 0; i < LEAD_RATE.limit; i++) {
      expect(
        (await app.request('/api/leads', sameOriginJson('POST', lead({ email: `rl${i}@example.com.br` }), ip(9))))
          .status,
      ).toBe(200);
    }
    const limited = await app.request(
      '/api/leads',
      sameOriginJson('POST', lead({ email: 'rl-over@example.com.br' }), ip(9)),
    );
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: expect.stringContaining('Muitas tentativas'),
    });
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM campaign_leads WHERE email = 'rl-over@example.com.br'").first(
        'n',
      ),
    ).toBe(0);
    expect(
      (await app.request('/api/leads', sameOriginJson('POST', lead({ email: 'other@example.com.br' }), ip(10)))).status,
    ).toBe(200);
  });

  it('concurrent submissions from one client never exceed the limit', async () => {
    const results = await Promise.all(
      Array.from({ length: LEAD_RATE.limit + 4 }, (_, i) =>
        app.request('/api/leads', sameOriginJson('POST', lead({ email: `cc${i}@example.com.br` }), ip(20))),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(LEAD_RATE.limit);
    expect(results.filter((r) => r.status === 429)).toHaveLength(4);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM campaign_leads WHERE email LIKE 'cc%'").first('n')).toBe(
      LEAD_RATE.limit,
    );
  });
});

describe('upstream adapter: the new port calls parse the upstream’s answers', () => {
  beforeAll(() => seed());
  const port = upstreamCommerce({ url: UPSTREAM, timeoutMs: 5000 }, forwardTo(app), {
    token: null,
    headers: new Headers(),
  });

  it('cartRequestToken, recordAffiliate and createLead answer like the embedded backend', async () => {
    const { hash } = await newCart();
    expect(await port.cartRequestToken(hash)).toEqual({ requestToken: (await row(hash))!.request_token });
    expect(await port.recordAffiliate({ siteID: 'up1', cartId: hash })).toEqual({ siteID: 'up1', recorded: true });
    expect((await row(hash))!.affiliate_site_id).toBe('up1');
    expect(
      await port.createLead(
        { campaign: 'pre-livefriday', name: 'Bia', email: 'bia@example.com.br', phone: null, consent: true },
        { ip: null },
      ),
    ).toMatchObject({ ok: true });
    await expect(port.cartRequestToken('AAAAAAAAAAAAAAAAAAAAAA')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
