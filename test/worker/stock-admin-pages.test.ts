import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOperatorSession } from './backoffice-fixtures';
import { count, skuWithStock, stockOf } from './checkout-helpers';
import { createCustomerSession, makeApp, makeProxyPair, ORIGIN, robotsMeta, seed } from './app-harness';

const app = makeApp();
const form = (fields: Record<string, string>, cookie: string, origin = ORIGIN): RequestInit => ({
  method: 'POST',
  headers: { origin, 'content-type': 'application/x-www-form-urlencoded', cookie },
  body: new URLSearchParams(fields).toString(),
});
const text = async (res: Response) =>
  (await res.text())
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/<!-- -->/g, '');
const skuCode = async (id: number) =>
  (await env.DB.prepare('SELECT sku FROM product_items WHERE id = ?').bind(id).first<{ sku: string }>())!.sku;
const versionOf = async (id: number) =>
  (await env.DB.prepare('SELECT version FROM stock WHERE product_item_id = ? AND store_id = 1')
    .bind(id)
    .first<{ version: number }>())!.version;

let cookie: string;
beforeAll(async () => {
  await seed();
  cookie = (await createOperatorSession()).cookie;
});

describe('/painel/estoque', () => {
  it('signed out → login; a customer → 404; the operator sees every location, never indexed', async () => {
    expect((await app.request('/painel/estoque')).status).toBe(303);
    const customer = await createCustomerSession();
    expect((await app.request('/painel/estoque', { headers: { cookie: customer.cookie } })).status).toBe(404);
    const sku = await skuWithStock(4);
    const code = await skuCode(sku.id);
    const res = await app.request(`/painel/estoque?q=${encodeURIComponent(code)}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const html = await text(res);
    expect(robotsMeta(html)).toBe('noindex, nofollow');
    expect(html).toContain(`href="/painel/estoque/sku/${code}"`);
    expect(html).toContain('Centro de distribuição (fábrica)');
    const one = await text(await app.request(`/painel/estoque/sku/${code}`, { headers: { cookie } }));
    expect(one).toContain('Recebimento de mercadoria');
    expect(one).toMatch(/data-testid="stock-fabrica">4</);
  });

  it('a saída posted without JS lowers the stock, logs the reason and shows it; a stale form gets 409 with what changed', async () => {
    const sku = await skuWithStock(4);
    const code = await skuCode(sku.id);
    const version = String(await versionOf(sku.id));
    const fields = {
      sku: code,
      store: 'fabrica',
      version,
      mode: 'saida',
      amount: '1',
      reason: 'avaria',
      note: 'costura aberta',
    };
    const res = await app.request('/painel/estoque/ajustar', form(fields, cookie));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/painel/estoque/sku/${code}?ok=1`);
    expect(await stockOf(sku.id)).toBe(3);
    const shown = await text(await app.request(res.headers.get('location')!, { headers: { cookie } }));
    expect(shown).toContain('Ajuste salvo.');
    expect(shown).toContain('costura aberta');
    const stale = await app.request(
      '/painel/estoque/ajustar',
      form({ ...fields, mode: 'contagem', amount: '9', reason: 'contagem' }, cookie),
    );
    expect(stale.status).toBe(409);
    expect(await text(stale)).toMatch(
      /mudou desde que você abriu a página.*era 4, agora há 3 unidades|agora há 3 unidades/,
    );
    expect(await stockOf(sku.id)).toBe(3);
    expect(await count('stock_adjustments WHERE product_item_id = ?', sku.id)).toBe(1);
  });

  it('bad posts → pt-BR 4xx and nothing changed', async () => {
    const sku = await skuWithStock(2);
    const code = await skuCode(sku.id);
    const fields = {
      sku: code,
      store: 'fabrica',
      version: String(await versionOf(sku.id)),
      mode: 'saida',
      amount: '1',
      reason: 'perda',
    };
    const cases: [Record<string, string>, number, RegExp][] = [
      [{ ...fields, amount: 'dois' }, 400, /número inteiro/],
      [{ ...fields, amount: '3' }, 422, /não pode ficar negativo/],
      [{ ...fields, reason: '' }, 400, /motivo/],
      [{ ...fields, mode: 'roubo' }, 400, /número inteiro|Informe/],
      [{ ...fields, note: 'a\u0000b' }, 400, /caracteres inválidos/],
      [{ ...fields, sku: '../x' }, 400, /SKU inválido/],
      [{ ...fields, store: 'lua' }, 404, /Página não encontrada/],
    ];
    for (const [body, status, message] of cases) {
      const res = await app.request('/painel/estoque/ajustar', form(body, cookie));
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(await text(res)).toMatch(message);
    }
    const foreign = await app.request('/painel/estoque/ajustar', form(fields, cookie, 'https://evil.example'));
    expect(foreign.status).toBe(403);
    const multipart = await app.request('/painel/estoque/ajustar', {
      method: 'POST',
      headers: { origin: ORIGIN, cookie, 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(multipart.status).toBe(415);
    expect(await stockOf(sku.id)).toBe(2);
    expect(await count('stock_adjustments WHERE product_item_id = ?', sku.id)).toBe(0);
  });

  it('proxy mode: the section says the upstream owns the stock and a post changes nothing', async () => {
    const { proxy } = makeProxyPair();
    const sku = await skuWithStock(2);
    const list = await proxy.request('/painel/estoque', { headers: { cookie } });
    expect(list.status).toBe(200);
    expect(await text(list)).toContain('pertence a ele');
    const fields = {
      sku: await skuCode(sku.id),
      store: 'fabrica',
      version: String(await versionOf(sku.id)),
      mode: 'saida',
      amount: '1',
      reason: 'perda',
    };
    const post = await proxy.request('/painel/estoque/ajustar', form(fields, cookie));
    expect(post.status).toBe(409);
    expect(await stockOf(sku.id)).toBe(2);
  });
});
