import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES } from '../../src/lib/customer/address';
import { CONTROL_CHAR_MESSAGE } from '../../src/contracts/text-input';
import { createCustomerSession, makeApp, makeProxyPair, oneUnitCart, seed, type TestApp } from './app-harness';
import {
  ADDRESS,
  PAC,
  basicForm,
  cartWith,
  count,
  finish,
  finished,
  orderBody,
  skuWithStock,
  stockOf,
} from './checkout-helpers';

/**
 * The checkout's typed delivery address follows the account's address rule (27 UFs, a CEP inside its UF's
 * Correios ranges, a house number of digits or S/N): finish-order refuses anything else with a pt-BR message
 * per field, and the no-JS form shows the fields again with theirs. Nothing is written for a refused address.
 */
const app = makeApp();
const PIX = { paymentMethodId: 47 };

// Each bad address: what is sent, the refused field and its pt-BR message.
const BAD: [string, Partial<typeof ADDRESS>, string, string][] = [
  ['UF "XX"', { state: 'XX' }, 'state', ADDRESS_MESSAGES.uf],
  ['CEP 00000000', { zipCode: '00000000' }, 'zipCode', ADDRESS_MESSAGES.cepUnknown],
  ['CEP 0131', { zipCode: '0131' }, 'zipCode', ADDRESS_MESSAGES.cep],
  ['a CEP of another state (Rio de Janeiro as SP)', { zipCode: '20040-002' }, 'state', ADDRESS_MESSAGES.cepUf],
  ['number "-5"', { number: '-5' }, 'number', ADDRESS_MESSAGES.number],
];

async function writes(): Promise<Record<string, number>> {
  return {
    orders: await count('orders'),
    payments: await count('payments'),
    orderedCarts: await count("carts WHERE status <> 'open'"),
  };
}

