import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { PAYOUT_MESSAGES } from '../../../src/commerce/payments/payouts';
import { count } from '../checkout-helpers';
import { createCustomerSession, forwardTo, makeApp, sameOriginJson, UPSTREAM } from '../app-harness';
import { liveBoletoSuite, owedBoletoOf } from './boleto-setup';

/**
 * Issue 27: the shopper's bank details for a boleto refund owed by transfer, as JSON
 * (`GET`/`PUT /api/orders/{id}/refund-bank-details`, the twin of the "Minha conta" form): zod-validated per field
 * (pt-BR), same-origin, the signed-in owner's order only; the upstream adapter calls the same API.
 */
const live = liveBoletoSuite();
const GOOD = { bank: '260', agency: '0001', account: '1234567-8', holderCpf: '529.982.247-25' };
const path = (orderId: number) => `/api/orders/${orderId}/refund-bank-details`;
const as = (cookie: string, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), cookie },
});
const payouts = (orderId: number) =>
  count('refund_payouts x JOIN payment_refunds r ON r.id = x.refund_id WHERE r.order_id = ?', orderId);

describe('GET/PUT /api/orders/{id}/refund-bank-details', () => {
  it('the owner reads the refund owed, gives a valid account (CPF masked back), reads it given', async () => {
    const { app, orderId, customer, total } = await owedBoletoOf(live);
    const before = await app.request(path(orderId), as(customer.cookie));
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ amount: total, given: null, paidOutAt: null });
    const put = await app.request(path(orderId), as(customer.cookie, sameOriginJson('PUT', GOOD)));
    expect(put.status).toBe(200);
    const given = { bank: '260', agency: '0001', account: '1234567-8', holderCpf: '***.982.247-**' };
    expect(await put.json()).toEqual({ amount: total, given, paidOutAt: null });
    expect(await env.DB.prepare('SELECT holder_cpf AS cpf FROM refund_payouts').first()).toEqual({
      cpf: '52998224725',
    });
    expect(await (await app.request(path(orderId), as(customer.cookie))).json()).toMatchObject({ given });
  });

  it('bad details: 400 with a pt-BR message per field, nothing written; a cross-site PUT is a 403', async () => {
    const { app, orderId, customer } = await owedBoletoOf(live);
    const bad = { bank: '26', agency: 'abc', account: '', holderCpf: '111.111.111-11' };
    const res = await app.request(path(orderId), as(customer.cookie, sameOriginJson('PUT', bad)));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'VALIDATION',
      fields: {
        bank: 'Informe o código do banco com 3 dígitos (ex.: 001).',
        agency: 'Informe a agência (até 4 dígitos, com o dígito se houver: 1234-5).',
        account: 'Informe a conta com o dígito (ex.: 12345-6).',
        holderCpf: 'CPF do titular inválido.',
      },
    });
    const cross = sameOriginJson('PUT', GOOD, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect((await app.request(path(orderId), as(customer.cookie, cross))).status).toBe(403);
    expect(await payouts(orderId)).toBe(0);
  });

  it('owner only (IDOR): another customer and a visitor read and change nothing', async () => {
    const { app, orderId } = await owedBoletoOf(live);
    const other = await createCustomerSession({ name: 'Outra Pessoa' });
    const read = await app.request(path(orderId), as(other.cookie));
    // Guard: payouts.ts owedRefund(orderId, customer). Without the owner check the other customer reads the refund.
    expect(read.status).toBe(404);
    expect(await read.json()).toEqual({ code: 'NOT_FOUND', error: PAYOUT_MESSAGES.none });
    expect((await app.request(path(orderId), as(other.cookie, sameOriginJson('PUT', GOOD)))).status).toBe(404);
    // A visitor: asked to sign in, whichever the verb.
    expect((await app.request(path(orderId))).status).toBe(401);
    expect((await app.request(path(orderId), sameOriginJson('PUT', GOOD))).status).toBe(401);
    expect(await payouts(orderId)).toBe(0);
  });

  it('proxy mode: the upstream adapter reads and gives the details through the upstream’s JSON API', async () => {
    const { app, orderId, customer, total } = await owedBoletoOf(live);
    const seen: Request[] = [];
    const proxy = makeApp({ COMMERCE_API_URL: UPSTREAM }, { upstreamFetch: forwardTo(app, seen) });
    const put = await proxy.request(path(orderId), as(customer.cookie, sameOriginJson('PUT', GOOD)));
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ amount: total, given: { holderCpf: '***.982.247-**' } });
    // The account page (proxy): the refund box reads the upstream's answer.
    const page = await (await proxy.request(`/minha-conta/pedidos/${orderId}`, as(customer.cookie))).text();
    expect(page).toContain('Reembolso por transferência');
    expect(seen.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(
      expect.arrayContaining([
        `PUT /api/orders/${orderId}/refund-bank-details`,
        `GET /api/orders/${orderId}/refund-bank-details`,
      ]),
    );
    expect(await payouts(orderId)).toBe(1);
  });
});
