import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokenSources } from '../../../src/commerce/payments/live/token-source';
import { liveAdapters } from '../../../src/commerce/payments/live/live-config';
import type { FetchLike, LiveProvider } from '../../../src/commerce/payments/live/live-provider';
import { seed } from '../app-harness';
import { BoletoFake } from './fakes/boleto-fake';
import { BOLETO_VARS, eventsOf, orderState, pendingOrder, pointPaymentAt, stockOf, webhookApp } from './live-helpers';

let fake: BoletoFake;
let boleto: LiveProvider;
const buyer = { name: 'Maria da Silva', cpf: '52998224725', email: 'maria.silva@example.com.br' };
const address = {
  street: 'Avenida Paulista',
  number: '1000',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  zipCode: '01310100',
};
const due = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
const boletoWith = (fetch: FetchLike) => liveAdapters(BOLETO_VARS, { fetch }).boleto!;

beforeAll(() => seed());
beforeEach(() => {
  clearTokenSources();
  fake = new BoletoFake();
  boleto = boletoWith(fake.fetch);
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  expect(fake.contract.violations).toEqual([]);
});

/** A pending boleto order whose payment is a cobrança registered at the fake Inter. */
async function liveBoletoOrder() {
  const order = await pendingOrder(6);
  const created = await boleto.createCharge({
    kind: 'boleto',
    reference: `VTR${order.paymentId}`,
    amountCents: order.charged,
    dueDate: due,
    buyer,
    address,
    now: new Date(),
  });
  await pointPaymentAt(order.paymentId, created.providerRef);
  return { order, created };
}

describe('boleto registered at Banco Inter (with its Pix QR)', () => {
  it('registers a boleto that also carries a Pix copia e cola, reads it paid, cancels another', async () => {
    const created = await boleto.createCharge({
      kind: 'boleto',
      reference: 'VTR000123',
      amountCents: 15990,
      dueDate: due,
      buyer,
      address,
      now: new Date(),
    });
    expect(created).toMatchObject({
      status: 'pending',
      amountCents: 15990,
      boleto: { line: expect.stringMatching(/^\d{47}$/), barcode: expect.stringMatching(/^\d{44}$/) },
    });
    expect(created.pixCopiaECola).toMatch(/^000201/);
    fake.pay(created.providerRef);
    expect(await boleto.getCharge(created.providerRef)).toMatchObject({ status: 'paid', amountCents: 15990 });
    const other = await boleto.createCharge({
      kind: 'boleto',
      reference: 'VTR000124',
      amountCents: 5000,
      dueDate: due,
      buyer,
      address,
      now: new Date(),
    });
    await boleto.void(other.providerRef);
    expect((await boleto.getCharge(other.providerRef)).status).toBe('cancelled');
  });

  it('dropping a required field (pagador.cep) is refused by the fake (the validation bites)', async () => {
    const dropping: FetchLike = async (request) => {
      if (request.method !== 'POST' || !request.url.endsWith('/cobrancas')) return fake.fetch(request);
      const body = (await request.json()) as { pagador: Record<string, unknown> };
      delete body.pagador.cep;
      return fake.fetch(
        new Request(request.url, { method: 'POST', headers: request.headers, body: JSON.stringify(body) }),
      );
    };
    await expect(
      boletoWith(dropping).createCharge({
        kind: 'boleto',
        reference: 'VTR000125',
        amountCents: 5000,
        dueDate: due,
        buyer,
        address,
        now: new Date(),
      }),
    ).rejects.toMatchObject({ status: 400 });
    expect(fake.contract.violations.join('\n')).toMatch(/cobrancas\.create request: body .*cep/);
    fake.contract.violations.length = 0;
  });

  it('the Inter webhook: paid once however often it is posted; an unknown cobrança is refused', async () => {
    const { order, created } = await liveBoletoOrder();
    const post = webhookApp(BOLETO_VARS, fake.fetch);
    const body = JSON.stringify(fake.pay(created.providerRef));
    const answers = await Promise.all(Array.from({ length: 4 }, () => post('boleto', { body })));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await orderState(order.orderId)).toMatchObject({ orderStatus: 'paid', transitions: 1 });
    expect((await eventsOf(order.paymentId)).map((e) => e.outcome)).toEqual(['paid']);
    expect((await post('boleto', { body: JSON.stringify([{ codigoSolicitacao: crypto.randomUUID() }]) })).status).toBe(
      404,
    );
  });

  it('a boleto cancelled at the bank releases the order once', async () => {
    const { order, created } = await liveBoletoOrder();
    const stock = await stockOf(order.sku);
    await boleto.void(created.providerRef);
    const post = webhookApp(BOLETO_VARS, fake.fetch);
    const body = JSON.stringify([{ codigoSolicitacao: created.providerRef, situacao: 'CANCELADO' }]);
    for (let i = 0; i < 2; i++) expect((await post('boleto', { body })).status).toBe(200);
    expect(await orderState(order.orderId)).toMatchObject({ orderStatus: 'cancelled', transitions: 1 });
    expect(await stockOf(order.sku)).toBe(stock + 2);
  });
});
