import subset from '../../../providers/schemas/boleto-inter.json';
import { storeDay } from '../../../../src/lib/format/dates';
import { Contract, hang, json, randomId, type Fault, type Subset } from './contract';

export const BOLETO_BASE = 'https://cdpj.partners.inter.test';
export const BOLETO_CLIENT = { id: 'vitrine-inter', secret: 'inter-secret' };

interface Cobranca {
  codigoSolicitacao: string;
  seuNumero: string;
  situacao: 'A_RECEBER' | 'RECEBIDO' | 'CANCELADO' | 'EXPIRADO';
  valorNominal: string;
  valorTotalRecebido?: string;
  dataVencimento: string;
  /** Inter's day (Brasília) it was registered: what `filtrarDataPor=EMISSAO` reads. */
  dataEmissao: string;
  linhaDigitavel: string;
  codigoBarras: string;
  pixCopiaECola: string;
}

/**
 * An in-process Banco Inter (API Cobrança v3), each request checked against our subset. As the portal documents no
 * uniqueness for `seuNumero`, a create repeated with one registers another boleto: only a search finds the first.
 */
export class BoletoFake {
  readonly contract = new Contract(subset as Subset);
  readonly cobrancas = new Map<string, Cobranca>();
  /** Every valid request received: its operation, the `seuNumero` it names (create, search) and the code (the log). */
  readonly log: { op: string; seuNumero?: string; code?: string }[] = [];
  readonly tokens = new Set<string>();
  private faults = new Map<string, Fault | 'lost'>();
  /** How many reads of each new cobrança answer `EM_PROCESSAMENTO` (registered, boleto not issued yet). */
  issuingReads = 0;
  private issuing = new Map<string, number>();

  /** Fault for the next call of one operation; `lost`: Inter does it, and its answer never arrives. */
  failNext(opId: string, fault: Fault | 'lost'): void {
    this.faults.set(opId, fault);
  }

