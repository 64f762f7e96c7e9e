import subset from '../../../providers/schemas/rede.json';
import { Contract, hang, json, randomId, type Fault, type Subset } from './contract';

export const REDE_BASE = 'https://api.userede.test/erede/v1';
export const REDE_STORE = { pv: '12345678', token: 'rede-token-0001' };
/** e.Rede's OAuth2 token endpoint (client credentials: the PV and its integration key, Basic). */
export const REDE_TOKEN_URL = 'https://api.userede.test/redelabs/oauth2/token';
export const APPROVED_CARDS = ['5448280000000007', '4012001037141112'];

interface Tx {
  tid: string;
  reference: string;
  kind: 'credit' | 'debit';
  amount: number;
  installments: number;
  status: 'Approved' | 'Denied' | 'Canceled' | 'Pending';
  last4: string;
  authorizationCode: string;
  captured: number | null;
  refunds: { refundId: string; status: string; amount: number }[];
}

const answer = (returnCode: string, returnMessage: string, extra: Record<string, unknown> = {}) => ({
  returnCode,
  returnMessage,
  ...extra,
});

/**
 * An in-process e.Rede: authorisations (credit with capture false; debit through 3-D Secure), captures,
 * cancellations/refunds, each request checked against test/providers/schemas/rede.json. It keeps every
 * request body it received, so a test can see where card data went (only to the authorisation).
 */
export class RedeFake {
  readonly contract = new Contract(subset as Subset);
  readonly transactions = new Map<string, Tx>();
  readonly bodies: string[] = [];
  private faults = new Map<string, Fault | 'lost' | 'late'>();
  private late: (() => void)[] = [];
  /** e.Rede v2: only a Bearer token from the OAuth2 endpoint is accepted (Basic with the PV and key is refused). */
  oauthOnly = false;
  tokensIssued = 0;
  private readonly tokens = new Set<string>();

  /**
   * `lost`: Rede does the operation, and its answer never arrives (the adapter times out). `late`: Rede does it only
   * after the adapter gave up (when the test calls `deliverLate`), so a lookup by reference in between finds nothing.
   */
  failNext(opId: string, fault: Fault | 'lost' | 'late'): void {
    this.faults.set(opId, fault);
  }

  /** Rede finally processes the requests held by a `late` fault. */
  deliverLate(): void {
    for (const work of this.late.splice(0)) work();
  }

