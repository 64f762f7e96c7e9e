import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../src/contracts/errors';
import type { StockAdjusted, StockPage } from '../../src/contracts/stock-admin';
import { client, createOperatorSession } from './backoffice-fixtures';
import { cartWith, count, finish, orderBody, skuWithStock, stockOf } from './checkout-helpers';
import { createCustomerSession, makeApp, seed, sameOriginJson } from './app-harness';

const app = makeApp();
let operator: ReturnType<typeof client>;

const skuCode = async (id: number) =>
  (await env.DB.prepare('SELECT sku FROM product_items WHERE id = ?').bind(id).first<{ sku: string }>())!.sku;
const versionOf = async (id: number, store = 1) =>
  (await env.DB.prepare('SELECT version FROM stock WHERE product_item_id = ? AND store_id = ?')
    .bind(id, store)
    .first<{ version: number }>())!.version;
const adjustments = (id: number) => count('stock_adjustments WHERE product_item_id = ?', id);

async function refused(res: Response, status: number, pattern?: RegExp) {
  expect(res.status).toBe(status);
  const raw = (await res.json()) as Record<string, unknown>;
  const body = ApiErrorSchema.parse(raw);
  if (pattern) expect(body.error).toMatch(pattern);
  return raw;
}

beforeAll(async () => {
  await seed();
  operator = client(app, (await createOperatorSession()).cookie);
});

