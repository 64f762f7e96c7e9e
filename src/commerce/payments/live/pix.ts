import { centsToDecimal, decimalToCents } from '../../../lib/format/money';
import { expectOk } from './http';
import { oauthClient } from './oauth-client';
import {
  ProviderError,
  type ChargeInput,
  type ChargeState,
  type FetchLike,
  type LiveProvider,
  type RefundResult,
  type VerifiedEvent,
  type WebhookVerdict,
} from './live-provider';

/**
 * Pix through the Banco Central's API Pix (v2.9, `bacen/pix-api` openapi.yaml), which every PSP
 * implements: immediate charges (`/cob/{txid}`), refunds (`/pix/{e2eid}/devolucao/{id}`) and the
 * webhook callback (`POST <webhookUrl>/pix`). OAuth2 client credentials; the PSP usually also demands
 * mTLS, which `fetch` gets from a Workers mTLS certificate binding (registry.ts).
 */
export interface PixConfig {
  /** Base of the PSP's API Pix, e.g. `https://pix.psp.com.br/api/v2` (paths below are appended). */
  apiUrl: string;
  /** The PSP's OAuth2 token endpoint (full URL). */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** The store's Pix key (DICT) receiving the charges. */
  key: string;
  timeoutMs: number;
  fetch: FetchLike;
}

export const TXID_PATTERN = /^[a-zA-Z0-9]{26,35}$/;
const E2E_PATTERN = /^[a-zA-Z0-9]{32}$/;

interface Cob {
  txid?: string;
  status?: string;
  pixCopiaECola?: string;
  calendario?: { criacao?: string; expiracao?: number };
  valor?: { original?: string };
  pix?: { endToEndId?: string; valor?: string; devolucoes?: { id?: string; status?: string }[] }[];
}

/** Charge state from a cob as the PSP returns it. ATIVA stays ATIVA past its expiry (the PSP refuses payment then). */
export function cobState(cob: Cob, now: Date): ChargeState {
  const receipts = (cob.pix ?? [])
    .filter((p) => typeof p.endToEndId === 'string')
    .map((p) => ({ id: p.endToEndId!, amountCents: decimalToCents(p.valor) ?? 0 }));
  const created = cob.calendario?.criacao ? Date.parse(cob.calendario.criacao) : NaN;
  const expiresAt = created + (cob.calendario?.expiracao ?? 86_400) * 1000;
  let status: ChargeState['status'];
  switch (cob.status) {
    case 'CONCLUIDA':
      status = receipts.length > 0 ? 'paid' : 'pending';
      break;
    case 'REMOVIDA_PELO_USUARIO_RECEBEDOR':
    case 'REMOVIDA_PELO_PSP':
      status = 'cancelled';
      break;
    default:
      status = Number.isFinite(expiresAt) && expiresAt <= now.getTime() ? 'expired' : 'pending';
  }
  const received = receipts.reduce((sum, r) => sum + r.amountCents, 0);
  return {
    providerRef: cob.txid ?? '',
    status,
    amountCents: status === 'paid' ? received : decimalToCents(cob.valor?.original),
    pixCopiaECola: cob.pixCopiaECola,
    receipts,
  };
}

/** A devolução's status (API Pix): EM_PROCESSAMENTO is pending until the PSP says DEVOLVIDO or NAO_REALIZADO. */
const devolucaoStatus = (status: string | undefined): RefundResult['status'] =>
  status === 'DEVOLVIDO' ? 'done' : status === 'NAO_REALIZADO' ? 'failed' : 'pending';

