import type { BrowserDevice } from '../../../contracts/checkout';
import { callJson, expectOk, type HttpClient } from './http';
import { oauthClient } from './oauth-client';
import {
  ProviderError,
  type ChargeInput,
  type ChargeState,
  type FetchLike,
  type LiveProvider,
  type WebhookVerdict,
} from './live-provider';

/**
 * Credit (method 1) and debit (method 31) cards through the acquirer Rede's e.Rede REST API
 * (`/transactions`; Basic auth with the PV (filiação) and its token on v1, or — `tokenUrl` set — OAuth2 client
 * credentials with the same pair on v2, as e.Rede requires since its 2026 migration): credit is authorised with
 * `capture: false` and captured once our orders exist; debit always goes through 3-D Secure (Rede's
 * MPI), so it answers with the issuer's authentication page and is captured on authentication.
 * Card data is only in the request body of the authorisation; nothing here logs or keeps it.
 */
export interface RedeConfig {
  /** `https://api.userede.com.br/erede/v1` (production) or `https://sandbox-erede.useredecloud.com.br/v1`. */
  apiUrl: string;
  /** Número de filiação (PV). */
  pv: string;
  token: string;
  /**
   * e.Rede's OAuth2 token endpoint (`https://api.userede.com.br/redelabs/oauth2/token`; the PV is the client id, the
   * integration key its secret): Bearer calls then, against `apiUrl` `…/erede/v2`. Unset: Basic on v1.
   */
  tokenUrl?: string;
  softDescriptor?: string;
  timeoutMs: number;
  fetch: FetchLike;
}

/** e.Rede return codes we act on: approved, 3-D Secure redirect, cancellation/refund accepted. */
export const REDE_CODES = {
  approved: '00',
  threeDsRedirect: '220',
  refundAccepted: '359',
  refundProcessing: '360',
} as const;

const TID = /^[0-9A-Za-z]{1,40}$/;

/** e.Rede's `reference` (the merchant's order code) takes at most 16 characters: the random tail of ours (25). */
export const REDE_REFERENCE_MAX = 16;
export const redeReferenceOf = (reference: string) => reference.slice(-REDE_REFERENCE_MAX);

/**
 * 3-D Secure 2 for a debit (e.Rede's MPI, as Rede's own SDK sends it): `threeDIndicator` 2 (EMV 3DS 2) and the
 * shopper's browser in `Device` — what the checkout measured, else the SDK's defaults for a Brazilian browser.
 */
export function threeDSecureOf(userAgent: string, device: BrowserDevice | null | undefined) {
  const d = device ?? {};
  return {
    embedded: true,
    onFailure: 'decline',
    userAgent: userAgent.slice(0, 500),
    threeDIndicator: 2,
    Device: {
      ...(d.colorDepth !== undefined ? { ColorDepth: d.colorDepth } : {}),
      DeviceType3ds: 'BROWSER',
      JavaEnabled: d.javaEnabled ?? false,
      Language: d.language ?? 'BR',
      ...(d.screenHeight !== undefined ? { ScreenHeight: d.screenHeight } : {}),
      ...(d.screenWidth !== undefined ? { ScreenWidth: d.screenWidth } : {}),
      // Hours, as the SDK sends them (São Paulo: 3); the browser gives minutes.
      TimeZoneOffset: d.timeZoneOffset !== undefined ? Math.round(d.timeZoneOffset / 60) : 3,
    },
  };
}

interface RedeTransaction {
  returnCode?: string;
  returnMessage?: string;
  tid?: string;
  reference?: string;
  amount?: number;
  authorizationCode?: string;
  cardBin?: string;
  last4?: string;
  brand?: { name?: string };
  threeDSecure?: { url?: string };
  authorization?: { status?: string; tid?: string; amount?: number; last4?: string; authorizationCode?: string };
  capture?: { amount?: number; nsu?: string };
  refunds?: { refundId?: string; status?: string; amount?: number }[];
}

