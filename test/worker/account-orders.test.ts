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
