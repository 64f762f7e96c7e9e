import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { pixTxidOf } from '../../../src/commerce/payments/live/slot-calls';
import { clearTokenSources } from '../../../src/commerce/payments/live/token-source';
import type { Bindings } from '../../../src/env';
import { runScheduled } from '../../../src/scheduled';
import { client, createOperatorSession } from '../backoffice-fixtures';
import { CARD, cartWith, count, finish, orderBody, skuWithStock } from '../checkout-helpers';
import { makeApp, seed } from '../app-harness';
import { ProviderFakes, type FakeMethod } from './fakes/provider-fakes';
import { BOLETO_VARS, PAYPAL_VARS, PIX_VARS, REDE_VARS } from './live-helpers';

/**
 * Issue 27, acceptance 1: ONE table of fault × method. Each row injects one fault into the contract-checking fakes
 * (delay, refuse 4xx, fail 5xx, lose the answer, answer late, EM_PROCESSAMENTO, pay after a cancel), drives the real
 * finish-order (and the shopper's or the provider's next step), runs the cron (`paymentsCron` through runScheduled)
 * at most once, and reads the end state: the order, its payment, the provider-side objects (from the fake's own
 * state) and the money the providers hold. On top of each row's expectation, every row must keep the invariants:
 * no money kept on a cancelled or unplaced order (except a boleto refund owed by transfer, recorded), the money of a
 * paid order all there, no Rede authorization left open, no lost checkout attempt left open, at most one payable
 * provider object per cart (a retried finish-order after a timeout makes no second one), every request valid.
 */
const fakes = { current: new ProviderFakes() };
const fetcher = (request: Request) => fakes.current.fetch(request);
const VARS = {
  PAYMENTS_MODE: 'live',
  PAYMENT_PROVIDER_TIMEOUT_MS: '300',
  ...PIX_VARS,
  ...PAYPAL_VARS,
  ...BOLETO_VARS,
  ...REDE_VARS,
};
const cron = () => runScheduled({ ...env, ...VARS } as unknown as Bindings, fetcher);

beforeAll(() => seed());
beforeEach(() => {
  clearTokenSources();
  fakes.current = new ProviderFakes();
  for (const level of ['log', 'warn', 'error'] as const) vi.spyOn(console, level).mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  expect(fakes.current.violations()).toEqual([]);
});

const PAYMENT: Record<FakeMethod, Record<string, unknown>> = {
  pix: { paymentMethodId: 47 },
  boleto: { paymentMethodId: 6 },
  credit: { paymentMethodId: 1, installmentNumber: 1, ...CARD },
  debit: { paymentMethodId: 31, ...CARD },
  paypal: { paymentMethodId: 32 },
};

/** One row's shopper, store and providers: a one-item cart paid with `method`. */
class Drive {
  readonly app = makeApp(VARS as Partial<Bindings>, { paymentsFetch: fetcher });
  readonly fake = fakes.current;
  readonly statuses: number[] = [];
  private body: unknown;
  constructor(
    readonly method: FakeMethod,
    readonly cartId: string,
  ) {
    this.body = orderBody(cartId, PAYMENT[method], { userAgent: 'Mozilla/5.0 (vitest)' });
  }
  /** finish-order (the same body again for a retry: same cart, same idempotency key). */
  async finish() {
    this.statuses.push((await finish(this.app, this.body)).status);
  }
  async payment() {
    return (await env.DB.prepare(
      `SELECT o.id AS orderId, p.id, p.provider_reference AS reference, p.provider_charge_id AS chargeId
         FROM orders o JOIN payments p ON p.id = o.payment_id WHERE o.cart_id = ?`,
    )
      .bind(this.cartId)
      .first<{ orderId: number; id: number; reference: string; chargeId: string }>())!;
  }
  /** The operator cancels the order in the back office (its close at the provider runs right after). */
  async cancel() {
    const operator = client(this.app, (await createOperatorSession()).cookie);
    expect(
      (await operator.post(`/api/backoffice/orders/${(await this.payment()).orderId}/status`, { to: 'cancelled' }))
        .status,
    ).toBe(200);
  }
  /** The shopper comes back from PayPal / the issuer's 3-D Secure page. */
  async back() {
    return this.app.request(`/checkout/retorno/${(await this.payment()).reference}`, {
      headers: { cookie: `cart=${this.cartId}` },
    });
  }
  /** The payer pays at the provider; the notification is lost (only the cron can learn it). */
  async payAtProvider() {
    const p = await this.payment();
    if (this.method === 'pix') this.fake.pix.pay(pixTxidOf(p.reference));
    else if (this.method === 'boleto') this.fake.boleto.pay(p.chargeId);
    else if (this.method === 'debit') this.fake.rede.authenticate(p.chargeId, true);
    else this.fake.paypal.approve(p.chargeId);
  }
}

