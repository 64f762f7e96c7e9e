import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditStatement, type AuditEntry } from '../../src/commerce/audit/repo';
import { makeApp, seed } from './app-harness';
import { createOperatorSession } from './backoffice-fixtures';
import { text } from './staff-fixtures';

const app = makeApp();
let dono: { cookie: string; customerId: number; email: string };

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  staffId: dono.customerId,
  staffEmail: dono.email,
  action: 'test.action',
  entity: 'teste',
  entityId: '1',
  before: null,
  after: null,
  requestId: 'dc0c96a0-5f2e-4e59-9e14-92070161ce85',
  ...over,
});

/** The page's text with its tags taken out (what the operator reads). */
const read = async (q: string) => {
  const res = await app.request(`/painel/auditoria?${q}`, { headers: { cookie: dono.cookie } });
  expect(res.status).toBe(200);
  const html = await text(res);
  // The log itself: from its list to the page's footer (the page's own bootstrap JSON is elsewhere).
  const log = html.slice(html.indexOf('class="backoffice__audit"'), html.indexOf('<footer'));
  return { html, words: log.replace(/<[^>]+>/g, ' ').replace(/[ \t\r\n]+/g, ' ') };
};

beforeAll(async () => {
  await seed();
  dono = await createOperatorSession('dono', 'Dona Leitura');
  const variant = { sku: 'AUD-12-P', color: 'Azul', size: 'P', gtin: null, price: 6690, compareAt: null };
  await env.DB.batch(
    [
      entry({
        action: 'order.status',
        entity: 'order',
        entityId: '1',
        before: { status: 'paid', trackingCode: null },
        after: { status: 'invoiced', trackingCode: null },
      }),
      entry({
        action: 'product.update',
        entity: 'product',
        entityId: '12',
        before: { 'variant:AUD-12-P': variant },
        after: { 'variant:AUD-12-P': { ...variant, price: 5990, compareAt: 6690 } },
      }),
      entry({
        action: 'coupon.create',
        entity: 'coupon',
        entityId: 'WALK15',
        after: { kind: 'fixed', value: 1500, minSubtotal: 10000, requiresLogin: true, categories: [] },
      }),
      entry({ action: 'mystery.thing', entity: 'mystery', entityId: 'x9', after: { someField: 'algo' } }),
    ].map((e) => auditStatement(env.DB, e)),
  );
});

describe('/painel/auditoria reads in pt-BR', () => {
  it('names each action and record, money as R$, no raw JSON, the request id as "requisição"', async () => {
    const { words } = await read('staff=' + encodeURIComponent(dono.email));
    expect(words).toContain('Status do pedido nº 1');
    expect(words).toContain('Status: Pagamento aprovado → Nota fiscal emitida');
    expect(words).not.toContain('Código de rastreio'); // unchanged (null both sides): not a change
    expect(words).toContain('Preço do produto nº 12');
    expect(words).toContain('Preço (variante AUD-12-P): R$\u00a066,90 → R$\u00a059,90');
    expect(words).toContain('Preço “de” (variante AUD-12-P): — → R$\u00a066,90');
    expect(words).toContain('Cupom WALK15 criado');
    expect(words).toContain('Tipo: Valor fixo (R$)');
    expect(words).toContain('Valor: R$\u00a015,00');
    expect(words).toContain('Subtotal mínimo: R$\u00a0100,00');
    expect(words).toContain('Exige login: sim');
    // A field or action the page has no words for is shown plainly, not as JSON.
    expect(words).toContain('someField: algo');
    expect(words).toContain('mystery x9 (mystery.thing)');
    expect(words).toContain('requisição dc0c96a0-5f2e-4e59-9e14-92070161ce85');
    expect(words).not.toContain('pedido dc0c96a0');
    for (const raw of ['order.status', '"price"', '6690', '{"', '":']) expect(words).not.toContain(raw);
  });

  it('offers the record filter in pt-BR, the values unchanged', async () => {
    const { html } = await read('');
    for (const [value, label] of [
      ['order', 'Pedido'],
      ['product', 'Produto'],
      ['coupon', 'Cupom'],
      ['mystery', 'mystery'],
    ])
      expect(html).toContain(`<option value="${value}">${label}</option>`);
    expect(html).not.toContain('<option value="order">order</option>');
  });
});
