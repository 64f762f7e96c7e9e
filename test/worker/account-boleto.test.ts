import { beforeAll, describe, expect, it } from 'vitest';
import { formatDigitableLine } from '../../src/lib/payments/boleto';
import type { FinishOrderResult } from '../../src/contracts/checkout';
import { createCustomerSession, makeApp, seed } from './app-harness';
import { validCpf } from './customer-fixtures';
import { cartWith, CARD, finished, orderBody, paymentRef, sandbox, skuWithStock } from './checkout-helpers';

const app = makeApp();
const LINK = '>Imprimir boleto</a>';

beforeAll(() => seed());

type Customer = Awaited<ReturnType<typeof createCustomerSession>>;
const BOLETO = { paymentMethodId: 6, installmentNumber: 1 };

/** A signed-in customer's order (a new customer unless given) paid with `payment` (6: boleto, 1: credit card). */
async function customerOrder(payment: Record<string, unknown>, given?: Customer) {
  const customer = given ?? (await createCustomerSession({ name: 'Ana Paula Souza', cpf: validCpf() }));
  const sku = await skuWithStock(3);
  const cartId = await cartWith([{ sku: sku.id, amount: 1 }], customer.customerId);
  const body = orderBody(cartId, payment, { customerId: customer.customerId, anonymousConsumer: null });
  const result: FinishOrderResult = await finished(app, body, { cookie: customer.cookie });
  return { customer, result, id: result.orderIds[0]! };
}

const get = (path: string, cookie?: string) => app.request(path, cookie ? { headers: { cookie } } : {});

describe('"Imprimir boleto" in Minha conta → Meus pedidos', () => {
  it('the owner of a pending boleto order gets the link, and it opens the printable boleto without the token', async () => {
    const { customer, result, id } = await customerOrder(BOLETO);
    if (result.next.kind !== 'boleto') throw new Error('boleto expected');

    const html = await (await get(`/minha-conta/pedidos/${id}`, customer.cookie)).text();
    expect(html).toContain(
      `<a class="button" href="/minha-conta/pedidos/${id}/boleto" target="_blank" rel="noopener">Imprimir boleto</a>`,
    );

    const print = await get(`/minha-conta/pedidos/${id}/boleto`, customer.cookie);
    expect(print.status).toBe(200);
    expect(print.headers.get('cache-control')).toMatch(/\bno-store\b/);
    expect(print.headers.get('referrer-policy')).toBe('no-referrer');
    const page = await print.text();
    expect(page).toContain('<h1>Boleto bancário</h1>');
    expect(page).toContain(result.next.barcode);
    // The bar code itself (ITF: 2 start bars, 5 per pair of its 44 digits, 2 stop bars; walk 11: digits only).
    const bars = page.match(/<svg class="boleto-bars"[^>]*>(.*?)<\/svg>/)![1]!;
    expect(bars.match(/<rect /g)).toHaveLength(2 + 22 * 5 + 2);
    expect(page).toContain(formatDigitableLine(result.next.digitableLine));
    expect(page).toContain('Ana Paula Souza');
  });

  it('another customer gets the 404 of an order that is not theirs, on the order page and on its boleto', async () => {
    const { customer, id } = await customerOrder(BOLETO);
    expect((await get(`/minha-conta/pedidos/${id}/boleto`, customer.cookie)).status).toBe(200);
    const other = await createCustomerSession();
    for (const path of [`/minha-conta/pedidos/${id}`, `/minha-conta/pedidos/${id}/boleto`]) {
      const res = await get(path, other.cookie);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain(LINK);
    }
    // An unknown order is the same 404.
    expect((await get('/minha-conta/pedidos/999999999/boleto', other.cookie)).status).toBe(404);
  });

  it('an id written with leading zeros moves to the one address of the order and of its boleto (301)', async () => {
    const { customer, id } = await customerOrder(BOLETO);
    for (const [path, to] of [
      [`/minha-conta/pedidos/00${id}`, `/minha-conta/pedidos/${id}`],
      [`/minha-conta/pedidos/0${id}/boleto`, `/minha-conta/pedidos/${id}/boleto`],
    ] as const) {
      const res = await get(path, customer.cookie);
      expect(res.status, path).toBe(301);
      expect(res.headers.get('location'), path).toBe(to);
    }
    // Order 0 is no order: the same 404 as any unknown id.
    expect((await get('/minha-conta/pedidos/000', customer.cookie)).status).toBe(404);
  });

  it('a signed-out visitor goes to the login and comes back to the boleto', async () => {
    const { id } = await customerOrder(BOLETO);
    const res = await get(`/minha-conta/pedidos/${id}/boleto`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(
      `/login?redirect=${encodeURIComponent(`/minha-conta/pedidos/${id}/boleto`)}`,
    );
  });

  it("a card order has no link and no boleto page (the same customer's boleto order has both)", async () => {
    const { customer, id: boletoId } = await customerOrder(BOLETO);
    expect(await (await get(`/minha-conta/pedidos/${boletoId}`, customer.cookie)).text()).toContain(LINK);
    expect((await get(`/minha-conta/pedidos/${boletoId}/boleto`, customer.cookie)).status).toBe(200);
    const { id } = await customerOrder({ paymentMethodId: 1, installmentNumber: 1, ...CARD }, customer);
    const html = await (await get(`/minha-conta/pedidos/${id}`, customer.cookie)).text();
    expect(html).toContain(`Pedido nº ${id}`);
    expect(html).not.toContain(LINK);
    expect((await get(`/minha-conta/pedidos/${id}/boleto`, customer.cookie)).status).toBe(404);
  });

  it('a paid boleto no longer offers it (the link goes, the page is a 404)', async () => {
    const { customer, id } = await customerOrder(BOLETO);
    expect(await (await get(`/minha-conta/pedidos/${id}`, customer.cookie)).text()).toContain(LINK);
    expect((await get(`/minha-conta/pedidos/${id}/boleto`, customer.cookie)).status).toBe(200);
    expect((await sandbox(app, { reference: await paymentRef(id), action: 'pay' })).status).toBe(200);
    const html = await (await get(`/minha-conta/pedidos/${id}`, customer.cookie)).text();
    expect(html).toContain('Pagamento aprovado');
    expect(html).not.toContain(LINK);
    expect((await get(`/minha-conta/pedidos/${id}/boleto`, customer.cookie)).status).toBe(404);
  });
});
