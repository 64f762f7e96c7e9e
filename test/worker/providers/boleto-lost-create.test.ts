import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { seuNumeroOf } from '../../../src/commerce/payments/live/boleto-slot';
import { cartWith, count, finish, orderBody, skuWithStock } from '../checkout-helpers';
import { liveBoletoSuite } from './boleto-setup';

/**
 * Inter takes no idempotency key, and its portal makes no "seu número" unique: a create repeated with the same one may
 * register a second boleto in the shopper's name. So when a create's answer is lost (Inter registered the boleto, we
 * got a timeout), finish-order keeps the attempt and answers 502 without withdrawing anything; the retry (same cart,
 * same idempotency key, so the same seu número) searches Inter by it and continues with that boleto; with no retry,
 * one cron run finds it the same way and cancels it at Inter. These tests read the fake's own request log.
 */
const live = liveBoletoSuite();
const ops = () => live.boleto.log.map((l) => l.op);
const situations = () => [...live.boleto.cobrancas.values()].map((c) => c.situacao);
/** This test's attempts still open (the table is shared by the file's tests). */
const openAttempts = (seuNumero: string) =>
  count('payment_attempts WHERE settled_at IS NULL AND substr(reference, -15) = ?', seuNumero);

async function lostCreate() {
  const cartId = await cartWith([{ sku: (await skuWithStock(5)).id, amount: 1 }]);
  const body = orderBody(cartId, { paymentMethodId: 6 });
  live.boleto.failNext('cobrancas.create', 'lost');
  expect((await finish(live.app(), body)).status).toBe(502);
  const [created] = live.boleto.log;
  expect(created).toMatchObject({ op: 'cobrancas.create' });
  return { cartId, body, seuNumero: created!.seuNumero!, code: [...live.boleto.cobrancas.keys()][0]! };
}

describe('a boleto whose create answer was lost', () => {
  it('the retried finish-order finds it by its seu número and goes on with it: one boleto at Inter', async () => {
    const { cartId, body, seuNumero, code } = await lostCreate();
    // Nothing withdrawn at the 502: the boleto waits for the retry (or the cron).
    expect(situations()).toEqual(['A_RECEBER']);
    const retry = await finish(live.app(), body);
    expect(retry.status).toBe(200);
    expect(await retry.json()).toMatchObject({ next: { kind: 'boleto' } });
    // Guard: the search before the create (boleto-inter.ts find, `resume`). Without it the retry POSTs again and Inter
    // registers a second boleto with the same seu número.
    expect(ops()).toEqual(['cobrancas.create', 'cobrancas.list', 'cobrancas.get']);
    expect(live.boleto.log.filter((l) => l.op === 'cobrancas.create')).toHaveLength(1);
    expect(live.boleto.log[1]).toMatchObject({ seuNumero });
    expect(live.boleto.log[2]).toMatchObject({ code });
    expect(live.boleto.cobrancas.size).toBe(1);
    const payment = await env.DB.prepare(
      `SELECT p.provider_reference AS reference, p.provider_charge_id AS chargeId, p.boleto_line AS line
         FROM orders o JOIN payments p ON p.id = o.payment_id WHERE o.cart_id = ?`,
    )
      .bind(cartId)
      .first<{ reference: string; chargeId: string; line: string }>();
    // The shopper is shown the boleto Inter registered first, and our reference names its seu número.
    expect(payment).toEqual({
      reference: expect.any(String),
      chargeId: code,
      line: live.boleto.cobrancas.get(code)!.linhaDigitavel,
    });
    expect(seuNumeroOf(payment!.reference)).toBe(seuNumero);
    await live.cron();
    expect(situations()).toEqual(['A_RECEBER']);
    expect(await openAttempts(seuNumero)).toBe(0);
  });

  it('no retry: one cron run finds it by its seu número and cancels it at Inter', async () => {
    const { seuNumero, code } = await lostCreate();
    await live.cron();
    // Guard: the slot's void/status by seu número (boleto-slot.ts lostOf). Without it the boleto stays payable and the
    // attempt open.
    expect(situations()).toEqual(['CANCELADO']);
    expect(live.boleto.log).toContainEqual(expect.objectContaining({ op: 'cobrancas.list', seuNumero }));
    expect(live.boleto.log).toContainEqual(expect.objectContaining({ op: 'cobrancas.cancel', code }));
    expect(await openAttempts(seuNumero)).toBe(0);
  });

  it('cancelled by the cron before the retry: the retry registers a new boleto, the only payable one', async () => {
    const { body } = await lostCreate();
    await live.cron();
    expect((await finish(live.app(), body)).status).toBe(200);
    expect(situations().sort()).toEqual(['A_RECEBER', 'CANCELADO']);
    expect(live.boleto.log.filter((l) => l.op === 'cobrancas.create')).toHaveLength(2);
  });

  it('a first attempt does not search: only a retry after a lost answer pays for it', async () => {
    const cartId = await cartWith([{ sku: (await skuWithStock(5)).id, amount: 1 }]);
    expect((await finish(live.app(), orderBody(cartId, { paymentMethodId: 6 }))).status).toBe(200);
    expect(ops()).toEqual(['cobrancas.create', 'cobrancas.get']);
  });
});