  readonly fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (url.pathname === '/oauth/v2/token') {
      const form = await request.formData();
      if (
        form.get('client_id') !== BOLETO_CLIENT.id ||
        form.get('client_secret') !== BOLETO_CLIENT.secret ||
        form.get('grant_type') !== 'client_credentials'
      )
        return json(401, { title: 'Não autorizado' });
      const token = randomId(32);
      this.tokens.add(token);
      return json(200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: 3600,
        scope: String(form.get('scope')),
      });
    }
    const matched = this.contract.match(request.method, url.pathname);
    if (!matched) {
      this.contract.violations.push(`unknown operation ${request.method} ${url.pathname}`);
      return json(404, { title: 'Não encontrado' });
    }
    const fault = this.faults.get(matched.op.id);
    this.faults.delete(matched.op.id);
    if (fault === 'timeout') return hang(request);
    if (fault === 'error5xx') return json(503, { title: 'Serviço indisponível' });
    if (fault === 'refuse4xx')
      return json(400, { title: 'Requisição inválida', detail: 'pagador.cep: CEP inválido', violacoes: [] });
    if (!this.tokens.has((request.headers.get('authorization') ?? '').replace(/^Bearer /, '')))
      return json(401, { title: 'Não autorizado' });
    const body = request.method === 'GET' ? undefined : await request.json().catch(() => '<<not JSON>>');
    const problems = this.contract.checkRequest(matched, request.headers, body, url.searchParams);
    if (problems.length > 0) return json(400, { title: 'Requisição inválida', detail: problems.join('; ') });
    const named =
      (body as { seuNumero?: string } | undefined)?.seuNumero ?? url.searchParams.get('seuNumero') ?? undefined;
    this.log.push({ op: matched.op.id, seuNumero: named, code: matched.params.codigoSolicitacao });
    const [status, reply] =
      matched.op.id === 'cobrancas.list'
        ? this.search(url.searchParams)
        : this.handle(matched.op.id, matched.params, body as Record<string, never>);
    this.contract.checkResponse(matched.op, status, reply ?? {});
    if (fault === 'lost') return hang(request);
    return json(status, reply);
  };

  private handle(op: string, params: Record<string, string>, body: Record<string, never>): [number, unknown] {
    switch (op) {
      case 'cobrancas.create': {
        const b = body as unknown as { seuNumero: string; valorNominal: number; dataVencimento: string };
        const cobranca: Cobranca = {
          codigoSolicitacao: crypto.randomUUID(),
          seuNumero: b.seuNumero,
          situacao: 'A_RECEBER',
          valorNominal: b.valorNominal.toFixed(2),
          dataVencimento: b.dataVencimento,
          dataEmissao: storeDay(new Date()),
          linhaDigitavel: randomId(47, '0123456789'),
          codigoBarras: randomId(44, '0123456789'),
          pixCopiaECola: `00020101021226900014br.gov.bcb.pix2568pix.inter.test/${randomId(25)}5204000053039865802BR6304ABCD`,
        };
        this.cobrancas.set(cobranca.codigoSolicitacao, cobranca);
        if (this.issuingReads > 0) this.issuing.set(cobranca.codigoSolicitacao, this.issuingReads);
        return [200, { codigoSolicitacao: cobranca.codigoSolicitacao }];
      }
      case 'cobrancas.get': {
        const c = this.cobrancas.get(params.codigoSolicitacao!);
        if (!c) return [404, { title: 'Cobrança não encontrada' }];
        const shown = this.view(c);
        // Each read brings the boleto one read nearer to issued.
        const issuing = this.issuing.get(c.codigoSolicitacao) ?? 0;
        if (issuing > 0) this.issuing.set(c.codigoSolicitacao, issuing - 1);
        return [200, shown];
      }
      case 'cobrancas.cancel': {
        const c = this.cobrancas.get(params.codigoSolicitacao!);
        if (!c) return [404, { title: 'Cobrança não encontrada' }];
        // Only an open boleto can be cancelled: a paid one (RECEBIDO) stays paid — its money is already ours.
        if (c.situacao !== 'A_RECEBER' && c.situacao !== 'CANCELADO')
          return [
            400,
            { title: 'Requisição inválida', detail: `Cobrança com situação ${c.situacao} não pode ser cancelada.` },
          ];
        c.situacao = 'CANCELADO';
        return [202, undefined];
      }
      default:
        return [404, { title: 'Não encontrado' }];
    }
  }

  /** A cobrança as Inter shows it (a read or a search); one still being issued has no line, barcode or Pix yet. */
  private view(c: Cobranca): unknown {
    const { codigoSolicitacao, seuNumero, valorNominal, dataVencimento, dataEmissao } = c;
    if ((this.issuing.get(codigoSolicitacao) ?? 0) > 0 && c.situacao === 'A_RECEBER')
      return {
        cobranca: {
          codigoSolicitacao,
          seuNumero,
          situacao: 'EM_PROCESSAMENTO',
          valorNominal,
          dataVencimento,
          dataEmissao,
        },
      };
    return {
      cobranca: {
        codigoSolicitacao,
        seuNumero,
        situacao: c.situacao,
        valorNominal,
        dataVencimento,
        dataEmissao,
        ...(c.valorTotalRecebido ? { valorTotalRecebido: c.valorTotalRecebido } : {}),
      },
      boleto: {
        linhaDigitavel: c.linhaDigitavel,
        codigoBarras: c.codigoBarras,
        nossoNumero: randomId(11, '0123456789'),
      },
      pix: { txid: randomId(30), pixCopiaECola: c.pixCopiaECola },
    };
  }

  /** "Recuperar coleção de cobranças": the period (by issue, due or payment day) and the filters, one page. */
  private search(query: URLSearchParams): [number, unknown] {
    const by = query.get('filtrarDataPor') ?? 'VENCIMENTO';
    const from = query.get('dataInicial')!;
    const to = query.get('dataFinal')!;
    const wanted = query.get('seuNumero');
    const found = [...this.cobrancas.values()].filter((c) => {
      const day = by === 'EMISSAO' ? c.dataEmissao : by === 'VENCIMENTO' ? c.dataVencimento : null;
      return day !== null && day >= from && day <= to && (!wanted || c.seuNumero === wanted);
    });
    const size = Number(query.get('paginacao.itensPorPagina') ?? 100);
    return [
      200,
      {
        totalPaginas: Math.max(1, Math.ceil(found.length / size)),
        totalElementos: found.length,
        tamanhoPagina: size,
        primeiraPagina: true,
        ultimaPagina: found.length <= size,
        numeroDeElementos: Math.min(found.length, size),
        cobrancas: found.slice(0, size).map((c) => this.view(c)),
      },
    ];
  }

  /** The payer pays the boleto (or its Pix); returns the webhook body Inter would post. */
  pay(code: string): unknown[] {
    const c = this.cobrancas.get(code)!;
    // A cancelled boleto is refused by the payer's bank.
    if (c.situacao !== 'A_RECEBER') throw new Error(`boleto ${code} is ${c.situacao}: not payable`);
    c.situacao = 'RECEBIDO';
    c.valorTotalRecebido = c.valorNominal;
    return [
      { codigoSolicitacao: code, seuNumero: c.seuNumero, situacao: 'RECEBIDO', valorTotalRecebido: c.valorNominal },
    ];
  }
}
