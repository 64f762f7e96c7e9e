import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveAdapters } from '../../../src/commerce/payments/live/live-config';
import {
  ProviderError,
  type CardData,
  type FetchLike,
  type LiveProvider,
} from '../../../src/commerce/payments/live/live-provider';
import type { BrowserDevice } from '../../../src/contracts/checkout';
import { CARD } from '../checkout-helpers';
import { seed } from '../app-harness';
import { REDE_REFERENCE_MAX } from '../../../src/commerce/payments/live/rede';
import { clearTokenSources } from '../../../src/commerce/payments/live/token-source';
import { RedeFake, REDE_TOKEN_URL } from './fakes/rede-fake';
import { eventsOf, orderState, pendingOrder, pointPaymentAt, REDE_VARS, webhookApp } from './live-helpers';

let fake: RedeFake;
let rede: LiveProvider;
let logged: string[];
const card: CardData = {
  number: '5448 2800 0000 0007',
  holderName: 'MARIA DA SILVA',
  expiryMonth: 12,
  expiryYear: 2031,
  securityCode: '123',
};
const threeDs = {
  successUrl: 'https://www.vitrine.com.br/checkout/3ds/ok',
  failureUrl: 'https://www.vitrine.com.br/checkout/3ds/falhou',
  userAgent: 'Mozilla/5.0 (vitest)',
};
const redeWith = (fetch: FetchLike) =>
  liveAdapters({ ...REDE_VARS, PAYMENT_PROVIDER_TIMEOUT_MS: '300' }, { fetch }).rede!;
const credit = (over: Partial<CardData> = {}, installments = 1) =>
  rede.createCharge({
    kind: 'card',
    method: 'credit',
    reference: `VTR${crypto.randomUUID().slice(0, 8)}`,
    amountCents: 30000,
    installments,
    card: { ...card, ...over },
    now: new Date(),
  });

beforeAll(() => seed());
beforeEach(() => {
  fake = new RedeFake();
  rede = redeWith(fake.fetch);
  logged = [];
  for (const level of ['log', 'warn', 'error', 'info', 'debug'] as const)
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
});
afterEach(() => {
  vi.restoreAllMocks();
  expect(fake.contract.violations).toEqual([]);
  // Card data: never in a log line.
  expect(logged.filter((line) => line.includes('5448280000000007') || line.includes('5448 2800'))).toEqual([]);
});

describe('Rede (e.Rede) card adapter', () => {
  it('credit: authorised without capture, in installments, captured once, refunded', async () => {
    const auth = await credit({}, 3);
    expect(auth).toMatchObject({ status: 'authorized', card: { last4: '0007' } });
    expect(fake.transactions.get(auth.providerRef)).toMatchObject({ installments: 3, captured: null });
    expect(fake.balanceCents()).toBe(0);
    expect((await rede.capture(auth.providerRef, 30000)).status).toBe('paid');
    // A second capture is refused by Rede and reads back as the one capture.
    expect((await rede.capture(auth.providerRef, 30000)).status).toBe('paid');
    expect(fake.balanceCents()).toBe(30000);
    expect((await rede.refund({ receiptId: auth.providerRef, refundId: 'r1', amountCents: 30000 })).status).toBe(
      'done',
    );
    expect(fake.balanceCents()).toBe(0);
    expect((await rede.getCharge(auth.providerRef)).status).toBe('refunded');
  });

  it('a declined card is an answer (failed, with the reason), not a provider error; nothing is held', async () => {
    const declined = await credit({ number: '4000000000000002' });
    expect(declined).toMatchObject({ status: 'failed', reason: expect.stringContaining('58') });
    expect(fake.balanceCents()).toBe(0);
  });

  it('an authorisation given up (the order batch failed) is voided at Rede', async () => {
    const auth = await credit();
    await rede.void(auth.providerRef);
    expect((await rede.getCharge(auth.providerRef)).status).toBe('cancelled');
    expect(fake.balanceCents()).toBe(0);
  });

  it('a timeout at capture is a ProviderError and nothing is captured', async () => {
    const auth = await credit();
    fake.failNext('transactions.capture', 'timeout');
    await expect(rede.capture(auth.providerRef, 30000)).rejects.toBeInstanceOf(ProviderError);
    expect(fake.balanceCents()).toBe(0);
  });

  it('card data goes only into the authorisation request body', async () => {
    const auth = await credit();
    await rede.capture(auth.providerRef, 30000);
    await rede.refund({ receiptId: auth.providerRef, refundId: 'r2', amountCents: 30000 });
    const withCard = fake.bodies.filter((b) => b.includes('5448280000000007') || b.includes('"securityCode"'));
    expect(withCard).toHaveLength(1);
    expect(JSON.parse(withCard[0]!)).toMatchObject({ capture: false, kind: 'credit' });
  });

  it('dropping a required field (securityCode) is refused by the fake (the validation bites)', async () => {
    const dropping: FetchLike = async (request) => {
      if (request.method !== 'POST' || !request.url.endsWith('/transactions')) return fake.fetch(request);
      const body = (await request.json()) as Record<string, unknown>;
      delete body.securityCode;
      return fake.fetch(
        new Request(request.url, { method: 'POST', headers: request.headers, body: JSON.stringify(body) }),
      );
    };
    const result = await redeWith(dropping).createCharge({
      kind: 'card',
      method: 'credit',
      reference: 'VTRDROP',
      amountCents: 100,
      installments: 1,
      card,
      now: new Date(),
    });
    expect(result.status).toBe('failed');
    expect(fake.contract.violations.join('\n')).toMatch(/transactions\.create request: body .*securityCode/);
    expect(fake.transactions.size).toBe(0);
    fake.contract.violations.length = 0;
  });
});