interface End {
  /** finish-order's HTTP status, each call. */
  checkout: number[];
  order: string | null;
  payment: string | null;
  /** The provider-side objects, as the fake holds them (sorted). */
  provider: string[];
  /** Money the providers hold: all of the order's, or none. */
  money: 'charged' | 0;
  /** Our refunds of the payment: `status:amount` ('charged' for the whole charge). */
  refunds: string[];
}

async function endState(t: Drive): Promise<End & { charged: number; owed: number }> {
  const row = await env.DB.prepare(
    `SELECT o.status AS orderStatus, p.id, p.status AS paymentStatus, p.charged_cents AS charged
       FROM orders o JOIN payments p ON p.id = o.payment_id WHERE o.cart_id = ?`,
  )
    .bind(t.cartId)
    .first<{ orderStatus: string; id: number; paymentStatus: string; charged: number }>();
  const refunds = row
    ? (
        await env.DB.prepare(
          'SELECT status, amount_cents AS amount FROM payment_refunds WHERE payment_id = ? ORDER BY id',
        )
          .bind(row.id)
          .all<{ status: string; amount: number }>()
      ).results
    : [];
  const charged = row?.charged ?? 0;
  const money = t.fake.money();
  return {
    checkout: t.statuses,
    order: row?.orderStatus ?? null,
    payment: row?.paymentStatus ?? null,
    provider: t.fake.objects(t.method),
    money: money === 0 ? 0 : money === charged ? 'charged' : (money as never),
    refunds: refunds.map((r) => `${r.status}:${r.amount === charged ? 'charged' : r.amount}`),
    charged,
    owed: refunds.filter((r) => r.status === 'owed').reduce((s, r) => s + r.amount, 0),
  };
}

type Fault =
  'delay' | 'refuse 4xx' | 'fail 5xx' | 'lose the answer' | 'answer late' | 'EM_PROCESSAMENTO' | 'pay after cancel';
interface Row {
  method: FakeMethod;
  fault: Fault;
  /** Where the fault hits and what follows, in words (the test's name). */
  story: string;
  drive: (t: Drive) => Promise<void>;
  end: Omit<End, 'checkout'> & { checkout: number[] };
}

const PENDING = { order: 'pending', payment: 'pending' };
const PAID = { order: 'paid', payment: 'paid', money: 'charged' as const, refunds: [] };
const CANCELLED = { order: 'cancelled', payment: 'cancelled' };
const NOTHING = { order: null, payment: null, provider: [], money: 0 as const, refunds: [] };

