import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROMOTION_MESSAGES } from '../../src/lib/messages/promotions';
import { PROMOTIONS_ADMIN_MESSAGES } from '../../src/contracts/promotions-admin';
import { isoToSpLocal, spLocalToIso } from '../../src/pages/backoffice/sp-time';
import { createOperatorSession } from './backoffice-fixtures';
import { cartWith, count, finish, orderBody, skuWithStock } from './checkout-helpers';
import { makeApp, makeProxyPair, sameOriginJson, seed } from './app-harness';
import { auditCount, form, lastAudit, text } from './staff-fixtures';

/** Promotions: marketing edits coupons and seller codes without JS; the bag applies them (spec §8). */
const app = makeApp();
let marketing: string;
let seq = 0;
const code = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${(seq += 1)}`;
const coupon = (c: string) =>
  env.DB.prepare('SELECT * FROM coupons WHERE code = ?').bind(c).first<Record<string, unknown>>();
const fields = (c: string, extra: Record<string, string> = {}) => ({
  code: c,
  kind: 'percentage',
  value: '10',
  minSubtotal: '',
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  perCustomerLimit: '',
  categories: '',
  giftSku: '',
  giftTitle: '',
  giftMessage: '',
  ...extra,
});
/** Creates a coupon through the form; its id. */
async function created(c: string, extra: Record<string, string> = {}): Promise<number> {
  const res = await app.request('/painel/cupons', form(fields(c, extra), marketing));
  expect(res.status, await res.clone().text()).toBe(303);
  return Number(/\/painel\/cupons\/(\d+)\?ok=1/.exec(res.headers.get('location')!)![1]);
}
/** The edit form's hidden version and snapshot. */
async function shown(id: number, path = `/painel/cupons/${id}`) {
  const html = await (await app.request(path, { headers: { cookie: marketing } })).text();
  const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  return {
    version: /name="version" value="(\d+)"/.exec(html)![1]!,
    shown: unescape(/name="shown" value="([^"]*)"/.exec(html)![1]!),
  };
}
const apply = (cartId: string, c: string) =>
  app.request(
    '/api/coupon/discount',
    sameOriginJson('POST', { coupon: c, shoppingCart: cartId, agent: null, applicationId: null }),
  );

beforeAll(async () => {
  await seed();
  marketing = (await createOperatorSession('marketing', 'Equipe Marketing')).cookie;
});

describe('/painel/cupons', () => {
  it('times are typed in São Paulo (UTC−3) and stored in UTC', () => {
    expect(spLocalToIso('2026-12-01T10:00')).toBe('2026-12-01T13:00:00.000Z');
    expect(isoToSpLocal('2026-12-01T13:00:00.000Z')).toBe('2026-12-01T10:00');
    expect(spLocalToIso('')).toBeNull();
    expect(spLocalToIso('2026-02-30T10:00')).toBeNaN();
  });

  it('marketing creates a coupon limited to 3 uses; 12 concurrent orders holding it give exactly 3, as the list shows', async () => {
    const c = code('LIM');
    const before = await auditCount();
    const id = await created(c, { usageLimit: '3', categories: 'moda-praia' });
    expect(await auditCount()).toBe(before + 1);
    expect(await lastAudit()).toMatchObject({ action: 'coupon.create', entity: 'coupon', entity_id: c });
    expect(await count("coupon_restrictions WHERE listing_slug = 'moda-praia' AND coupon_id = ?", id)).toBe(1);
    const sku = (await env.DB.prepare(
      "SELECT i.id FROM product_items i JOIN product_listings l ON l.product_id = i.product_id AND l.slug = 'moda-praia' LIMIT 1",
    ).first<{ id: number }>())!.id;
    await env.DB.prepare('UPDATE stock SET quantity = 100 WHERE product_item_id = ? AND store_id = 1').bind(sku).run();
    // The bag applies it (the first cart), then 12 carts hold the code as if each had applied it while uses were free.
    const carts = await Promise.all(Array.from({ length: 12 }, () => cartWith([{ sku, amount: 1 }])));
    expect((await apply(carts[0]!, c)).status).toBe(200);
    await env.DB.batch(
      carts.map((cart) => env.DB.prepare('UPDATE carts SET coupon_code = ? WHERE id = ?').bind(c, cart)),
    );
    const statuses = (
      await Promise.all(carts.map((cart) => finish(app, orderBody(cart, { paymentMethodId: 47 }))))
    ).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect((await coupon(c))!.used).toBe(3);
    expect(await count('orders WHERE coupon_code = ?', c)).toBe(3);
    const list = await text(await app.request('/painel/cupons', { headers: { cookie: marketing } }));
    expect(list).toMatch(new RegExp(`${c}</a>.*?Esgotado.*?3 / 3`, 's'));
  }, 60_000);

  it('a stale form is a 409 that says what changed and changes nothing; a limit below the uses made is a 422', async () => {
    const c = code('EDT');
    const id = await created(c, { usageLimit: '5' });
    const form1 = await shown(id);
    const ok = await app.request(
      `/painel/cupons/${id}`,
      form({ ...fields(c, { value: '20', usageLimit: '5' }), ...form1 }, marketing),
    );
    expect(ok.status).toBe(303);
    expect(await lastAudit()).toMatchObject({
      action: 'coupon.update',
      before_json: '{"value":10}',
      after_json: '{"value":20}',
    });
    const audits = await auditCount();
    const stale = await app.request(
      `/painel/cupons/${id}`,
      form({ ...fields(c, { value: '30', usageLimit: '5' }), ...form1 }, marketing),
    );
    expect(stale.status).toBe(409);
    expect(await text(stale)).toContain(`${PROMOTIONS_ADMIN_MESSAGES.stale} Alterado: Valor.`);
    expect((await coupon(c))!.value).toBe(20);
    expect(await auditCount()).toBe(audits);
    await env.DB.prepare('UPDATE coupons SET used = 2 WHERE id = ?').bind(id).run();
    const below = await app.request(
      `/painel/cupons/${id}`,
      form({ ...fields(c, { usageLimit: '1' }), ...(await shown(id)) }, marketing),
    );
    expect(below.status).toBe(422);
    expect(await text(below)).toContain(PROMOTIONS_ADMIN_MESSAGES.belowUsed(2));
    expect(await auditCount()).toBe(audits);
  });

  it('a coupon in use is ended, not deleted: the bag then refuses it with the §8 message', async () => {
    const c = code('FIM');
    const id = await created(c);
    const sku = await skuWithStock(3);
    const cart = await cartWith([{ sku: sku.id, amount: 1 }]);
    expect((await apply(cart, c)).status).toBe(200);
    const { version } = await shown(id);
    expect((await app.request(`/painel/cupons/${id}/encerrar`, form({ version }, marketing))).status).toBe(303);
    expect(await lastAudit()).toMatchObject({ action: 'coupon.end', entity_id: c });
    expect((await coupon(c))!.ends_at).not.toBeNull();
    const refused = await apply(await cartWith([{ sku: sku.id, amount: 1 }]), c);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      title: PROMOTION_MESSAGES.couponTitle,
      error: PROMOTION_MESSAGES.couponInvalid,
    });
    expect(app.app.routes.some((r) => r.path.startsWith('/painel/cupons') && r.method === 'DELETE')).toBe(false);
  });

  it('bad input is a pt-BR 400/422 that changes nothing', async () => {
    const before = [await count('coupons'), await auditCount()];
    const cases: [Record<string, string>, number, string][] = [
      [{ value: '150' }, 400, 'O percentual vai de 1 a 100.'],
      [{ kind: 'gift', value: '' }, 400, 'Informe o SKU do brinde.'],
      [{ kind: 'gift', value: '', giftSku: 'NAO-EXISTE' }, 422, PROMOTIONS_ADMIN_MESSAGES.giftSku],
      [{ categories: 'nao-existe' }, 422, PROMOTIONS_ADMIN_MESSAGES.category('nao-existe')],
      [{ startsAt: '2026-12-10T10:00', endsAt: '2026-12-01T10:00' }, 400, 'O fim deve ser depois do início.'],
      [{ code: 'é' }, 400, 'Código do cupom'],
    ];
    for (const [extra, status, message] of cases) {
      const res = await app.request('/painel/cupons', form(fields(code('BAD'), extra), marketing));
      expect(res.status, JSON.stringify(extra)).toBe(status);
      expect(await text(res)).toContain(message);
    }
    expect((await app.request('/painel/cupons', form(fields('BEMVINDO10'), marketing))).status).toBe(409);
    expect([await count('coupons'), await auditCount()]).toEqual(before);
  });

  it('seller codes: created, edited under their version (stale → 409), the bag applies them', async () => {
    const c = code('VEND');
    const res = await app.request(
      '/painel/cupons/vendedores',
      form({ code: c, name: 'Vendedora Teste', discountPct: '10', freeNormalShipping: 'on', active: 'on' }, marketing),
    );
    expect(res.status).toBe(303);
    const id = Number(/vendedores\/(\d+)/.exec(res.headers.get('location')!)![1]);
    const f = await shown(id, `/painel/cupons/vendedores/${id}`);
    const edit = { code: c, name: 'Vendedora Teste', discountPct: '15', active: 'on', ...f };
    expect((await app.request(`/painel/cupons/vendedores/${id}`, form(edit, marketing))).status).toBe(303);
    expect(await lastAudit()).toMatchObject({
      action: 'seller.update',
      after_json: '{"discountPct":15,"freeNormalShipping":false}',
    });
    const stale = await app.request(`/painel/cupons/vendedores/${id}`, form({ ...edit, discountPct: '5' }, marketing));
    expect(stale.status).toBe(409);
    expect(await text(stale)).toContain('Alterado: Desconto, Frete normal grátis.');
    const cart = await cartWith([{ sku: (await skuWithStock(2)).id, amount: 1 }]);
    expect(
      (await app.request('/api/coupon/seller-coupon', sameOriginJson('POST', { coupon: c, shoppingCart: cart })))
        .status,
    ).toBe(200);
  });

  it('proxy mode: the section says the upstream owns promotions and a post changes nothing', async () => {
    const { proxy } = makeProxyPair();
    const before = await count('coupons');
    expect(await text(await proxy.request('/painel/cupons', { headers: { cookie: marketing } }))).toContain(
      'a gestão de promoções (cupons e códigos de vendedor) pertence a ele',
    );
    expect((await proxy.request('/painel/cupons', form(fields(code('PRX')), marketing))).status).toBe(409);
    expect(await count('coupons')).toBe(before);
  });
});
