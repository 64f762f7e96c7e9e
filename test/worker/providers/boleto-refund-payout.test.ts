import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { count } from '../backoffice-fixtures';
import { createCustomerSession, ORIGIN } from '../app-harness';
import { liveBoletoSuite, owedBoletoOf, refundState as state } from './boleto-setup';

/**
 * Issue 27: a paid boleto of a cancelled order is refunded by transfer (Inter has no refund API). Its refund is
 * `owed`; the shopper gives the account in "Minha conta" (validated, pt-BR messages), the back office marks the
 * transfer made ("paid out"): the refund `done` and the payment `refunded`, in one batch.
 */
const live = liveBoletoSuite();
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
const GOOD = { bank: '260', agency: '0001', account: '1234567-8', holderCpf: '529.982.247-25' };

const owedBoleto = () => owedBoletoOf(live);

describe('a paid boleto of a cancelled order: refunded by transfer', () => {
  it('the shopper gives a valid account in "Minha conta"; the back office marks it paid out → refund done, payment refunded', async () => {
    const { app, orderId, customer, operator } = await owedBoleto();
    const page = await text(
      await app.request(`/minha-conta/pedidos/${orderId}`, { headers: { cookie: customer.cookie } }),
    );
    expect(page).toContain('<h2 id="payout-title">Reembolso por transferência</h2>');
    expect(page).toContain(`action="/minha-conta/pedidos/${orderId}/dados-bancarios"`);

    // The operator cannot pay out before the shopper said where to.
    const early = await app.request(`/painel/pedidos/${orderId}/reembolsos/1/pago`, form({}, operator.cookie));
    expect(early.status).toBe(409);
    expect(await text(early)).toContain('o cliente ainda não informou os dados bancários');

    const res = await app.request(`/minha-conta/pedidos/${orderId}/dados-bancarios`, form(GOOD, customer.cookie));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/minha-conta/pedidos/${orderId}?dados=1`);
    expect(await env.DB.prepare('SELECT bank, agency, account, holder_cpf AS cpf FROM refund_payouts').first()).toEqual(
      { bank: '260', agency: '0001', account: '1234567-8', cpf: '52998224725' },
    );
    const mine = await text(
      await app.request(`/minha-conta/pedidos/${orderId}?dados=1`, { headers: { cookie: customer.cookie } }),
    );
    expect(mine).toContain('Dados bancários recebidos.');
    expect(mine).toContain('CPF do titular ***.982.247-**');
    expect(mine).not.toContain('52998224725');

    const office = await text(
      await app.request(`/painel/pedidos/${orderId}`, { headers: { cookie: operator.cookie } }),
    );
    expect(office).toContain(
      'Conta do cliente: banco 260 · agência 0001 · conta 1234567-8 · CPF do titular 529.982.247-25',
    );
    const refundId = Number(/\/reembolsos\/(\d+)\/pago/.exec(office)![1]);
    const cross = await app.request(
      `/painel/pedidos/${orderId}/reembolsos/${refundId}/pago`,
      form({}, operator.cookie, 'https://evil.example'),
    );
    expect(cross.status).toBe(403);
    const paid = await app.request(`/painel/pedidos/${orderId}/reembolsos/${refundId}/pago`, form({}, operator.cookie));
    expect(paid.status).toBe(303);
    // Guard: the paid-out batch. Without it the payment stays `paid` with its refund owed forever.
    expect(await state(orderId)).toEqual({ payment: 'refunded', refund: 'done' });
    expect(
      (await app.request(`/painel/pedidos/${orderId}/reembolsos/${refundId}/pago`, form({}, operator.cookie))).status,
    ).toBe(409);
    expect(
      await text(await app.request(`/minha-conta/pedidos/${orderId}`, { headers: { cookie: customer.cookie } })),
    ).toMatch(/Transferimos R\$\s[\d.,]+ para a sua conta em/);
    // Once paid out the account can no longer change.
    const late = await app.request(`/minha-conta/pedidos/${orderId}/dados-bancarios`, form(GOOD, customer.cookie));
    expect(late.status).toBe(409);
    expect(await text(late)).toContain('Este reembolso já foi pago; os dados bancários não podem mais mudar.');
  });

  it('bad bank details: 400 with a pt-BR message per field, nothing written; another customer’s order is a 404', async () => {
    const { app, orderId, customer } = await owedBoleto();
    const res = await app.request(
      `/minha-conta/pedidos/${orderId}/dados-bancarios`,
      form({ bank: '26', agency: 'abc', account: '', holderCpf: '111.111.111-11' }, customer.cookie),
    );
    expect(res.status).toBe(400);
    const html = await text(res);
    for (const message of [
      'Confira os dados bancários destacados.',
      'Informe o código do banco com 3 dígitos (ex.: 001).',
      'Informe a agência (até 4 dígitos, com o dígito se houver: 1234-5).',
      'Informe a conta com o dígito (ex.: 12345-6).',
      'CPF do titular inválido.',
    ])
      expect(html).toContain(message);
    expect(html).toContain('value="abc"');
    expect(
      await count(
        'SELECT count(*) AS n FROM refund_payouts x JOIN payment_refunds r ON r.id = x.refund_id WHERE r.order_id = ?',
        orderId,
      ),
    ).toBe(0);
    const other = await createCustomerSession({ name: 'Outra Pessoa' });
    expect(
      (await app.request(`/minha-conta/pedidos/${orderId}/dados-bancarios`, form(GOOD, other.cookie))).status,
    ).toBe(404);
    expect(
      await count(
        'SELECT count(*) AS n FROM refund_payouts x JOIN payment_refunds r ON r.id = x.refund_id WHERE r.order_id = ?',
        orderId,
      ),
    ).toBe(0);
  });
});
