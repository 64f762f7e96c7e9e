import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOperatorSession } from './backoffice-fixtures';
import { insertOrder } from './exchange-fixtures';
import { createCustomerSession, makeApp, seed } from './app-harness';

const app = makeApp();
const text = async (res: Response) =>
  (await res.text())
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/<!-- -->/g, '');
const charged = (html: string) =>
  /data-testid="payment-charged">(.*?)<\/dd>/s
    .exec(html)![1]!
    .replace(/<[^>]+>/g, '')
    .replace(/\u00a0/g, ' ');

beforeAll(() => seed());

describe('/painel/pedidos/{id}: the amount charged', () => {
  it('one charge for two orders of a checkout says it is joint, names both orders and this order’s part', async () => {
    const cookie = (await createOperatorSession('operacoes')).cookie;
    const customer = await createCustomerSession();
    const first = await insertOrder(customer.customerId, { status: 'paid', amounts: [2] });
    const second = await insertOrder(customer.customerId, { status: 'paid', amounts: [3] });
    // The checkout's one payment covers both orders (20,00 + 30,00).
    await env.DB.batch([
      env.DB.prepare(
        'UPDATE payments SET charged_cents = 5000, amount_cents = 5000 WHERE id = (SELECT payment_id FROM orders WHERE id = ?)',
      ).bind(first.orderId),
      env.DB.prepare('UPDATE orders SET payment_id = (SELECT payment_id FROM orders WHERE id = ?) WHERE id = ?').bind(
        first.orderId,
        second.orderId,
      ),
    ]);
    const page = (id: number) => app.request(`/painel/pedidos/${id}`, { headers: { cookie } });
    expect(charged(await text(await page(first.orderId)))).toBe(
      `Cobrança conjunta dos pedidos nº ${first.orderId} e ${second.orderId}: R$ 50,00 (este pedido: R$ 20,00)`,
    );
    expect(charged(await text(await page(second.orderId)))).toContain('(este pedido: R$ 30,00)');

    const alone = await insertOrder(customer.customerId, { status: 'paid', amounts: [1] });
    expect(charged(await text(await page(alone.orderId)))).toBe('R$ 10,00');
  });
});
