import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { pixTxidOf } from '../../../src/commerce/payments/live/slot-calls';
import { clearTokenSources } from '../../../src/commerce/payments/live/token-source';
import { BackofficeOrderPaymentSchema } from '../../../src/contracts/backoffice';
import type { Bindings } from '../../../src/env';
import { client, createOperatorSession } from '../backoffice-fixtures';
import { cartWith, finished, orderBody, skuWithStock } from '../checkout-helpers';
import { createCustomerSession, makeApp, ORIGIN, seed } from '../app-harness';
import { PixFake } from './fakes/pix-fake';
import { PIX_VARS } from './live-helpers';

/**
 * Issue 27: the back office's per-order provider view (`/painel/pedidos/{id}`: provider, its id, our and the
 * provider's last known status, events, refunds) and "Conferir com o provedor", the cron's reconciliation
 * (payments/cron.ts paymentsCron) narrowed to that order's payment.
 */
let pix: PixFake;
const VARS = { PAYMENTS_MODE: 'live', PAYMENT_PROVIDER_TIMEOUT_MS: '300', ...PIX_VARS } as Partial<Bindings>;
const liveApp = () => makeApp(VARS, { paymentsFetch: (request) => pix.fetch(request) });

const form = (cookie: string, origin = ORIGIN): RequestInit => ({
  method: 'POST',
  headers: { origin, 'content-type': 'application/x-www-form-urlencoded', cookie },
  body: '',
});
const text = async (res: Response) =>
  (await res.text())
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/<!-- -->/g, '');
const state = (orderId: number) =>
  env.DB.prepare(
    'SELECT o.status AS orderStatus, p.status AS paymentStatus FROM orders o JOIN payments p ON p.id = o.payment_id WHERE o.id = ?',
  )
    .bind(orderId)
    .first<{ orderStatus: string; paymentStatus: string }>();

beforeAll(() => seed());
beforeEach(() => {
  clearTokenSources();
  pix = new PixFake();
  for (const level of ['log', 'warn', 'error'] as const) vi.spyOn(console, level).mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  expect(pix.contract.violations).toEqual([]);
});

/** A Pix order (live), paid at the PSP with its notification lost. */
async function paidSilently(app: ReturnType<typeof liveApp>) {
  const sku = await skuWithStock(3);
  const cartId = await cartWith([{ sku: sku.id, amount: 1 }]);
  const result = await finished(app, orderBody(cartId, { paymentMethodId: 47 }));
  const orderId = result.orderIds[0]!;
  const reference = (await env.DB.prepare(
    'SELECT p.provider_reference AS r FROM payments p JOIN orders o ON o.payment_id = p.id WHERE o.id = ?',
  )
    .bind(orderId)
    .first<{ r: string }>())!.r;
  const txid = pixTxidOf(reference);
  pix.pay(txid);
  return { orderId, txid, total: result.total };
}