describe('/api/backoffice/stock', () => {
  it('lists SKUs with every location (fabrica and the physical stores) and searches by SKU', async () => {
    const sku = await skuWithStock(3);
    const code = await skuCode(sku.id);
    const res = await operator.get(`/api/backoffice/stock?q=${encodeURIComponent(code)}`);
    expect(res.status).toBe(200);
    const page = (await res.json()) as StockPage;
    const item = page.items.find((i) => i.sku === code)!;
    const stores = (await env.DB.prepare('SELECT key FROM stores ORDER BY id').all<{ key: string }>()).results.map(
      (r) => r.key,
    );
    expect(item.locations.map((l) => l.store)).toEqual(stores);
    expect(stores[0]).toBe('fabrica');
    expect(item.locations[0]!.quantity).toBe(3);
  });

  it('signed out → 401, a customer → 403, and neither changes anything', async () => {
    const sku = await skuWithStock(2);
    const body = {
      sku: await skuCode(sku.id),
      store: 'fabrica',
      delta: 5,
      reason: 'recebimento',
      version: await versionOf(sku.id),
    };
    await refused(await app.request('/api/backoffice/stock/adjustments', sameOriginJson('POST', body)), 401);
    const customer = client(app, (await createCustomerSession()).cookie);
    await refused(await customer.post('/api/backoffice/stock/adjustments', body), 403);
    await refused(await customer.get('/api/backoffice/stock'), 403);
    expect(await stockOf(sku.id)).toBe(2);
    expect(await adjustments(sku.id)).toBe(0);
  });

  it('an adjustment writes the quantity and one log row with its reason, and answers before/after', async () => {
    const sku = await skuWithStock(2);
    const code = await skuCode(sku.id);
    const version = await versionOf(sku.id);
    const res = await operator.post('/api/backoffice/stock/adjustments', {
      sku: code,
      store: 'fabrica',
      delta: 5,
      reason: 'recebimento',
      note: 'NF 123',
      version,
    });
    expect(res.status).toBe(200);
    const out = (await res.json()) as StockAdjusted;
    expect(out.before).toEqual({ quantity: 2 });
    expect(out.after).toEqual({ quantity: 7 });
    expect(out.entry).toMatchObject({
      reason: 'recebimento',
      reasonLabel: 'Recebimento de mercadoria',
      before: 2,
      after: 7,
      note: 'NF 123',
    });
    expect(await stockOf(sku.id)).toBe(7);
    expect(await versionOf(sku.id)).toBe(version + 1);
    // A count (absolute quantity) at a store that had no row for this SKU.
    const store = (await env.DB.prepare("SELECT id, key FROM stores WHERE key != 'fabrica' ORDER BY id LIMIT 1").first<{
      id: number;
      key: string;
    }>())!;
    await env.DB.prepare('DELETE FROM stock WHERE product_item_id = ? AND store_id = ?').bind(sku.id, store.id).run();
    const counted = await operator.post('/api/backoffice/stock/adjustments', {
      sku: code,
      store: store.key,
      quantity: 4,
      reason: 'contagem',
      version: 0,
    });
    expect(counted.status).toBe(200);
    expect(await stockOf(sku.id, store.id)).toBe(4);
    expect(await adjustments(sku.id)).toBe(2);
  });

  it('a stale save is a 409 saying what changed, and writes nothing (no lost update)', async () => {
    const sku = await skuWithStock(5);
    const code = await skuCode(sku.id);
    const version = await versionOf(sku.id);
    expect(
      (
        await operator.post('/api/backoffice/stock/adjustments', {
          sku: code,
          store: 'fabrica',
          delta: -1,
          reason: 'avaria',
          version,
        })
      ).status,
    ).toBe(200);
    const body = await refused(
      await operator.post('/api/backoffice/stock/adjustments', {
        sku: code,
        store: 'fabrica',
        quantity: 10,
        reason: 'contagem',
        version,
      }),
      409,
      /mudou desde que você abriu a página.*agora há 4 unidades.*Nada foi salvo/,
    );
    expect(body).toMatchObject({ current: { quantity: 4, version: version + 1 } });
    expect(await stockOf(sku.id)).toBe(4);
    expect(await adjustments(sku.id)).toBe(1);
  });

  it('a sale moves the version: a form read before it is refused with 409', async () => {
    const sku = await skuWithStock(3);
    const version = await versionOf(sku.id);
    expect(
      (await finish(app, orderBody(await cartWith([{ sku: sku.id, amount: 1 }]), { paymentMethodId: 47 }))).status,
    ).toBe(200);
    expect(await stockOf(sku.id)).toBe(2);
    await refused(
      await operator.post('/api/backoffice/stock/adjustments', {
        sku: await skuCode(sku.id),
        store: 'fabrica',
        delta: -3,
        reason: 'perda',
        version,
      }),
      409,
      /era 3, agora há 2 unidades|agora há 2 unidades/,
    );
    expect(await stockOf(sku.id)).toBe(2);
  });

  it('below zero is a 422 and nothing changes', async () => {
    const sku = await skuWithStock(1);
    await refused(
      await operator.post('/api/backoffice/stock/adjustments', {
        sku: await skuCode(sku.id),
        store: 'fabrica',
        delta: -2,
        reason: 'perda',
        version: await versionOf(sku.id),
      }),
      422,
      /não pode ficar negativo/,
    );
    expect(await stockOf(sku.id)).toBe(1);
    expect(await adjustments(sku.id)).toBe(0);
  });

  it('bad input → pt-BR 4xx, nothing changed', async () => {
    const sku = await skuWithStock(2);
    const good = {
      sku: await skuCode(sku.id),
      store: 'fabrica',
      delta: 1,
      reason: 'recebimento',
      version: await versionOf(sku.id),
    };
    const post = (body: unknown) => operator.post('/api/backoffice/stock/adjustments', body);
    await refused(await post({ ...good, reason: 'presente' }), 400, /motivo/);
    await refused(await post({ ...good, quantity: 3 }), 400, /uma das duas/);
    await refused(await post({ ...good, delta: 0 }), 400, /diferente de zero/);
    await refused(await post({ ...good, delta: 1.5 }), 400, /inteiro/);
    await refused(await post({ ...good, note: 'a\u0000b' }), 400, /caracteres inválidos/);
    await refused(await post(JSON.parse(`{"__proto__": {"x": 1}, ${JSON.stringify(good).slice(1)}`)), 400);
    await refused(await post({ ...good, store: 'lua' }), 404, /Loja não encontrada/);
    await refused(await post({ ...good, sku: 'NAO-EXISTE' }), 404, /SKU não encontrado/);
    await refused(await post({ ...good, delta: 100_001 }), 400, /limite/);
    const cookie = (await createOperatorSession()).cookie;
    const text = await app.request(
      '/api/backoffice/stock/adjustments',
      sameOriginJson('POST', good, { 'content-type': 'text/plain', cookie }),
    );
    expect(text.status).toBe(415);
    expect(await stockOf(sku.id)).toBe(2);
    expect(await adjustments(sku.id)).toBe(0);
  });

  it('20 saves of one form at once (same version): exactly one applies, the others are 409 (no lost update)', async () => {
    for (let run = 0; run < 5; run++) {
      const sku = await skuWithStock(3);
      const body = {
        sku: await skuCode(sku.id),
        store: 'fabrica',
        delta: -1,
        reason: 'avaria',
        version: await versionOf(sku.id),
      };
      const statuses = (
        await Promise.all(Array.from({ length: 20 }, () => operator.post('/api/backoffice/stock/adjustments', body)))
      ).map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      expect(await stockOf(sku.id)).toBe(2);
      expect(await adjustments(sku.id)).toBe(1);
    }
  });

  it('a sale and adjustments racing on the last unit: exactly one wins, never below zero (20 parallel requests × 10 runs)', async () => {
    for (let run = 0; run < 10; run++) {
      const sku = await skuWithStock(1);
      const code = await skuCode(sku.id);
      const version = await versionOf(sku.id);
      const carts = await Promise.all(Array.from({ length: 10 }, () => cartWith([{ sku: sku.id, amount: 1 }])));
      const requests = Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? operator.post('/api/backoffice/stock/adjustments', {
              sku: code,
              store: 'fabrica',
              delta: -1,
              reason: 'avaria',
              version,
            })
          : finish(app, orderBody(carts[(i - 1) / 2]!, { paymentMethodId: 47 })),
      );
      const statuses = (await Promise.all(requests)).map((r) => r.status);
      const won = statuses.filter((s) => s === 200).length;
      const sold = await count('order_items WHERE product_item_id = ?', sku.id);
      const adjusted = await adjustments(sku.id);
      // Every accepted request took the one unit: one winner in all, and the stock and the log agree with it.
      expect({ sold, adjusted, won }).toEqual({ sold: sold, adjusted: 1 - sold, won: 1 });
      expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
      expect(await stockOf(sku.id)).toBe(0);
    }
    expect(await count('stock WHERE quantity < 0')).toBe(0);
  }, 300_000);
});
