import { centsToDecimal, decimalToCents } from '../../../lib/format/money';
import { DAY_MS, storeDay } from '../../../lib/format/dates';
import { expectOk } from './http';
import { oauthClient } from './oauth-client';
import { BOLETO_PAYABLE_DAYS_AFTER_DUE } from '../sandbox/boleto';
import {
  ProviderError,
  type ChargeInput,
  type ChargeState,
  type FetchLike,
  type LiveProvider,
  type WebhookVerdict,
} from './live-provider';

/**
 * Boleto registered at Banco Inter (API Cobrança v3, "boleto com Pix": every boleto also carries a
 * Pix QR, so the shopper may pay either way). OAuth2 client credentials (sent in the form, as Inter
 * documents) and mTLS through a Workers mTLS certificate binding. ADR 0016 names the choice.
 */
export interface BoletoConfig {
  /** `https://cdpj.partners.bancointer.com.br` (production) or `https://cdpj-sandbox.partners.uatinter.co`. */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** `x-conta-corrente`: only for an application registered on more than one account. */
  account?: string;
  timeoutMs: number;
  fetch: FetchLike;
}

/** Inter's own number limit for "seu número". */
export const SEU_NUMERO = /^[A-Za-z0-9]{1,15}$/;
const CODE = /^[0-9a-fA-F-]{36}$/;
/** A boleto still being issued is read again this many times, this far apart (≈ 1.2 s in all), then given up on. */
export const ISSUE_REREADS = 3;
const ISSUE_REREAD_MS = 400;
/**
 * How far back a search by "seu número" looks (issue days, Brasília): a retry comes within minutes and the cron within
 * the attempt's grace, a week also covers a cron that stopped for days.
 */
const SEARCH_DAYS = 7;
/** Situations in which a cobrança can no longer be paid: a search skips them (a new boleto may be registered). */
const CLOSED = new Set(['CANCELADO', 'EXPIRADO', 'FALHA_EMISSAO']);

interface Cobranca {
  cobranca?: {
    codigoSolicitacao?: string;
    seuNumero?: string;
    situacao?: string;
    valorNominal?: string | number;
    valorTotalRecebido?: string | number;
    dataVencimento?: string;
  };
  boleto?: { linhaDigitavel?: string; codigoBarras?: string; nossoNumero?: string };
  pix?: { txid?: string; pixCopiaECola?: string };
}

export function cobrancaState(body: Cobranca): ChargeState {
  const c = body.cobranca ?? {};
  const received = decimalToCents(c.valorTotalRecebido);
  let status: ChargeState['status'];
  switch (c.situacao) {
    case 'RECEBIDO':
    case 'MARCADO_RECEBIDO':
      status = 'paid';
      break;
    case 'CANCELADO':
      status = 'cancelled';
      break;
    case 'EXPIRADO':
      status = 'expired';
      break;
    case 'FALHA_EMISSAO':
      // Inter could not issue it: nobody can pay it.
      status = 'failed';
      break;
    default:
      status = 'pending';
  }
  return {
    providerRef: c.codigoSolicitacao ?? '',
    status,
    amountCents: status === 'paid' ? received : decimalToCents(c.valorNominal),
    pixCopiaECola: body.pix?.pixCopiaECola,
    boleto:
      body.boleto?.linhaDigitavel && body.boleto.codigoBarras
        ? {
            line: body.boleto.linhaDigitavel,
            barcode: body.boleto.codigoBarras,
            ...(c.dataVencimento ? { dueDate: c.dataVencimento } : {}),
          }
        : undefined,
    receipts: status === 'paid' && c.codigoSolicitacao ? [{ id: c.codigoSolicitacao, amountCents: received ?? 0 }] : [],
  };
}

