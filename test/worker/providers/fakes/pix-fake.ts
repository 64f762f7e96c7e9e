import subset from '../../../providers/schemas/pix.json';
import { Contract, hang, json, randomId, type Fault, type Subset } from './contract';

export const PIX_BASE = 'https://pix.psp.test/api/v2';
export const PIX_TOKEN_URL = 'https://pix.psp.test/oauth/token';
export const PIX_CLIENT = { id: 'vitrine-client', secret: 'vitrine-secret' };

interface Cob {
  txid: string;
  revisao: number;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
  calendario: { criacao: string; expiracao: number };
  valor: { original: string };
  chave: string;
  location: string;
  pixCopiaECola: string;
  devedor?: { cpf: string; nome: string };
  pix: { endToEndId: string; txid: string; valor: string; horario: string; devolucoes?: Refund[] }[];
}
interface Refund {
  id: string;
  rtrId: string;
  valor: string;
  horario: { solicitacao: string };
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
}

const problem = (status: number, title: string) => ({
  type: `https://pix.bcb.gov.br/api/v2/error/${title}`,
  title,
  status,
});

/**
 * An in-process PSP speaking the API Pix: it keeps its own ledger (cobs, received Pix, refunds),
 * checks every request against test/providers/schemas/pix.json and answers the documented shapes.
 */
export class PixFake {
  readonly contract = new Contract(subset as Subset);
  readonly cobs = new Map<string, Cob>();
  readonly refunds = new Map<string, Refund>();
  tokensIssued = 0;
  private readonly tokens = new Set<string>();
  private faults = new Map<string, Fault | 'lost'>();
  clock: () => Date = () => new Date();

  /**
   * The next call of `opId` (or 'token') times out, answers 503 or 400; `lost`: the PSP does it, and its answer never
   * arrives (the adapter times out).
   */
  failNext(opId: string, fault: Fault | 'lost'): void {
    this.faults.set(opId, fault);
  }