const TABLE: Row[] = [
  // ——— Pix (API Pix) ———
  {
    method: 'pix',
    fault: 'delay',
    story: 'every PSP answer 25 ms late; paid, its notification lost: the cron reconciles it paid',
    drive: async (t) => {
      t.fake.delayMs = 25;
      await t.finish();
      t.fake.delayMs = 0;
      await t.payAtProvider();
    },
    end: { checkout: [200], ...PAID, provider: ['CONCLUIDA'] },
  },
  {
    method: 'pix',
    fault: 'refuse 4xx',
    story: 'PUT /cob answered 400: the shopper’s 422, nothing created, nothing withdrawn',
    drive: async (t) => {
      t.fake.pix.failNext('cob.create', 'refuse4xx');
      await t.finish();
    },
    end: { checkout: [422], ...NOTHING },
  },
  {
    method: 'pix',
    fault: 'fail 5xx',
    story: 'the cancel’s PATCH /cob answered 503: the cron withdraws the cob',
    drive: async (t) => {
      await t.finish();
      t.fake.pix.failNext('cob.withdraw', 'error5xx');
      await t.cancel();
    },
    end: { checkout: [200], ...CANCELLED, provider: ['REMOVIDA_PELO_USUARIO_RECEBEDOR'], money: 0, refunds: [] },
  },
  {
    method: 'pix',
    fault: 'lose the answer',
    story: 'PUT /cob done, its answer lost: 502 and that cob withdrawn; the retry makes one payable cob',
    drive: async (t) => {
      t.fake.pix.failNext('cob.create', 'lost');
      await t.finish();
      await t.finish();
    },
    end: {
      checkout: [502, 200],
      ...PENDING,
      provider: ['ATIVA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR'],
      money: 0,
      refunds: [],
    },
  },
  {
    method: 'pix',
    fault: 'pay after cancel',
    story: 'the cancel’s PATCH answered 503, the payer paid, the notification lost: the cron refunds it (devolução)',
    drive: async (t) => {
      await t.finish();
      t.fake.pix.failNext('cob.withdraw', 'error5xx');
      await t.cancel();
      await t.payAtProvider();
    },
    end: { checkout: [200], ...CANCELLED, provider: ['CONCLUIDA'], money: 0, refunds: ['pending:charged'] },
  },

  // ——— Boleto (Banco Inter) ———
  {
    method: 'boleto',
    fault: 'delay',
    story: 'every Inter answer 25 ms late; paid, its notification lost: the cron reconciles it paid',
    drive: async (t) => {
      t.fake.delayMs = 25;
      await t.finish();
      t.fake.delayMs = 0;
      await t.payAtProvider();
    },
    end: { checkout: [200], ...PAID, provider: ['RECEBIDO'] },
  },
  {
    method: 'boleto',
    fault: 'refuse 4xx',
    story: 'POST /cobrancas answered 400: the shopper’s 422, no boleto registered',
    drive: async (t) => {
      t.fake.boleto.failNext('cobrancas.create', 'refuse4xx');
      await t.finish();
    },
    end: { checkout: [422], ...NOTHING },
  },
  {
    method: 'boleto',
    fault: 'fail 5xx',
    story: 'the cancel’s /cancelar answered 503: the cron cancels the boleto',
    drive: async (t) => {
      await t.finish();
      t.fake.boleto.failNext('cobrancas.cancel', 'error5xx');
      await t.cancel();
    },
    end: { checkout: [200], ...CANCELLED, provider: ['CANCELADO'], money: 0, refunds: [] },
  },
  {
    method: 'boleto',
    fault: 'lose the answer',
    story:
      'POST /cobrancas done, its answer lost: 502; the retry finds that boleto by its seu número and goes on with it',
    drive: async (t) => {
      t.fake.boleto.failNext('cobrancas.create', 'lost');
      await t.finish();
      await t.finish();
    },
    end: { checkout: [502, 200], ...PENDING, provider: ['A_RECEBER'], money: 0, refunds: [] },
  },
  {
    method: 'boleto',
    fault: 'lose the answer',
    story: 'POST /cobrancas done, its answer lost, no retry: the cron finds it by its seu número and cancels it',
    drive: async (t) => {
      t.fake.boleto.failNext('cobrancas.create', 'lost');
      await t.finish();
    },
    end: { checkout: [502], ...NOTHING, provider: ['CANCELADO'] },
  },
  {
    method: 'boleto',
    fault: 'lose the answer',
    story: 'the cancel’s /cancelar done, its answer lost: Inter is read, the sale closed',
    drive: async (t) => {
      await t.finish();
      t.fake.boleto.failNext('cobrancas.cancel', 'lost');
      await t.cancel();
    },
    end: { checkout: [200], ...CANCELLED, provider: ['CANCELADO'], money: 0, refunds: [] },
  },
  {
    method: 'boleto',
    fault: 'EM_PROCESSAMENTO',
    story: 'never issued within the re-reads and /cancelar 503: 502, the cron cancels it by Inter’s code',
    drive: async (t) => {
      t.fake.boleto.issuingReads = 50;
      t.fake.boleto.failNext('cobrancas.cancel', 'error5xx');
      await t.finish();
    },
    end: { checkout: [502], ...NOTHING, provider: ['CANCELADO'] },
  },
  {
    method: 'boleto',
    fault: 'pay after cancel',
    story: '/cancelar 503, then the payer paid, the notification lost: the cron owes the refund by transfer',
    drive: async (t) => {
      await t.finish();
      t.fake.boleto.failNext('cobrancas.cancel', 'error5xx');
      await t.cancel();
      await t.payAtProvider();
    },
    end: { checkout: [200], ...CANCELLED, provider: ['RECEBIDO'], money: 'charged', refunds: ['owed:charged'] },
  },

  // ——— Credit card (Rede) ———
  {
    method: 'credit',
    fault: 'delay',
    story: 'every Rede answer 25 ms late: authorized, captured, paid',
    drive: async (t) => {
      t.fake.delayMs = 25;
      await t.finish();
    },
    end: { checkout: [200], ...PAID, provider: ['Approved+captured'] },
  },
  {
    method: 'credit',
    fault: 'refuse 4xx',
    story: 'the authorization answered 400 (invalid parameter): declined, nothing held',
    drive: async (t) => {
      t.fake.rede.failNext('transactions.create', 'refuse4xx');
      await t.finish();
    },
    end: { checkout: [402], ...NOTHING },
  },
  {
    method: 'credit',
    fault: 'fail 5xx',
    story: 'the capture answered 503: the order waits authorized; the cron captures it once',
    drive: async (t) => {
      t.fake.rede.failNext('transactions.capture', 'error5xx');
      await t.finish();
    },
    end: { checkout: [200], ...PAID, provider: ['Approved+captured'] },
  },
  {
    method: 'credit',
    fault: 'lose the answer',
    story: 'the authorization done, its answer lost: 502, voided by our reference at once',
    drive: async (t) => {
      t.fake.rede.failNext('transactions.create', 'lost');
      await t.finish();
    },
    end: { checkout: [502], ...NOTHING, provider: ['Canceled'] },
  },
  {
    method: 'credit',
    fault: 'answer late',
    story: 'Rede approves only after our timeout (the lookup found nothing): the cron voids it',
    drive: async (t) => {
      t.fake.rede.failNext('transactions.create', 'late');
      await t.finish();
      t.fake.rede.deliverLate();
    },
    end: { checkout: [502], ...NOTHING, provider: ['Canceled'] },
  },
  {
    method: 'credit',
    fault: 'pay after cancel',
    story: 'authorized (capture 503), then cancelled with Rede unreachable: the cron cancels the authorization',
    drive: async (t) => {
      t.fake.rede.failNext('transactions.capture', 'error5xx');
      await t.finish();
      t.fake.rede.failNext('transactions.get', 'error5xx');
      await t.cancel();
    },
    end: { checkout: [200], ...CANCELLED, provider: ['Canceled'], money: 0, refunds: [] },
  },

  // ——— Debit card (Rede, 3-D Secure) ———
  {
    method: 'debit',
    fault: 'delay',
    story: 'every Rede answer 25 ms late; authenticated, the shopper never came back: the cron reconciles it paid',
    drive: async (t) => {
      t.fake.delayMs = 25;
      await t.finish();
      t.fake.delayMs = 0;
      await t.payAtProvider();
    },
    end: { checkout: [200], ...PAID, provider: ['Approved+captured'] },
  },
  {
    method: 'debit',
    fault: 'refuse 4xx',
    story: 'the authorization answered 400: declined, nothing held',
    drive: async (t) => {
      t.fake.rede.failNext('transactions.create', 'refuse4xx');
      await t.finish();
    },
    end: { checkout: [402], ...NOTHING },
  },
  {
    method: 'debit',
    fault: 'fail 5xx',
    story: 'at 3-D Secure, cancelled while Rede answers 503: the cron cancels it at Rede',
    drive: async (t) => {
      await t.finish();
      t.fake.rede.failNext('transactions.get', 'error5xx');
      await t.cancel();
    },
    end: { checkout: [200], ...CANCELLED, provider: ['Canceled'], money: 0, refunds: [] },
  },
  {
    method: 'debit',
    fault: 'lose the answer',
    story: 'the authorization done, its answer lost: 502, cancelled by our reference at once',
    drive: async (t) => {
      t.fake.rede.failNext('transactions.create', 'lost');
      await t.finish();
    },
    end: { checkout: [502], ...NOTHING, provider: ['Canceled'] },
  },
  {
    method: 'debit',
    fault: 'pay after cancel',
    story: 'authenticated (captured by Rede) just before the cancel: refunded at Rede',
    drive: async (t) => {
      await t.finish();
      await t.payAtProvider();
      await t.cancel();
    },
    end: { checkout: [200], ...CANCELLED, provider: ['Canceled+captured'], money: 0, refunds: ['done:charged'] },
  },

  // ——— PayPal (Orders v2) ———
  {
    method: 'paypal',
    fault: 'delay',
    story: 'every PayPal answer 25 ms late: approved, the return captures it, paid',
    drive: async (t) => {
      t.fake.delayMs = 25;
      await t.finish();
      await t.payAtProvider();
      expect((await t.back()).status).toBe(303);
    },
    end: { checkout: [200], ...PAID, provider: ['COMPLETED'] },
  },
  {
    method: 'paypal',
    fault: 'refuse 4xx',
    story: 'the create answered 422: the shopper’s 422, no PayPal order',
    drive: async (t) => {
      t.fake.paypal.failNext('orders.create', 'refuse4xx');
      await t.finish();
    },
    end: { checkout: [422], ...NOTHING },
  },
  {
    method: 'paypal',
    fault: 'fail 5xx',
    story: 'approved, the return’s capture answered 503: the cron captures it once',
    drive: async (t) => {
      await t.finish();
      await t.payAtProvider();
      t.fake.paypal.failNext('orders.capture', 'error5xx');
      await t.back();
    },
    end: { checkout: [200], ...PAID, provider: ['COMPLETED'] },
  },
  {
    method: 'paypal',
    fault: 'lose the answer',
    story: 'the create done, its answer lost: the retried finish-order reuses PayPal’s order (one PayPal-Request-Id)',
    drive: async (t) => {
      t.fake.paypal.failNext('orders.create', 'lost');
      await t.finish();
      await t.finish();
      const creates = t.fake.paypal.log.filter((l) => l.op === 'orders.create');
      expect(creates).toHaveLength(2);
      expect(new Set(creates.map((c) => c.requestId)).size).toBe(1);
    },
    end: { checkout: [502, 200], ...PENDING, provider: ['PAYER_ACTION_REQUIRED'], money: 0, refunds: [] },
  },
  {
    method: 'paypal',
    fault: 'pay after cancel',
    story: 'approved at PayPal after the cancel: neither the return nor the cron captures it',
    drive: async (t) => {
      await t.finish();
      await t.cancel();
      await t.payAtProvider();
      await t.back();
    },
    end: { checkout: [200], ...CANCELLED, provider: ['APPROVED'], money: 0, refunds: [] },
  },
];