describe('POST /api/finish-order: the guest delivery address', () => {
  beforeAll(() => seed());

  it.each(BAD)(
    'refuses %s with a 400, a pt-BR message on the field, and writes nothing',
    async (_why, patch, field, message) => {
      const sku = await skuWithStock(5);
      const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
      const before = await writes();
      const res = await finish(app, orderBody(cartId, PIX, { address: { ...ADDRESS, ...patch } }));
      expect(res.status).toBe(400);
      const body = (await res.json()) as { code: string; error: string; fields?: Record<string, string> };
      expect(body.code).toBe('VALIDATION');
      expect(body.error).toBe(message);
      expect(body.fields).toEqual({ [`address.${field}`]: message });
      expect(await writes()).toEqual(before);
      expect(await count("carts WHERE id = ? AND status = 'open'", cartId)).toBe(1);
      expect(await stockOf(sku.id)).toBe(5);
    },
  );

  it('names every refused field at once', async () => {
    const cartId = await cartWith([{ sku: (await skuWithStock(5)).id, amount: 1 }]);
    const res = await finish(
      app,
      orderBody(cartId, PIX, { address: { ...ADDRESS, zipCode: '00000-000', state: 'XX', number: '-5', street: ' ' } }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({
      'address.zipCode': ADDRESS_MESSAGES.cepUnknown,
      'address.state': ADDRESS_MESSAGES.uf,
      'address.number': ADDRESS_MESSAGES.number,
      'address.street': ADDRESS_MESSAGES.street,
    });
  });

  it('guard (held before too): refuses a control character in an address field with a pt-BR 400, never a 500', async () => {
    const cartId = await cartWith([{ sku: (await skuWithStock(5)).id, amount: 1 }]);
    const before = await writes();
    for (const patch of [{ street: 'Avenida\u0000Paulista' }, { number: '10\u00000' }, { state: 'S\u0007P' }]) {
      const res = await finish(app, orderBody(cartId, PIX, { address: { ...ADDRESS, ...patch } }));
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe(CONTROL_CHAR_MESSAGE);
    }
    expect(await writes()).toEqual(before);
  });

  it('orders to a valid address, stored as the rule writes it (CEP digits, UF upper-cased, S/N)', async () => {
    const cartId = await cartWith([{ sku: (await skuWithStock(5)).id, amount: 1 }]);
    const result = await finished(
      app,
      orderBody(cartId, PIX, { address: { ...ADDRESS, state: ' sp ', number: 's/n', complement: '' } }),
    );
    const row = await env.DB.prepare('SELECT address_json FROM orders WHERE id = ?')
      .bind(result.orderIds[0])
      .first<{ address_json: string }>();
    expect(JSON.parse(row!.address_json)).toEqual({
      zipCode: '01310100',
      street: 'Avenida Paulista',
      number: 'S/N',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      receiver: 'Maria da Silva',
    });
  });

  it('guard (held before too): a signed-in customer still orders to a saved address, by its fields (the JS checkout) or by addressId', async () => {
    const customer = await createCustomerSession({ name: 'Carla Dias' });
    const headers = { cookie: customer.cookie };
    const saved = {
      receiver: 'Carla Dias',
      zipCode: '20040-002',
      street: 'Avenida Rio Branco',
      number: '1',
      neighborhood: 'Centro',
      city: 'Rio de Janeiro',
      state: 'RJ',
    };
    const created = await app.request('/api/addresses', {
      method: 'POST',
      headers: { ...headers, origin: 'http://localhost', 'content-type': 'application/json' },
      body: JSON.stringify(saved),
    });
    expect(created.status).toBe(201);
    const { id } = (await env.DB.prepare('SELECT id FROM addresses WHERE customer_id = ?')
      .bind(customer.customerId)
      .first<{ id: number }>())!;
    const { receiver: _receiver, ...fields } = saved;
    for (const extra of [
      { address: fields },
      { address: null, shippingInfo: { store: 'fabrica', addressId: id, selectedOption: PAC } },
    ]) {
      const cartId = await cartWith([{ sku: (await skuWithStock(5)).id, amount: 1 }], customer.customerId);
      const result = await finished(
        app,
        orderBody(cartId, PIX, { customerId: customer.customerId, anonymousConsumer: null, ...extra }),
        headers,
      );
      const row = await env.DB.prepare('SELECT address_json FROM orders WHERE id = ?')
        .bind(result.orderIds[0])
        .first<{ address_json: string }>();
      expect(JSON.parse(row!.address_json)).toMatchObject({ zipCode: '20040002', state: 'RJ', city: 'Rio de Janeiro' });
    }
  });
});

describe('/checkout without JavaScript: the delivery address', () => {
  beforeAll(() => seed());

  const post = (target: TestApp, cookie: string, fields: Record<string, string>) =>
    target.request('/checkout', {
      method: 'POST',
      headers: { cookie, origin: 'http://localhost', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
  const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';

  /** A guest's filled form, with the normal option the page quoted and what it showed. */
  async function guestForm(target: TestApp, cookie: string, chave: string): Promise<Record<string, string>> {
    const html = await (await post(target, cookie, { acao: 'frete', cep: '01310-100' })).text();
    const normal = basicForm(html).options.find((o) => o.startsWith('fabrica:normal:'));
    expect(normal).toBeDefined();
    return {
      acao: 'finalizar',
      chave,
      nome: 'Ana Souza',
      email: 'ana.endereco@example.com',
      cpf: '529.982.247-25',
      cep: '01310-100',
      rua: 'Avenida Paulista',
      numero: '1000',
      complemento: 'apto 12',
      bairro: 'Bela Vista',
      cidade: 'São Paulo',
      uf: 'SP',
      entrega: normal!,
      pagamento: 'pix',
      revisado: hidden(html, 'revisado'),
      itens: hidden(html, 'itens'),
    };
  }
  const orders = (cartId: string) => count('orders WHERE cart_id = ?', cartId);

  const FORM_BAD: [string, Record<string, string>, Record<string, string>][] = [
    ['UF "XX"', { uf: 'XX' }, { uf: ADDRESS_MESSAGES.uf }],
    ['a CEP of another state', { cep: '20040-002' }, { uf: ADDRESS_MESSAGES.cepUf }],
    ['number "-5"', { numero: '-5' }, { numero: ADDRESS_MESSAGES.number }],
    // No CEP of any state: refused when quoted, before the address is checked.
    ['CEP 00000-000', { cep: '00000-000' }, { cep: 'CEP inexistente. Confira os números digitados.' }],
  ];

  it.each(FORM_BAD)(
    'shows the form again for %s: the field pointed at in pt-BR, all typed kept, no order',
    async (_why, patch, errors) => {
      const { cart, cookie } = await oneUnitCart(app);
      const form = { ...(await guestForm(app, cookie, `addr-key-${crypto.randomUUID()}`)), ...patch };
      const res = await post(app, cookie, form);
      expect(res.status).toBe(200);
      const basic = basicForm(await res.text());
      expect(basic.errors).toEqual(errors);
      for (const name of ['nome', 'email', 'cpf', 'cep', 'rua', 'numero', 'complemento', 'bairro', 'cidade', 'uf'])
        expect(basic.values[name], name).toBe(form[name]);
      // The delivery choice stays chosen wherever the CEP still has options (a CEP refused has none to show).
      if (basic.options.length > 0) expect(basic.values.entrega).toBe(form.entrega);
      expect(await orders(cart.cartId)).toBe(0);
    },
  );

  it('a control character in a field: a 400 with the form again, the field pointed at, the rest kept; no order', async () => {
    const { cart, cookie } = await oneUnitCart(app);
    const form = {
      ...(await guestForm(app, cookie, `addr-key-${crypto.randomUUID()}`)),
      rua: 'Avenida\u0000 Paulista',
    };
    const res = await post(app, cookie, form);
    expect(res.status).toBe(400);
    const basic = basicForm(await res.text());
    expect(basic.errors).toEqual({ rua: CONTROL_CHAR_MESSAGE });
    expect(basic.values).toMatchObject({
      rua: 'Avenida Paulista',
      numero: '1000',
      nome: 'Ana Souza',
      cidade: 'São Paulo',
    });
    expect(basic.options.filter((o) => o.startsWith('fabrica:')).length).toBeGreaterThan(0);
    expect(await orders(cart.cartId)).toBe(0);
  });

  it('orders to a valid address, on the embedded backend and through the upstream proxy', async () => {
    const { proxy, seen } = makeProxyPair();
    for (const target of [app, proxy]) {
      const { cart, cookie } = await oneUnitCart(target);
      const form = { ...(await guestForm(target, cookie, `addr-key-${crypto.randomUUID()}`)), uf: 'sp', numero: 's/n' };
      const res = await post(target, cookie, form);
      expect(res.status, await res.clone().text()).toBe(303);
      const row = await env.DB.prepare('SELECT address_json FROM orders WHERE cart_id = ?')
        .bind(cart.cartId)
        .first<{ address_json: string }>();
      expect(JSON.parse(row!.address_json)).toMatchObject({
        zipCode: '01310100',
        number: 'S/N',
        state: 'SP',
        complement: 'apto 12',
      });
    }
    // Through the proxy, a refused address never reaches the upstream's finish-order.
    const { cookie } = await oneUnitCart(proxy);
    const form = { ...(await guestForm(proxy, cookie, `addr-key-${crypto.randomUUID()}`)), uf: 'XX' };
    const before = seen.filter((r) => r.url.endsWith('/finish-order')).length;
    const res = await post(proxy, cookie, form);
    expect(res.status).toBe(200);
    expect(basicForm(await res.text()).errors).toEqual({ uf: ADDRESS_MESSAGES.uf });
    expect(seen.filter((r) => r.url.endsWith('/finish-order')).length).toBe(before);
  });
});