export function pixProvider(config: PixConfig, clock: () => Date = () => new Date()): LiveProvider {
  const call = oauthClient({
    provider: 'pix',
    apiUrl: config.apiUrl,
    tokenUrl: config.tokenUrl,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    scope: 'cob.write cob.read pix.write pix.read',
    timeoutMs: config.timeoutMs,
    fetch: config.fetch,
  });

  async function getCob(txid: string): Promise<Cob> {
    if (!TXID_PATTERN.test(txid)) throw new ProviderError('pix', 'invalid txid', 404, true);
    return expectOk('pix', await call('GET', `/cob/${txid}`), 'GET /cob') as Cob;
  }

  return {
    name: 'pix',
    kind: 'pix',
    async createCharge(input: ChargeInput) {
      if (input.kind !== 'pix') throw new TypeError('pix provider: wrong charge kind');
      if (!TXID_PATTERN.test(input.reference)) throw new TypeError('pix provider: txid must be 26-35 letters/digits');
      const body: Record<string, unknown> = {
        calendario: { expiracao: input.expiresInSeconds },
        valor: { original: centsToDecimal(input.amountCents) },
        chave: config.key,
      };
      if (input.buyer) body.devedor = { cpf: input.buyer.cpf, nome: input.buyer.name.slice(0, 200) };
      if (input.description) body.solicitacaoPagador = input.description.slice(0, 140);
      const cob = expectOk('pix', await call('PUT', `/cob/${input.reference}`, body), 'PUT /cob') as Cob;
      if (typeof cob.pixCopiaECola !== 'string' || !cob.pixCopiaECola)
        throw new ProviderError('pix', 'PUT /cob: no pixCopiaECola', 201);
      return cobState(cob, input.now);
    },
    async getCharge(txid) {
      return cobState(await getCob(txid), clock());
    },
    capture() {
      return Promise.reject(new ProviderError('pix', 'a Pix charge is paid by the payer, not captured', 0));
    },
    async void(txid) {
      // An unpaid cob is withdrawn so it can no longer be paid (PATCH with the receiver's removal status).
      const reply = await call('PATCH', `/cob/${txid}`, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
      expectOk('pix', reply, 'PATCH /cob');
    },
    async refund({ receiptId, refundId, amountCents }): Promise<RefundResult> {
      const reply = await call('PUT', `/pix/${receiptId}/devolucao/${refundId}`, {
        valor: centsToDecimal(amountCents),
      });
      const body = expectOk('pix', reply, 'PUT /devolucao') as { rtrId?: string; status?: string };
      return { providerRefundId: body.rtrId ?? refundId, status: devolucaoStatus(body.status) };
    },
    async getRefund({ receiptId, refundId }): Promise<RefundResult> {
      const reply = await call('GET', `/pix/${receiptId}/devolucao/${refundId}`);
      const body = expectOk('pix', reply, 'GET /devolucao') as { rtrId?: string; status?: string };
      return { providerRefundId: body.rtrId ?? refundId, status: devolucaoStatus(body.status) };
    },
    async verifyWebhook(request): Promise<WebhookVerdict> {
      const body = (await request.json().catch(() => null)) as { pix?: unknown } | null;
      if (!body || !Array.isArray(body.pix) || body.pix.length === 0)
        return { ok: false, status: 400, reason: 'corpo sem a lista pix' };
      const events: VerifiedEvent[] = [];
      const read = new Map<string, ChargeState>();
      for (const item of body.pix as { endToEndId?: unknown; txid?: unknown }[]) {
        const e2e = typeof item?.endToEndId === 'string' ? item.endToEndId : '';
        const txid = typeof item?.txid === 'string' ? item.txid : '';
        if (!E2E_PATTERN.test(e2e)) return { ok: false, status: 400, reason: 'endToEndId inválido' };
        // A Pix without txid was not paid through one of our charges: nothing of ours to act on.
        if (!txid) continue;
        if (!TXID_PATTERN.test(txid)) return { ok: false, status: 400, reason: 'txid inválido' };
        let state = read.get(txid);
        if (!state) {
          try {
            state = cobState(await getCob(txid), clock());
          } catch (error) {
            if (error instanceof ProviderError && error.notFound)
              return { ok: false, status: 404, reason: `cobrança ${txid} desconhecida no PSP` };
            throw error;
          }
          read.set(txid, state);
        }
        // The body's claim must be what the PSP itself reports; a Pix the PSP does not list is forged.
        if (!state.receipts.some((r) => r.id === e2e))
          return { ok: false, status: 401, reason: `Pix ${e2e} não consta na cobrança ${txid}` };
        events.push({ eventId: e2e, state });
      }
      return { ok: true, events };
    },
  };
}