describe('back office: the order’s payment at its provider', () => {
  it('shows provider, txid and statuses; "Conferir com o provedor" reconciles that order only (a lost Pix notification → paid)', async () => {
    const app = liveApp();
    const operator = await createOperatorSession();
    const mine = await paidSilently(app);
    const other = await paidSilently(app);
    const before = await text(
      await app.request(`/painel/pedidos/${mine.orderId}`, { headers: { cookie: operator.cookie } }),
    );
    expect(before).toContain('<h2 id="payment-provider-title">Pagamento no provedor</h2>');
    expect(before).toContain('Pix (PSP da loja)');
    expect(before).toContain(`<code>${mine.txid}</code>`);
    expect(before).toContain('<dt>Situação na loja</dt><dd>Aguardando pagamento</dd>');
    expect(before).toContain('Nenhuma notificação ou conferência registrada');
    expect(before).toContain(
      `action="/painel/pedidos/${mine.orderId}/conferir" method="post"><button type="submit" class="button">Conferir com o provedor</button>`,
    );

    const res = await app.request(`/painel/pedidos/${mine.orderId}/conferir`, form(operator.cookie));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/painel/pedidos/${mine.orderId}?conferido=1`);
    // Guard: the check runs the cron's reconciliation for this payment. Without it the order stays pending.
    expect(await state(mine.orderId)).toEqual({ orderStatus: 'paid', paymentStatus: 'paid' });
    // Narrowed to that order: the other silently paid Pix waits for the cron.
    expect(await state(other.orderId)).toEqual({ orderStatus: 'pending', paymentStatus: 'pending' });
    const after = await text(
      await app.request(`/painel/pedidos/${mine.orderId}?conferido=1`, { headers: { cookie: operator.cookie } }),
    );
    expect(after).toContain('Pagamento conferido com o provedor.');
    expect(after).toMatch(/<dd data-testid="provider-status">Pago · <time/);
    expect(after).toMatch(
      /<ul data-testid="provider-events"><li><time[^>]*>[^<]*<\/time> · Conferência · Pago · <code>paid<\/code>/,
    );
  });

  it('refunds show the provider’s answer: a cancelled paid Pix is "Em processamento" until the PSP’s DEVOLVIDO is read back by the check', async () => {
    const app = liveApp();
    const operator = await createOperatorSession();
    const order = await paidSilently(app);
    const api = client(app, operator.cookie);
    await api.post(`/api/backoffice/orders/${order.orderId}/payment/check`, {});
    expect((await api.post(`/api/backoffice/orders/${order.orderId}/status`, { to: 'cancelled' })).status).toBe(200);
    const view = BackofficeOrderPaymentSchema.parse(
      await (await api.get(`/api/backoffice/orders/${order.orderId}/payment`)).json(),
    );
    expect(view.payment).toMatchObject({
      provider: 'pix',
      status: 'paid',
      chargeId: order.txid,
      providerStatus: 'paid',
    });
    expect(view.payment!.refunds).toEqual([
      expect.objectContaining({
        orderId: order.orderId,
        amount: order.total,
        status: 'pending',
        providerRefundId: expect.any(String),
      }),
    ]);
    expect(
      await text(await app.request(`/painel/pedidos/${order.orderId}`, { headers: { cookie: operator.cookie } })),
    ).toContain('Em processamento no provedor');
    pix.settleRefund([...pix.refunds.keys()][0]!, 'DEVOLVIDO');
    const checked = BackofficeOrderPaymentSchema.parse(
      await (await api.post(`/api/backoffice/orders/${order.orderId}/payment/check`, {})).json(),
    );
    // Guard: the check includes the cron's read-back of pending refunds for this payment.
    expect(checked.payment).toMatchObject({
      status: 'refunded',
      refunds: [expect.objectContaining({ status: 'done' })],
    });
    expect(
      await text(await app.request(`/painel/pedidos/${order.orderId}`, { headers: { cookie: operator.cookie } })),
    ).toContain('Devolvido pelo provedor');
  });

  it('the check is the operator’s, same-origin only: another site’s form is refused, a customer gets 404, the API 403', async () => {
    const app = liveApp();
    const operator = await createOperatorSession();
    const order = await paidSilently(app);
    expect(
      (await app.request(`/painel/pedidos/${order.orderId}/conferir`, form(operator.cookie, 'https://evil.example')))
        .status,
    ).toBe(403);
    const customer = await createCustomerSession({ name: 'Cliente Comum' });
    expect((await app.request(`/painel/pedidos/${order.orderId}/conferir`, form(customer.cookie))).status).toBe(404);
    expect(
      (await client(app, customer.cookie).post(`/api/backoffice/orders/${order.orderId}/payment/check`, {})).status,
    ).toBe(403);
    expect((await app.request(`/painel/pedidos/999999/conferir`, form(operator.cookie))).status).toBe(404);
    expect(await state(order.orderId)).toEqual({ orderStatus: 'pending', paymentStatus: 'pending' });
  });
});