const PAYABLE = new Set(['ATIVA', 'A_RECEBER', 'Pending', 'Approved', 'PAYER_ACTION_REQUIRED', 'APPROVED']);

describe('issue 27: fault × method, after at most one cron run', () => {
  it.each(TABLE.map((row) => [row.method, row.fault, row.story, row] as const))(
    '%s × %s: %s',
    async (method, _fault, _story, row) => {
      const cartId = await cartWith([{ sku: (await skuWithStock(5)).id, amount: 1 }]);
      const t = new Drive(method, cartId);
      const attempts = await env.DB.prepare('SELECT coalesce(max(rowid), 0) AS n FROM payment_attempts').first<number>(
        'n',
      );
      await row.drive(t);
      await cron();
      const end = await endState(t);
      const { charged, owed, ...state } = end;
      expect(state).toEqual(row.end);
      // Invariants of every row.
      const gone = end.order === null || end.order === 'cancelled';
      if (gone) expect(t.fake.money()).toBe(owed);
      if (end.order === 'paid') expect(t.fake.money()).toBe(charged);
      expect(t.fake.openAuthorizations()).toBe(0);
      expect(await count('payment_attempts WHERE settled_at IS NULL AND rowid > ?', attempts)).toBe(0);
      const payable = end.provider.filter((s) => PAYABLE.has(s)).length;
      expect(payable).toBeLessThanOrEqual(gone && method !== 'paypal' ? 0 : 1);
    },
  );
});