  readonly fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (request.url === PIX_TOKEN_URL) return this.token(request);
    if (!request.url.startsWith(PIX_BASE)) return json(404, problem(404, 'NaoEncontrado'), 'application/problem+json');
    const matched = this.contract.match(request.method, url.pathname.slice(new URL(PIX_BASE).pathname.length));
    if (!matched) {
      this.contract.violations.push(`unknown operation ${request.method} ${url.pathname}`);
      return json(404, problem(404, 'NaoEncontrado'), 'application/problem+json');
    }
    const fault = this.faults.get(matched.op.id);
    if (fault && fault !== 'lost') {
      this.faults.delete(matched.op.id);
      if (fault === 'timeout') return hang(request);
      if (fault === 'refuse4xx')
        return json(
          400,
          {
            ...problem(400, 'CobOperacaoInvalida'),
            detail: 'A requisição que busca alterar ou criar uma cobrança não respeita o schema.',
          },
          'application/problem+json',
        );
      return json(503, problem(503, 'ServicoIndisponivel'), 'application/problem+json');
    }
    const auth = request.headers.get('authorization') ?? '';
    if (!this.tokens.has(auth.replace(/^Bearer /, '')))
      return json(401, problem(401, 'AcessoNegado'), 'application/problem+json');
    const body = request.method === 'GET' ? undefined : await request.json().catch(() => '<<not JSON>>');
    const problems = this.contract.checkRequest(matched, request.headers, body);
    if (problems.length > 0)
      return json(
        400,
        { ...problem(400, 'RequisicaoInvalida'), detail: problems.join('; ') },
        'application/problem+json',
      );
    const [status, answer] = this.handle(matched.op.id, matched.params, body as Record<string, never>);
    this.contract.checkResponse(matched.op, status, answer);
    if (fault === 'lost') {
      this.faults.delete(matched.op.id);
      return hang(request);
    }
    return json(status, answer, status >= 400 ? 'application/problem+json' : 'application/json');
  };

  private token(request: Request): Promise<Response> | Response {
    const fault = this.faults.get('token');
    if (fault && fault !== 'lost') {
      this.faults.delete('token');
      return fault === 'timeout' ? hang(request) : json(503, { error: 'temporarily_unavailable' });
    }
    return (async () => {
      const form = await request.formData();
      const basic = `Basic ${btoa(`${PIX_CLIENT.id}:${PIX_CLIENT.secret}`)}`;
      if (
        request.method !== 'POST' ||
        form.get('grant_type') !== 'client_credentials' ||
        request.headers.get('authorization') !== basic
      )
        return json(401, { error: 'invalid_client' });
      const token = randomId(40);
      this.tokens.add(token);
      this.tokensIssued++;
      return json(200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: 3600,
        scope: String(form.get('scope') ?? ''),
      });
    })();
  }

  private view(cob: Cob, withPix: boolean) {
    const { pix, ...rest } = cob;
    return withPix && pix.length > 0 ? { ...rest, pix } : rest;
  }

  private handle(op: string, params: Record<string, string>, body: Record<string, never>): [number, unknown] {
    const now = this.clock().toISOString();
    switch (op) {
      case 'cob.create': {
        if (this.cobs.has(params.txid!)) return [400, problem(400, 'CobOperacaoInvalida')];
        const b = body as unknown as {
          calendario: { expiracao: number };
          valor: { original: string };
          chave: string;
          devedor?: Cob['devedor'];
        };
        const cob: Cob = {
          txid: params.txid!,
          revisao: 0,
          status: 'ATIVA',
          calendario: { criacao: now, expiracao: b.calendario.expiracao },
          valor: { original: b.valor.original },
          chave: b.chave,
          location: `pix.psp.test/qr/v2/${randomId(20).toLowerCase()}`,
          pixCopiaECola: `00020101021226830014br.gov.bcb.pix2561pix.psp.test/qr/v2/${params.txid}5204000053039865802BR5913VITRINE MODA6009SAO PAULO62070503***6304ABCD`,
          ...(b.devedor ? { devedor: b.devedor } : {}),
          pix: [],
        };
        this.cobs.set(cob.txid, cob);
        return [201, this.view(cob, false)];
      }
      case 'cob.read': {
        const cob = this.cobs.get(params.txid!);
        return cob ? [200, this.view(cob, true)] : [404, problem(404, 'CobNaoEncontrado')];
      }
      case 'cob.withdraw': {
        const cob = this.cobs.get(params.txid!);
        if (!cob) return [404, problem(404, 'CobNaoEncontrado')];
        if (cob.status !== 'ATIVA') return [400, problem(400, 'CobOperacaoInvalida')];
        cob.status = 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
        cob.revisao++;
        return [200, this.view(cob, false)];
      }
      case 'refund.create': {
        const existing = this.refunds.get(params.id!);
        if (existing) return [201, existing];
        const received = [...this.cobs.values()].flatMap((c) => c.pix).find((p) => p.endToEndId === params.e2eid);
        if (!received) return [404, problem(404, 'PixNaoEncontrado')];
        const refund: Refund = {
          id: params.id!,
          rtrId: `D${randomId(31)}`,
          valor: (body as unknown as { valor: string }).valor,
          horario: { solicitacao: now },
          status: 'EM_PROCESSAMENTO',
        };
        this.refunds.set(refund.id, refund);
        (received.devolucoes ??= []).push(refund);
        return [201, refund];
      }
      case 'refund.read': {
        const refund = this.refunds.get(params.id!);
        const received = [...this.cobs.values()].flatMap((c) => c.pix).find((p) => p.endToEndId === params.e2eid);
        return refund && received?.devolucoes?.includes(refund)
          ? [200, refund]
          : [404, problem(404, 'DevolucaoNaoEncontrada')];
      }
      default:
        return [404, problem(404, 'NaoEncontrado')];
    }
  }

  /** The PSP settles a devolução it answered EM_PROCESSAMENTO (every new one starts so, as PSPs answer). */
  settleRefund(id: string, status: 'DEVOLVIDO' | 'NAO_REALIZADO'): void {
    const refund = this.refunds.get(id);
    if (!refund || refund.status !== 'EM_PROCESSAMENTO') throw new Error(`no devolução ${id} in processing`);
    refund.status = status;
  }

  /** The payer pays the cob (as the PSP would accept it: only while ATIVA); returns the webhook body. */
  pay(txid: string, at = this.clock()): { pix: Cob['pix'] } {
    const cob = this.cobs.get(txid);
    if (!cob) throw new Error(`no cob ${txid}`);
    // The PSP refuses a payment of a withdrawn cob (the payer's bank shows it as no longer payable).
    if (cob.status !== 'ATIVA') throw new Error(`cob ${txid} is ${cob.status}: not payable`);
    const received = { endToEndId: `E${randomId(31)}`, txid, valor: cob.valor.original, horario: at.toISOString() };
    cob.pix.push(received);
    cob.status = 'CONCLUIDA';
    const notification = { pix: [received] };
    this.contract.checkOutgoing('webhook.pix', notification);
    return notification;
  }

  /** Money the PSP holds for us: received minus refunded or being refunded (the fake's ledger). */
  balanceCents(): number {
    const toCents = (v: string) => Math.round(Number(v) * 100);
    let total = 0;
    for (const cob of this.cobs.values())
      for (const p of cob.pix)
        total +=
          toCents(p.valor) -
          (p.devolucoes ?? []).filter((d) => d.status !== 'NAO_REALIZADO').reduce((s, d) => s + toCents(d.valor), 0);
    return total;
  }
}