function fromCreate(tx: RedeTransaction): ChargeState {
  const code = tx.returnCode;
  const status: ChargeState['status'] =
    code === REDE_CODES.approved ? 'authorized' : code === REDE_CODES.threeDsRedirect ? 'pending' : 'failed';
  return {
    providerRef: tx.tid ?? '',
    status,
    amountCents: typeof tx.amount === 'number' ? tx.amount : null,
    actionUrl: code === REDE_CODES.threeDsRedirect ? tx.threeDSecure?.url : undefined,
    receipts: [],
    card: { brand: tx.brand?.name ?? null, last4: tx.last4 ?? null, authorizationCode: tx.authorizationCode ?? null },
    reason: status === 'failed' ? `${code ?? '?'} ${tx.returnMessage ?? ''}`.trim() : undefined,
  };
}

/** GET /v1/transactions/{tid}: the authorisation, its capture and its refunds. */
export function transactionState(tx: RedeTransaction): ChargeState {
  const auth = tx.authorization ?? {};
  const tid = auth.tid ?? tx.tid ?? '';
  const captured = typeof tx.capture?.amount === 'number';
  let status: ChargeState['status'];
  // Canceled covers both a voided authorisation and a refunded capture: the capture tells them apart.
  if (auth.status === 'Canceled') status = captured ? 'refunded' : 'cancelled';
  else if (auth.status === 'Denied') status = 'failed';
  else if (auth.status === 'Approved') status = captured ? 'paid' : 'authorized';
  else status = 'pending';
  return {
    providerRef: tid,
    status,
    amountCents: captured ? tx.capture!.amount! : typeof auth.amount === 'number' ? auth.amount : null,
    receipts: captured ? [{ id: tid, amountCents: tx.capture!.amount! }] : [],
    card: {
      brand: tx.brand?.name ?? null,
      last4: auth.last4 ?? null,
      authorizationCode: auth.authorizationCode ?? null,
    },
  };
}

