import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokenSources, TokenSource } from '../../../src/commerce/payments/live/token-source';
import { livePaymentProblems, liveAdapters } from '../../../src/commerce/payments/live/live-config';
import { ProviderError, type FetchLike, type LiveProvider } from '../../../src/commerce/payments/live/live-provider';
import { PIX_CLIENT, PIX_TOKEN_URL, PixFake } from './fakes/pix-fake';
import { newTxid, PIX_VARS } from './live-helpers';

let fake: PixFake;
const pixWith = (fetch: FetchLike, vars = {}): LiveProvider =>
  liveAdapters({ ...PIX_VARS, PAYMENT_PROVIDER_TIMEOUT_MS: '300', ...vars }, { fetch }).pix!;

beforeEach(() => {
  clearTokenSources();
  fake = new PixFake();
});

describe('Pix adapter against the API Pix contract', () => {
  it('creates an immediate charge, reads it, sees it paid, refunds it — every request valid, one token', async () => {
    const pix = pixWith(fake.fetch);
    const txid = newTxid();
    const created = await pix.createCharge({
      kind: 'pix',
      reference: txid,
      amountCents: 12990,
      expiresInSeconds: 1800,
      now: new Date(),
      buyer: { name: 'Maria da Silva', cpf: '52998224725' },
      description: 'Pedido Vitrine',
    });
    expect(created).toMatchObject({ providerRef: txid, status: 'pending', amountCents: 12990 });
    expect(created.pixCopiaECola).toMatch(/^000201/);
    expect(fake.cobs.get(txid)).toMatchObject({
      calendario: { expiracao: 1800 },
      valor: { original: '129.90' },
      chave: 'pagamentos@vitrine.com.br',
    });

    expect((await pix.getCharge(txid)).status).toBe('pending');
    const {
      pix: [received],
    } = fake.pay(txid);
    const paid = await pix.getCharge(txid);
    expect(paid).toMatchObject({
      status: 'paid',
      amountCents: 12990,
      receipts: [{ id: received!.endToEndId, amountCents: 12990 }],
    });

    const refund = await pix.refund({ receiptId: received!.endToEndId, refundId: 'late1n0', amountCents: 12990 });
    expect(refund.status).toBe('pending');
    // The same devolução id again is the same devolução (idempotent retry).
    expect(
      (await pix.refund({ receiptId: received!.endToEndId, refundId: 'late1n0', amountCents: 12990 })).providerRefundId,
    ).toBe(refund.providerRefundId);
    expect(fake.balanceCents()).toBe(0);

    expect(fake.contract.calls).toEqual(['cob.create', 'cob.read', 'cob.read', 'refund.create', 'refund.create']);
    expect(fake.tokensIssued).toBe(1);
    expect(fake.contract.violations).toEqual([]);
  });

  it('a charge past calendario.expiracao reads as expired; a withdrawn one as cancelled', async () => {
    const pix = pixWith(fake.fetch);
    const old = newTxid();
    await pix.createCharge({ kind: 'pix', reference: old, amountCents: 500, expiresInSeconds: 60, now: new Date() });
    fake.cobs.get(old)!.calendario.criacao = new Date(Date.now() - 61_000).toISOString();
    expect((await pix.getCharge(old)).status).toBe('expired');
    const gone = newTxid();
    await pix.createCharge({ kind: 'pix', reference: gone, amountCents: 500, expiresInSeconds: 600, now: new Date() });
    await pix.void(gone);
    expect((await pix.getCharge(gone)).status).toBe('cancelled');
    expect(fake.contract.violations).toEqual([]);
  });

  it('dropping a required field is refused by the fake (the validation bites)', async () => {
    // Between adapter and PSP, remove `chave` from PUT /cob: the fake must reject it as the PSP would.
    const dropping: FetchLike = async (request) => {
      if (request.method !== 'PUT') return fake.fetch(request);
      const body = (await request.json()) as Record<string, unknown>;
      delete body.chave;
      return fake.fetch(
        new Request(request.url, { method: 'PUT', headers: request.headers, body: JSON.stringify(body) }),
      );
    };
    const pix = pixWith(dropping);
    const error = await pix
      .createCharge({ kind: 'pix', reference: newTxid(), amountCents: 500, expiresInSeconds: 600, now: new Date() })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).status).toBe(400);
    expect(fake.contract.violations.join('\n')).toMatch(/cob\.create request: body .*chave/);
    expect(fake.cobs.size).toBe(0);
  });

  it('a txid outside the API Pix pattern never leaves the adapter', async () => {
    const pix = pixWith(fake.fetch);
    await expect(
      pix.createCharge({
        kind: 'pix',
        reference: 'VTRSHORT',
        amountCents: 500,
        expiresInSeconds: 600,
        now: new Date(),
      }),
    ).rejects.toThrow(/26-35/);
    expect(fake.contract.calls).toEqual([]);
  });

  it('a PSP timeout or 5xx is a ProviderError (status 0 / 503), and a revoked token is renewed once', async () => {
    const pix = pixWith(fake.fetch);
    fake.failNext('cob.create', 'timeout');
    await expect(
      pix.createCharge({ kind: 'pix', reference: newTxid(), amountCents: 500, expiresInSeconds: 600, now: new Date() }),
    ).rejects.toMatchObject({ status: 0 });
    fake.failNext('cob.read', 'error5xx');
    await expect(pix.getCharge(newTxid())).rejects.toMatchObject({ status: 503 });
    // The PSP forgets our token: one 401, a new token, the call succeeds.
    const txid = newTxid();
    await pix.createCharge({ kind: 'pix', reference: txid, amountCents: 500, expiresInSeconds: 600, now: new Date() });
    (fake as unknown as { tokens: Set<string> }).tokens.clear();
    expect((await pix.getCharge(txid)).status).toBe('pending');
    expect(fake.tokensIssued).toBe(2);
    expect(fake.contract.violations).toEqual([]);
  });

  it('half a Pix configuration names what is missing, and a running worker leaves Pix out (ADR 0026)', () => {
    const half = { PIX_API_URL: 'https://pix.psp.test/api/v2', PIX_KEY: 'x' };
    expect(livePaymentProblems(half).map((p) => p.message)).toEqual([
      'pix: set PIX_TOKEN_URL, PIX_CLIENT_ID, PIX_CLIENT_SECRET too (or none of PIX_API_URL, PIX_TOKEN_URL, PIX_CLIENT_ID, PIX_CLIENT_SECRET, PIX_KEY)',
    ]);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(liveAdapters(half)).toEqual({});
    expect(String(errors.mock.calls[0]?.[0])).toContain('PIX_TOKEN_URL, PIX_CLIENT_ID, PIX_CLIENT_SECRET');
    errors.mockRestore();
    expect(liveAdapters({})).toEqual({});
  });

  it('the OAuth2 token is reused until a minute before it expires, then renewed', async () => {
    let now = 0;
    const tokens = new TokenSource(
      { provider: 'pix', baseUrl: '', fetch: fake.fetch, timeoutMs: 1000 },
      PIX_TOKEN_URL,
      PIX_CLIENT.id,
      PIX_CLIENT.secret,
      'cob.read',
      false,
      () => now,
    );
    const first = await tokens.token();
    now = (3600 - 61) * 1000; // the fake's tokens last 3600 s
    expect(await tokens.token()).toBe(first);
    now = (3600 - 59) * 1000;
    expect(await tokens.token()).not.toBe(first);
    expect(fake.tokensIssued).toBe(2);
    // Concurrent callers share one token request.
    tokens.forget();
    await Promise.all([tokens.token(), tokens.token(), tokens.token()]);
    expect(fake.tokensIssued).toBe(3);
  });
});
