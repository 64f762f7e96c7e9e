import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCustomerSession, makeApp, seed } from './app-harness';

const app = makeApp();

beforeAll(() => seed());

describe("the account's order page", () => {
  it('is headed "Pedido nº {id}"; a pending boleto offers its line with a copy button', async () => {
    const { skuWithStock, cartWith, orderBody, finished } = await import('./checkout-helpers');
    const customer = await createCustomerSession({ name: 'Ana Paula Souza', cpf: '39053344705' });
    const sku = await skuWithStock(3);
    const cartId = await cartWith([{ sku: sku.id, amount: 1 }], customer.customerId);
    const body = orderBody(
      cartId,
      { paymentMethodId: 6, installmentNumber: 1 },
      { customerId: customer.customerId, anonymousConsumer: null },
    );
    const id = (await finished(app, body, { cookie: customer.cookie })).orderIds[0]!;

    const res = await app.request(`/minha-conta/pedidos/${id}`, { headers: { cookie: customer.cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<h1 id="account-title">Pedido nº ${id}</h1>`);
    expect(html).toContain(`<title>Pedido nº ${id} | Vitrine</title>`);
    // The menu still marks "Meus pedidos".
    expect(html).toContain('<a href="/minha-conta/pedidos" aria-current="page">Meus pedidos</a>');
    expect(html).toMatch(/class="boleto-line" aria-label="Linha digitável">\d{5}\.\d{5} /);
    expect(html).toContain('Copiar linha digitável');
  });
});

describe('"Minhas vendas" is in the menu only of accounts with a seller code', () => {
  const MENU = '<a href="/minha-conta/vendas">Minhas vendas</a>';
  const CARD = '<a href="/minha-conta/vendas"><strong>Minhas vendas</strong>';

  it('a shopper without one sees neither the menu entry nor the card; the page still answers', async () => {
    const ana = await createCustomerSession();
    const home = await (await app.request('/minha-conta', { headers: { cookie: ana.cookie } })).text();
    expect(home).not.toContain('href="/minha-conta/vendas"');
    const orders = await (await app.request('/minha-conta/pedidos', { headers: { cookie: ana.cookie } })).text();
    expect(orders).not.toContain('href="/minha-conta/vendas"');
    const sales = await app.request('/minha-conta/vendas', { headers: { cookie: ana.cookie } });
    expect(sales.status).toBe(200);
    expect(await sales.text()).toContain('Sua conta não tem um código de vendedor.');
  });

  it('a seller sees both', async () => {
    const vera = await createCustomerSession({ name: 'Vera Vendedora', cpf: '11144477735' });
    await env.DB.prepare("INSERT INTO sellers (code, name, customer_id) VALUES ('VERA20', 'Vera', ?)")
      .bind(vera.customerId)
      .run();
    const home = await (await app.request('/minha-conta', { headers: { cookie: vera.cookie } })).text();
    expect(home).toContain(MENU);
    expect(home).toContain(CARD);
    const me = await (await app.request('/api/me', { headers: { cookie: vera.cookie } })).json();
    expect(me).toMatchObject({ seller: true });
  });
});