export function redeProvider(config: RedeConfig): LiveProvider {
  const http: HttpClient = {
    provider: 'rede',
    baseUrl: config.apiUrl,
    fetch: config.fetch,
    timeoutMs: config.timeoutMs,
  };
  const auth = { authorization: `Basic ${btoa(`${config.pv}:${config.token}`)}` };
  const bearer = config.tokenUrl
    ? oauthClient({
        provider: 'rede',
        apiUrl: config.apiUrl,
        tokenUrl: config.tokenUrl,
        clientId: config.pv,
        clientSecret: config.token,
        timeoutMs: config.timeoutMs,
        fetch: config.fetch,
      })
    : null;
  const call = (method: string, path: string, body?: unknown) =>
    bearer ? bearer(method, path, body) : callJson(http, method, path, { headers: auth, body });
  const checkTid = (tid: string) => {
    if (!TID.test(tid)) throw new ProviderError('rede', 'invalid tid', 404, true);
  };
  async function get(tid: string): Promise<ChargeState> {
    checkTid(tid);
    return transactionState(
      expectOk('rede', await call('GET', `/transactions/${tid}`), 'GET transaction') as RedeTransaction,
    );
  }

  return {
    name: 'rede',
    kind: 'card',
    async createCharge(input: ChargeInput) {
      if (input.kind !== 'card') throw new TypeError('rede provider: wrong charge kind');
      const debit = input.method === 'debit';
      if (debit && !input.threeDs) throw new TypeError('rede provider: debit needs 3-D Secure return pages');
      const body: Record<string, unknown> = {
        // Debit cannot be authorised apart from its capture at Rede: 3-D Secure is the shopper's step before it.
        capture: debit,
        kind: input.method,
        reference: redeReferenceOf(input.reference),
        amount: input.amountCents,
        cardHolderName: input.card.holderName.slice(0, 30),
        cardNumber: input.card.number.replace(/\D/g, ''),
        expirationMonth: input.card.expiryMonth,
        expirationYear: input.card.expiryYear,
        securityCode: input.card.securityCode,
      };
      if (!debit && input.installments > 1) body.installments = input.installments;
      if (config.softDescriptor) body.softDescriptor = config.softDescriptor;
      if (debit && input.threeDs) {
        body.threeDSecure = threeDSecureOf(input.threeDs.userAgent, input.threeDs.device);
        body.urls = [
          { kind: 'threeDSecureSuccess', url: input.threeDs.successUrl },
          { kind: 'threeDSecureFailure', url: input.threeDs.failureUrl },
        ];
      }
      const reply = await call('POST', '/transactions', body);
      // A refusal is an answer (4xx with a returnCode), not a provider failure — but 401/403 refuse our credentials.
      if (
        reply.status >= 500 ||
        reply.status === 401 ||
        reply.status === 403 ||
        !reply.body ||
        typeof reply.body !== 'object'
      )
        throw new ProviderError('rede', `authorize: HTTP ${reply.status}`, reply.status);
      return fromCreate(reply.body as RedeTransaction);
    },
    getCharge: get,
    async findByReference(reference) {
      const reply = await call('GET', `/transactions?reference=${encodeURIComponent(redeReferenceOf(reference))}`);
      if (reply.status === 404) return null;
      return transactionState(expectOk('rede', reply, 'GET transaction by reference') as RedeTransaction);
    },
    async capture(tid, amountCents) {
      checkTid(tid);
      const reply = await call('PUT', `/transactions/${tid}`, { amount: amountCents });
      const tx = expectOk('rede', reply, 'capture') as RedeTransaction;
      if (tx.returnCode !== REDE_CODES.approved) return get(tid);
      return { ...(await get(tid)), status: 'paid' };
    },
    async void(tid) {
      checkTid(tid);
      const current = await get(tid);
      if (current.status !== 'authorized' && current.status !== 'pending') return;
      // Cancelling an authorisation and refunding a capture are the same call at Rede.
      const reply = await call('POST', `/transactions/${tid}/refunds`, { amount: current.amountCents ?? 0 });
      const tx = expectOk('rede', reply, 'cancel') as RedeTransaction;
      if (tx.returnCode !== REDE_CODES.refundAccepted && tx.returnCode !== REDE_CODES.refundProcessing)
        throw new ProviderError('rede', `cancel refused: ${tx.returnCode ?? '?'}`, reply.status);
    },
    async refund({ receiptId, amountCents, refundId }) {
      checkTid(receiptId);
      const reply = await call('POST', `/transactions/${receiptId}/refunds`, { amount: amountCents });
      const tx = expectOk('rede', reply, 'refund') as RedeTransaction & { refundId?: string };
      const ok = tx.returnCode === REDE_CODES.refundAccepted || tx.returnCode === REDE_CODES.refundProcessing;
      return {
        providerRefundId: tx.refundId ?? refundId,
        status: ok ? (tx.returnCode === REDE_CODES.refundAccepted ? 'done' : 'pending') : 'failed',
      };
    },
    async verifyWebhook(request): Promise<WebhookVerdict> {
      // Rede's callback carries no signature: only the tid is read from it, and the transaction is re-read.
      const body = (await request.json().catch(() => null)) as { tid?: unknown } | null;
      const tid = typeof body?.tid === 'string' ? body.tid : '';
      if (!TID.test(tid)) return { ok: false, status: 400, reason: 'tid ausente ou inválido' };
      try {
        const state = await get(tid);
        return { ok: true, events: [{ eventId: `${tid}:${state.status}`, state }] };
      } catch (error) {
        if (error instanceof ProviderError && error.notFound)
          return { ok: false, status: 404, reason: `transação ${tid} desconhecida` };
        throw error;
      }
    },
  };
}
