import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOperatorSession } from './backoffice-fixtures';
import { count } from './checkout-helpers';
import { createCustomerSession, makeApp, makeProxyPair, ORIGIN, seed } from './app-harness';
import shopifyLegacy from '../fixtures/shopify-legacy-products.csv?raw';

const app = makeApp();
let cookie: string;
const text = async (res: Response) =>
  (await res.text())
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/<!-- -->/g, '');
const upload = (body: BodyInit, target = app, type?: string) => {
  const init: RequestInit = {
    method: 'POST',
    headers: { origin: ORIGIN, cookie, ...(type ? { 'content-type': type } : {}) },
    body,
  };
  return target.request('/painel/importar', init);
};
const file = (content: BlobPart) => {
  const form = new FormData();
  form.set('arquivo', new File([content], 'produtos.csv', { type: 'text/csv' }));
  return form;
};
const digest = async () =>
  JSON.stringify(
    await env.DB.prepare(
      'SELECT (SELECT count(*) FROM products) AS p, (SELECT count(*) FROM product_items) AS i, (SELECT total(quantity) FROM stock) AS s, (SELECT count(*) FROM import_jobs) AS j',
    ).first(),
  );

beforeAll(async () => {
  await seed();
  cookie = (await createOperatorSession()).cookie;
});

describe('/painel/importar', () => {
  it('opens, and shows in the section menu, only for a role that may import (catalog:write)', async () => {
    for (const [role, allowed] of [
      ['catalogo', true],
      ['marketing', false],
      ['operacoes', false],
    ] as const) {
      const staff = (await createOperatorSession(role)).cookie;
      const res = await app.request('/painel/importar', { headers: { cookie: staff } });
      expect(res.status, role).toBe(allowed ? 200 : 403);
      const menu = await text(await app.request('/painel/pedidos', { headers: { cookie: staff } }));
      expect(menu.includes('href="/painel/importar"'), role).toBe(allowed);
    }
  });

  it('upload → dry run report → confirm → the job page says it is done', async () => {
    expect((await app.request('/painel/importar', { headers: { cookie } })).status).toBe(200);
    const dry = await upload(file(shopifyLegacy));
    expect(dry.status).toBe(200);
    const html = await text(dry);
    expect(html).toContain('Simulação: 1 novo, 0 alterados, 0 com erro');
    expect(await count("products WHERE slug = 'legging-cintura-alta'")).toBe(0);
    const action = /action="(\/painel\/importar\/\d+\/executar)"/.exec(html)![1]!;
    const run = await app.request(action, {
      method: 'POST',
      headers: { origin: ORIGIN, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(run.status).toBe(303);
    expect(await text(await app.request(run.headers.get('location')!, { headers: { cookie } }))).toContain('Concluída');
    expect(await count("products WHERE slug = 'legging-cintura-alta'")).toBe(1);
  });

  it('a malformed file: 422 with the row errors, nothing changed and no job', async () => {
    const before = await digest();
    const res = await upload(
      file(shopifyLegacy.replace('169.00,199.00', 'cento,199.00').replace('legging-cintura-alta', 'legging-2')),
    );
    expect(res.status).toBe(422);
    const html = await text(res);
    expect(html).toMatch(/Linha|linha/);
    expect(html).toContain('Preço inválido');
    expect(html).not.toContain('Confirmar importação');
    expect(await digest()).toBe(before);
  });

  it('bad uploads → pt-BR 4xx, nothing changed', async () => {
    const before = await digest();
    expect((await upload('handle,sku\n', app, 'text/plain')).status).toBe(415);
    const latin1 = await upload(file(new Uint8Array([0x68, 0x61, 0xe7, 0x0a])));
    expect(latin1.status).toBe(400);
    expect(await text(latin1)).toContain('não está em UTF-8');
    const none = new FormData();
    none.set('arquivo', 'só texto');
    expect((await upload(none)).status).toBe(400);
    const huge = await upload(file('x'.repeat(4 * 1024 * 1024 + 10)));
    expect(huge.status).toBe(413);
    const foreign = await app.request('/painel/importar', {
      method: 'POST',
      headers: { origin: 'https://evil.example', cookie },
      body: file('a'),
    });
    expect(foreign.status).toBe(403);
    expect(await digest()).toBe(before);
  });

  it('proxy mode: the upstream owns the catalog; an upload changes nothing', async () => {
    const { proxy } = makeProxyPair();
    const before = await digest();
    expect(await text(await proxy.request('/painel/importar', { headers: { cookie } }))).toContain(
      'o catálogo pertence a ele',
    );
    expect((await upload(file(shopifyLegacy), proxy)).status).toBe(409);
    expect(await digest()).toBe(before);
  });
});

describe('/painel/exportar', () => {
  it("downloads the whole catalog in Vitrine's template; uploaded back, the dry run plans no change", async () => {
    const res = await app.request('/painel/exportar', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="produtos-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder().decode(bytes);
    expect(csv.split('\r\n')[0]).toBe(
      'handle,nome,descricao,detalhes,categoria,publicado,sku,cor,tamanho,gtin,preco,preco_de,estoque_fabrica',
    );
    const variants = await count('product_items i JOIN products p ON p.id = i.product_id WHERE p.gift = 0');
    expect(csv.trimEnd().split('\r\n')).toHaveLength(variants + 1);
    const before = await digest();
    const dry = await upload(file(csv));
    const html = await text(dry);
    expect(dry.status, html.slice(0, 300)).toBe(200);
    expect(html).toContain('Simulação: 0 novos, 0 alterados, 0 com erro');
    expect(html).not.toContain('/executar');
    expect(await digest()).toBe(before);
  });

  it('any staff member may download it; a customer gets 404; with an upstream the section says it owns the catalog', async () => {
    const marketing = (await createOperatorSession('marketing', 'Equipe Marketing')).cookie;
    expect((await app.request('/painel/exportar', { headers: { cookie: marketing } })).status).toBe(200);
    expect(
      (await app.request('/painel/exportar', { headers: { cookie: (await createCustomerSession()).cookie } })).status,
    ).toBe(404);
    const { proxy } = makeProxyPair();
    const owned = await proxy.request('/painel/exportar', { headers: { cookie } });
    expect(owned.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await text(owned)).toContain('o catálogo pertence a ele');
  });
});