export function boletoProvider(config: BoletoConfig): LiveProvider {
  const headers: Record<string, string> = config.account ? { 'x-conta-corrente': config.account } : {};
  const oauth = oauthClient({
    provider: 'boleto',
    apiUrl: config.apiUrl,
    tokenUrl: '/oauth/v2/token',
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    scope: 'boleto-cobranca.read boleto-cobranca.write',
    credentialsInForm: true,
    timeoutMs: config.timeoutMs,
    fetch: config.fetch,
  });
  const call = (method: string, path: string, body?: unknown) => oauth(method, path, body, headers);

  async function get(code: string): Promise<ChargeState> {
    if (!CODE.test(code)) throw new ProviderError('boleto', 'invalid codigoSolicitacao', 404, true);
    return cobrancaState(
      expectOk('boleto', await call('GET', `/cobranca/v3/cobrancas/${code}`), 'GET cobranca') as Cobranca,
    );
  }

  /**
   * Inter registers a cobrança before it issues the boleto: the first read may still say `EM_PROCESSAMENTO` (no line,
   * no barcode). Read again, a bounded number of times; still not issued → a failure that names Inter's code, so the
   * checkout cancels that boleto (`/cancelar`) and, should that fail, the cron does (payments/attempts.ts): a boleto
   * we gave up on never stays registered in the shopper's name.
   */
  async function issued(code: string): Promise<ChargeState> {
    for (let read = 1; ; read++) {
      const state = await get(code);
      if (state.boleto || state.status !== 'pending') return state;
      if (read > ISSUE_REREADS) throw new ProviderError('boleto', `not issued after ${read} reads`, 0, false, code);
      await new Promise((resolve) => setTimeout(resolve, ISSUE_REREAD_MS));
    }
  }

  /**
   * The cobranças registered with our "seu número" in the last SEARCH_DAYS ("Recuperar coleção de cobranças"): the
   * open one (not cancelled, expired or failed) if any, else the latest closed one; null when Inter has none. Inter
   * documents no uniqueness for seuNumero, so a create whose answer was lost is found here, never sent again blindly.
   */
  async function find(seuNumero: string, now: Date): Promise<ChargeState | null> {
    if (!SEU_NUMERO.test(seuNumero)) throw new TypeError('boleto provider: seuNumero must be 1-15 letters/digits');
    const query = new URLSearchParams({
      dataInicial: storeDay(new Date(now.getTime() - SEARCH_DAYS * DAY_MS)),
      dataFinal: storeDay(now),
      filtrarDataPor: 'EMISSAO',
      seuNumero,
    });
    const page = expectOk('boleto', await call('GET', `/cobranca/v3/cobrancas?${query}`), 'GET cobrancas') as {
      cobrancas?: Cobranca[];
    };
    // Inter does not say whether its filter matches exactly: only an exact "seu número" counts.
    const mine = (page.cobrancas ?? []).filter(
      (c) => c.cobranca?.seuNumero === seuNumero && c.cobranca.codigoSolicitacao,
    );
    const open = mine.find((c) => !CLOSED.has(c.cobranca?.situacao ?? ''));
    const chosen = open ?? mine.at(-1);
    return chosen ? cobrancaState(chosen) : null;
  }

  return {
    name: 'boleto',
    kind: 'boleto',
    async createCharge(input: ChargeInput) {
      if (input.kind !== 'boleto') throw new TypeError('boleto provider: wrong charge kind');
      if (!SEU_NUMERO.test(input.reference))
        throw new TypeError('boleto provider: seuNumero must be 1-15 letters/digits');
      if (input.resume) {
        // An earlier create with this seuNumero was given up on: Inter may hold its boleto. Continue with that one
        // (paid already, the reconciliation settles it); only a closed one is followed by a new registration.
        const earlier = await find(input.reference, input.now);
        if (earlier && (earlier.status === 'pending' || earlier.status === 'paid')) return issued(earlier.providerRef);
      }
      const a = input.address;
      const body = {
        seuNumero: input.reference,
        valorNominal: Number(centsToDecimal(input.amountCents)),
        dataVencimento: input.dueDate,
        // Unpaid, the bank writes it off this many days after it falls due (ADR 0015).
        numDiasAgenda: BOLETO_PAYABLE_DAYS_AFTER_DUE,
        pagador: {
          cpfCnpj: input.buyer.cpf,
          tipoPessoa: 'FISICA',
          nome: input.buyer.name.slice(0, 100),
          endereco: a.street.slice(0, 90),
          numero: a.number.slice(0, 10),
          ...(a.complement ? { complemento: a.complement.slice(0, 30) } : {}),
          bairro: a.neighborhood.slice(0, 60),
          cidade: a.city.slice(0, 60),
          uf: a.state,
          cep: a.zipCode,
          ...(input.buyer.email ? { email: input.buyer.email.slice(0, 50) } : {}),
        },
      };
      const created = expectOk('boleto', await call('POST', '/cobranca/v3/cobrancas', body), 'POST cobranca') as {
        codigoSolicitacao?: string;
      };
      if (typeof created.codigoSolicitacao !== 'string') throw new ProviderError('boleto', 'no codigoSolicitacao', 200);
      return issued(created.codigoSolicitacao);
    },
    getCharge: get,
    findByReference: (seuNumero, now) => find(seuNumero, now ?? new Date()),
    capture() {
      return Promise.reject(new ProviderError('boleto', 'a boleto is paid by the payer, not captured', 0));
    },
    async void(code) {
      if (!CODE.test(code)) throw new ProviderError('boleto', 'invalid codigoSolicitacao', 404, true);
      const reply = await call('POST', `/cobranca/v3/cobrancas/${code}/cancelar`, {
        motivoCancelamento: 'Pedido não concluído',
      });
      if (reply.status !== 202 && reply.status !== 204 && reply.status !== 200)
        throw new ProviderError('boleto', `cancelar: HTTP ${reply.status}`, reply.status, reply.status === 404);
    },
    refund() {
      // A paid boleto has no refund operation in the collection API: it is returned by bank transfer (back office).
      return Promise.reject(new ProviderError('boleto', 'boleto refunds are manual transfers', 0));
    },
    async verifyWebhook(request): Promise<WebhookVerdict> {
      // Inter posts a list of cobranças; only their codes are read, each is re-read from Inter.
      const body = (await request.json().catch(() => null)) as unknown;
      const items = Array.isArray(body) ? body : null;
      if (!items || items.length === 0) return { ok: false, status: 400, reason: 'corpo sem lista de cobranças' };
      const events = [];
      for (const item of items as { codigoSolicitacao?: unknown }[]) {
        const code = typeof item?.codigoSolicitacao === 'string' ? item.codigoSolicitacao : '';
        if (!CODE.test(code)) return { ok: false, status: 400, reason: 'codigoSolicitacao inválido' };
        try {
          const state = await get(code);
          events.push({ eventId: `${code}:${state.status}`, state });
        } catch (error) {
          if (error instanceof ProviderError && error.notFound)
            return { ok: false, status: 404 as const, reason: `cobrança ${code} desconhecida` };
          throw error;
        }
      }
      return { ok: true, events };
    },
  };
}