describe('debit through 3-D Secure and the Rede webhook', () => {
  it('debit answers the issuer page; once authenticated Rede captures and the order is paid once', async () => {
    const order = await pendingOrder(31, CARD);
    const started = await rede.createCharge({
      kind: 'card',
      method: 'debit',
      reference: `VTR${order.paymentId}`,
      amountCents: order.charged,
      installments: 1,
      card,
      threeDs,
      now: new Date(),
    });
    expect(started).toMatchObject({ status: 'pending', actionUrl: expect.stringContaining(started.providerRef) });
    await pointPaymentAt(order.paymentId, started.providerRef);
    fake.authenticate(started.providerRef, true);
    const post = webhookApp(REDE_VARS, fake.fetch);
    const body = JSON.stringify({ tid: started.providerRef });
    for (let i = 0; i < 3; i++) expect((await post('rede', { body })).status).toBe(200);
    expect(await orderState(order.orderId)).toMatchObject({ orderStatus: 'paid', transitions: 1 });
    expect((await eventsOf(order.paymentId)).map((e) => e.outcome)).toEqual(['paid']);
    // A tid Rede does not know is forged: 404, logged, nothing recorded.
    expect((await post('rede', { body: JSON.stringify({ tid: '99999999999999999999' }) })).status).toBe(404);
    expect(logged.some((l) => l.includes('"webhook":"refused"'))).toBe(true);
    const stored = await env.DB.prepare('SELECT * FROM payments WHERE id = ?').bind(order.paymentId).first();
    expect(JSON.stringify(stored)).not.toContain('5448280000000007');
  });
});

describe('e.Rede: 3-D Secure 2, the reference length, OAuth2', () => {
  const debit = (provider: LiveProvider, device?: BrowserDevice) =>
    provider.createCharge({
      kind: 'card',
      method: 'debit',
      reference: 'VTR0123456789ABCDEFGHIJKL',
      amountCents: 15990,
      installments: 1,
      card,
      threeDs: { ...threeDs, device },
      now: new Date(),
    });
  const sent = () => JSON.parse(fake.bodies.at(-1)!) as { reference: string; threeDSecure: Record<string, unknown> };

  it('a debit sends threeDIndicator 2 and the shopper’s browser (Device); our 25-character reference is cut to Rede’s 16', async () => {
    const started = await debit(rede, {
      colorDepth: 24,
      screenHeight: 900,
      screenWidth: 1440,
      javaEnabled: false,
      language: 'pt-BR',
      timeZoneOffset: 180,
    });
    expect(started.status).toBe('pending');
    const body = sent();
    // Guard: rede.ts redeReferenceOf. Without it the 25-character reference is refused by the fake (maxLength 16).
    expect(body.reference).toBe('0123456789ABCDEFGHIJKL'.slice(-REDE_REFERENCE_MAX));
    expect(body.threeDSecure).toEqual({
      embedded: true,
      onFailure: 'decline',
      userAgent: threeDs.userAgent,
      threeDIndicator: 2,
      Device: {
        ColorDepth: 24,
        DeviceType3ds: 'BROWSER',
        JavaEnabled: false,
        Language: 'pt-BR',
        ScreenHeight: 900,
        ScreenWidth: 1440,
        TimeZoneOffset: 3,
      },
    });
    // The lookup by our reference (a lost answer) asks with the same 16 characters and finds it.
    expect((await rede.findByReference!('VTR0123456789ABCDEFGHIJKL'))?.providerRef).toBe(started.providerRef);
    // Without the browser's data: the SDK's defaults for a Brazilian browser.
    await debit(rede);
    expect(sent().threeDSecure.Device).toEqual({
      DeviceType3ds: 'BROWSER',
      JavaEnabled: false,
      Language: 'BR',
      TimeZoneOffset: 3,
    });
  });

  it('REDE_TOKEN_URL set: OAuth2 client credentials (the PV and key), Bearer on every call; a Rede that refuses Basic still works', async () => {
    clearTokenSources();
    fake.oauthOnly = true;
    // Basic with the PV and key, refused (401): a failure of ours, never the shopper's card declined.
    await expect(credit()).rejects.toBeInstanceOf(ProviderError);
    const oauth = liveAdapters(
      { ...REDE_VARS, REDE_TOKEN_URL, PAYMENT_PROVIDER_TIMEOUT_MS: '300' },
      { fetch: fake.fetch },
    ).rede!;
    const auth = await oauth.createCharge({
      kind: 'card',
      method: 'credit',
      reference: 'VTRAAAAABBBBBCCCCCDDDDDEE',
      amountCents: 30000,
      installments: 1,
      card,
      now: new Date(),
    });
    expect(auth.status).toBe('authorized');
    expect((await oauth.capture(auth.providerRef, 30000)).status).toBe('paid');
    // One token for the three calls (cached per isolate).
    expect(fake.tokensIssued).toBe(1);
  });
});