  readonly fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (request.url === REDE_TOKEN_URL) return this.token(request);
    const matched = request.url.startsWith(REDE_BASE)
      ? this.contract.match(request.method, url.pathname.slice(new URL(REDE_BASE).pathname.length))
      : null;
    if (!matched) {
      this.contract.violations.push(`unknown operation ${request.method} ${url.pathname}`);
      return json(404, answer('404', 'Not found'));
    }
    const fault = this.faults.get(matched.op.id);
    if (fault && fault !== 'lost' && fault !== 'late') {
      this.faults.delete(matched.op.id);
      if (fault === 'refuse4xx') return json(400, answer('26', 'Invalid parameter format.'));
      return fault === 'timeout' ? hang(request) : json(503, answer('500', 'Service unavailable'));
    }
    const authorization = request.headers.get('authorization') ?? '';
    const basic = authorization === `Basic ${btoa(`${REDE_STORE.pv}:${REDE_STORE.token}`)}`;
    if (!(basic && !this.oauthOnly) && !this.tokens.has(authorization.replace(/^Bearer /, '')))
      return json(401, answer('25', 'Unauthorized'));
    const text = request.method === 'GET' ? '' : await request.text();
    if (text) this.bodies.push(text);
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = '<<not JSON>>';
    }
    const problems = this.contract.checkRequest(matched, request.headers, body);
    if (problems.length > 0) return json(400, answer('26', problems.join('; ')));
    const params = { ...matched.params, ...Object.fromEntries(url.searchParams) };
    if (fault === 'late') {
      this.faults.delete(matched.op.id);
      this.late.push(() => {
        const [status, reply] = this.handle(matched.op.id, params, body as Record<string, never>);
        this.contract.checkResponse(matched.op, status, reply);
      });
      return hang(request);
    }
    const [status, reply] = this.handle(matched.op.id, params, body as Record<string, never>);
    this.contract.checkResponse(matched.op, status, reply);
    if (fault === 'lost') {
      this.faults.delete(matched.op.id);
      return hang(request);
    }
    return json(status, reply);
  };

  private async token(request: Request): Promise<Response> {
    const form = await request.formData();
    if (
      request.method !== 'POST' ||
      form.get('grant_type') !== 'client_credentials' ||
      request.headers.get('authorization') !== `Basic ${btoa(`${REDE_STORE.pv}:${REDE_STORE.token}`)}`
    )
      return json(401, { error: 'invalid_client' });
    const token = randomId(40);
    this.tokens.add(token);
    this.tokensIssued++;
    return json(200, { access_token: token, token_type: 'Bearer', expires_in: 1440 });
  }

  private handle(op: string, params: Record<string, string>, body: Record<string, never>): [number, unknown] {
    switch (op) {
      case 'transactions.create': {
        const b = body as unknown as {
          kind: 'credit' | 'debit';
          reference: string;
          amount: number;
          installments?: number;
          cardNumber: string;
          securityCode: string;
          expirationYear: number;
        };
        const approved =
          APPROVED_CARDS.includes(b.cardNumber) &&
          b.securityCode !== '000' &&
          b.expirationYear >= new Date().getFullYear();
        const tid = randomId(20, '0123456789');
        const tx: Tx = {
          tid,
          reference: b.reference,
          kind: b.kind,
          amount: b.amount,
          installments: b.installments ?? 1,
          status: !approved ? 'Denied' : b.kind === 'debit' ? 'Pending' : 'Approved',
          last4: b.cardNumber.slice(-4),
          authorizationCode: randomId(6, '0123456789'),
          captured: null,
          refunds: [],
        };
        this.transactions.set(tid, tx);
        const common = {
          reference: b.reference,
          tid,
          amount: b.amount,
          last4: tx.last4,
          cardBin: b.cardNumber.slice(0, 6),
          brand: { name: b.cardNumber.startsWith('4') ? 'Visa' : 'Mastercard' },
        };
        if (!approved) return [400, answer('58', 'Unauthorized. Contact issuer.', common)];
        if (b.kind === 'debit')
          return [
            200,
            answer('220', 'Transaction request with authentication received. Redirect URL sent', {
              ...common,
              threeDSecure: { url: `https://3ds.userede.test/challenge/${tid}` },
            }),
          ];
        return [
          200,
          answer('00', 'Success.', {
            ...common,
            authorizationCode: tx.authorizationCode,
            nsu: randomId(9, '0123456789'),
          }),
        ];
      }
      case 'transactions.get':
      case 'transactions.byReference': {
        const tx =
          op === 'transactions.get'
            ? this.transactions.get(params.tid!)
            : [...this.transactions.values()].find((t) => t.reference === params.reference);
        if (!tx) return [404, answer('78', 'Transaction does not exist.')];
        return [
          200,
          {
            authorization: {
              status: tx.status,
              tid: tx.tid,
              amount: tx.amount,
              last4: tx.last4,
              authorizationCode: tx.authorizationCode,
              kind: tx.kind,
              installments: tx.installments,
            },
            ...(tx.captured !== null
              ? { capture: { amount: tx.captured, nsu: randomId(9, '0123456789'), dateTime: new Date().toISOString() } }
              : {}),
            ...(tx.refunds.length ? { refunds: tx.refunds } : {}),
          },
        ];
      }
      case 'transactions.capture': {
        const tx = this.transactions.get(params.tid!);
        if (!tx) return [200, answer('78', 'Transaction does not exist.')];
        if (tx.status !== 'Approved' || tx.captured !== null)
          return [200, answer('79', 'Transaction cannot be captured.', { tid: tx.tid })];
        tx.captured = (body as unknown as { amount: number }).amount;
        return [200, answer('00', 'Success.', { tid: tx.tid, nsu: randomId(9, '0123456789') })];
      }
      case 'transactions.refund': {
        const tx = this.transactions.get(params.tid!);
        if (!tx || tx.status === 'Denied') return [200, answer('78', 'Transaction does not exist.')];
        const refund = {
          refundId: crypto.randomUUID(),
          status: 'Done',
          amount: (body as unknown as { amount: number }).amount,
        };
        tx.refunds.push(refund);
        tx.status = 'Canceled';
        return [
          201,
          answer('359', 'Refund successful.', {
            tid: tx.tid,
            refundId: refund.refundId,
            nsu: randomId(9, '0123456789'),
          }),
        ];
      }
      default:
        return [404, answer('404', 'Not found')];
    }
  }

  /** The shopper completes (or fails) the issuer's 3-D Secure page; a debit is captured by Rede on success. */
  authenticate(tid: string, ok: boolean): void {
    const tx = this.transactions.get(tid);
    if (!tx || tx.status !== 'Pending') throw new Error(`nothing to authenticate for ${tid}`);
    tx.status = ok ? 'Approved' : 'Denied';
    if (ok) tx.captured = tx.amount;
  }

  /** Captured minus refunded, in cents (the acquirer's ledger). */
  balanceCents(): number {
    let total = 0;
    for (const tx of this.transactions.values())
      total += (tx.captured ?? 0) - (tx.captured !== null ? tx.refunds.reduce((s, r) => s + r.amount, 0) : 0);
    return total;
  }
}
