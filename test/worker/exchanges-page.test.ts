import { beforeAll, describe, expect, it } from 'vitest';
import { ExchangesResponseSchema } from '../../src/contracts/exchanges';
import { EXCHANGE_MESSAGES } from '../../src/commerce/exchanges/eligibility';
import { insertOrder } from './exchange-fixtures';
import { createCustomerSession, makeApp, ORIGIN, seed } from './app-harness';

const app = makeApp();
const PATH = '/minha-conta/trocas-devolucoes';
const form = (fields: Record<string, string>, cookie: string): RequestInit => ({
  method: 'POST',
  headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', cookie },
  body: new URLSearchParams(fields).toString(),
});
const html = async (cookie: string) => (await app.request(PATH, { headers: { cookie } })).text();
const apiList = async (cookie: string) =>
  ExchangesResponseSchema.parse(await (await app.request('/api/exchanges', { headers: { cookie } })).json());
// React escapes text; compare messages after undoing the entities it uses.
const text = (s: string) =>
  s
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/<!-- -->/g, '');

describe('/minha-conta/trocas-devolucoes (no-JS)', () => {
  beforeAll(() => seed());

  it('needs a session', async () => {
    const res = await app.request(PATH);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/login?redirect=${encodeURIComponent(PATH)}`);
  });

  it('shows the empty states, then a form per delivered order; posting it lists the request', async () => {
    const me = await createCustomerSession();
    const empty = await html(me.cookie);
    expect(empty).toContain('Você ainda não pediu nenhuma troca ou devolução.');
    expect(empty).toContain('Nenhum item de pedido entregue nos últimos 30 dias');
    const { orderId, itemIds } = await insertOrder(me.customerId, { amounts: [2, 1] });
    await insertOrder(me.customerId, { status: 'shipped' });
    const page = await html(me.cookie);
    expect(page.match(/<form[^>]*exchange-form/g)).toHaveLength(1);
    expect(page).toContain(`name="amount_${itemIds[0]}"`);
    expect(page).toContain(`name="orderId" value="${orderId}"`);
    const res = await app.request(
      PATH,
      form(
        {
          orderId: String(orderId),
          [`amount_${itemIds[0]}`]: '2',
          [`amount_${itemIds[1]}`]: '0',
          kind: 'return',
          refund: 'original',
          reason: 'Não serviu',
        },
        me.cookie,
      ),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${PATH}?ok=1`);
    const list = await apiList(me.cookie);
    expect(list.exchanges[0]).toMatchObject({
      kind: 'return',
      refund: 'original',
      items: [{ orderItemId: itemIds[0], amount: 2 }],
    });
    const after = text(await (await app.request(`${PATH}?ok=1`, { headers: { cookie: me.cookie } })).text());
    expect(after).toContain('Solicitação registrada.');
    expect(after).toContain('Devolução nº');
    expect(after).toContain('Solicitada');
    expect(after).toContain('Forma de pagamento original');
    expect(after).not.toContain(`name="amount_${itemIds[0]}"`);
    expect(after).toContain(`name="amount_${itemIds[1]}"`);
  });

  it('a troca is not asked about or shown a refund; a devolução must say how it is refunded', async () => {
    const me = await createCustomerSession();
    const { orderId, itemIds } = await insertOrder(me.customerId, { amounts: [1, 1] });
    const page = await html(me.cookie);
    expect(page).toContain('class="field field--choices exchange-form__refund"');
    const base = { orderId: String(orderId), reason: 'Tamanho errado' };
    const noRefund = await app.request(
      PATH,
      form({ ...base, kind: 'return', [`amount_${itemIds[0]}`]: '1' }, me.cookie),
    );
    expect(noRefund.status).toBe(400);
    expect(await noRefund.text()).toContain('Escolha como quer receber o reembolso');
    // The refund fieldset is posted with a troca too (its radio stays checked): the server ignores it.
    const troca = { ...base, kind: 'exchange', refund: 'original', [`amount_${itemIds[0]}`]: '1' };
    expect((await app.request(PATH, form(troca, me.cookie))).status).toBe(303);
    const after = text(await html(me.cookie));
    expect(after).toContain('Troca nº');
    expect(after).not.toContain('Reembolso:');
    expect((await apiList(me.cookie)).exchanges[0]).toMatchObject({ kind: 'exchange', refund: 'cashback' });
  });

  it('re-renders refusals with the pt-BR message and status; nothing written', async () => {
    const me = await createCustomerSession();
    const other = await createCustomerSession();
    const { orderId, itemIds } = await insertOrder(me.customerId, { amounts: [1] });
    const base = { orderId: String(orderId), kind: 'exchange', refund: 'cashback', reason: 'Tamanho errado' };
    const none = await app.request(PATH, form({ ...base, [`amount_${itemIds[0]}`]: '0' }, me.cookie));
    expect(none.status).toBe(400);
    expect(await none.text()).toContain('Escolha pelo menos um item do pedido.');
    const tooMany = await app.request(PATH, form({ ...base, [`amount_${itemIds[0]}`]: '5' }, me.cookie));
    expect(tooMany.status).toBe(422);
    expect(text(await tooMany.text())).toContain(EXCHANGE_MESSAGES.tooMany);
    const foreign = await app.request(PATH, form({ ...base, [`amount_${itemIds[0]}`]: '1' }, other.cookie));
    expect(foreign.status).toBe(404);
    expect(text(await foreign.text())).toContain(EXCHANGE_MESSAGES.orderNotFound);
    // A control character in the reason: the form again with it, the reason kept less the character.
    const control = await app.request(
      PATH,
      form({ ...base, [`amount_${itemIds[0]}`]: '1', reason: 'Tamanho\u0000 errado' }, me.cookie),
    );
    expect(control.status).toBe(400);
    const controlHtml = text(await control.text());
    expect(controlHtml).toContain('Há caracteres inválidos nos dados enviados. Remova-os e tente novamente.');
    expect(controlHtml).toContain('Tamanho errado');
    expect(controlHtml).toMatch(/<form[^>]*exchange-form/);
    const junk = await app.request(PATH, form({ orderId: 'x', kind: 'y', refund: 'z', amount_abc: '1' }, me.cookie));
    expect(junk.status).toBe(400);
    expect((await apiList(me.cookie)).exchanges).toEqual([]);
    expect((await apiList(other.cookie)).exchanges).toEqual([]);
  });

  it('refuses a cross-site form post', async () => {
    const me = await createCustomerSession();
    const res = await app.request(PATH, {
      ...form({ orderId: '1' }, me.cookie),
      headers: {
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
        cookie: me.cookie,
      },
    });
    expect(res.status).toBe(403);
  });
});
