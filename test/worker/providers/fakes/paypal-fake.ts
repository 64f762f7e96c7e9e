import orders from '../../../providers/schemas/paypal-orders.json' with { type: 'json' };
import payments from '../../../providers/schemas/paypal-payments.json' with { type: 'json' };
import webhooks from '../../../providers/schemas/paypal-webhooks.json' with { type: 'json' };
import { Contract, hang, json, randomId, type Fault, type Matched, type Subset } from './contract';

export const PAYPAL_BASE = 'https://api-m.paypal.test';
export const PAYPAL_CLIENT = { id: 'vitrine-paypal', secret: 'paypal-secret', webhookId: 'WH4X9PAYPAL' };

interface Capture {
  id: string;
  status: 'COMPLETED' | 'REFUNDED' | 'PARTIALLY_REFUNDED';
  amount: { currency_code: string; value: string };
  final_capture: boolean;
}
interface Order {
  id: string;
  intent: 'CAPTURE';
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  purchase_units: {
    reference_id: string;
    custom_id?: string;
    amount: { currency_code: string; value: string };
    payments?: { captures: Capture[] };
  }[];
  links: { href: string; rel: string; method: 'GET' | 'POST' }[];
}

const error = (name: string, message: string, issue?: string) => ({
  name,
  message,
  debug_id: randomId(13).toLowerCase(),
  ...(issue ? { details: [{ issue, description: message }] } : {}),
});

/**
 * An in-process PayPal: Orders v2, Payments v2 refunds and Notifications v1 signature verification,
 * each request checked against our subsets of the three official documents. It signs the webhook
 * events it emits; verify-webhook-signature answers SUCCESS only for those, unaltered.
 */
export class PaypalFake {
  readonly contracts = [
    new Contract(orders as Subset),
    new Contract(payments as Subset),
    new Contract(webhooks as Subset),
  ];
  readonly orders = new Map<string, Order>();
  readonly refunds: {
    id: string;
    captureId: string;
    value: string;
    requestId: string;
    status: 'PENDING' | 'COMPLETED' | 'FAILED';
  }[] = [];
  /** Every answer is this late (a slow PayPal); the request's abort still ends it. */
  delayMs = 0;
  /** How new refunds are answered: COMPLETED, or PENDING (an eCheck-funded capture, a held balance) until settled. */
  refundAnswer: 'COMPLETED' | 'PENDING' = 'COMPLETED';
  tokensIssued = 0;
  /** Every valid request received: its operation and PayPal-Request-Id (the fake's request log). */
  readonly log: { op: string; requestId: string | null }[] = [];
  private readonly tokens = new Set<string>();
  private readonly requestIds = new Map<string, [number, unknown]>();
  private readonly signed = new Map<string, string>();
  private faults = new Map<string, Fault | 'lost'>();

  get violations(): string[] {
    return this.contracts.flatMap((c) => c.violations);
  }

  /** `lost`: PayPal does it (and remembers its PayPal-Request-Id), and its answer never arrives. */
  failNext(opId: string, fault: Fault | 'lost'): void {
    this.faults.set(opId, fault);
  }

  private readonly during = new Map<string, () => Promise<void>>();
  /** The next call of `opId` is done at PayPal, then `work` runs before its answer arrives (a race with our side). */
  whileAnswering(opId: string, work: () => Promise<void>): void {
    this.during.set(opId, work);
  }

  readonly fetch = async (request: Request): Promise<Response> => {
    if (this.delayMs > 0)
      await Promise.race([new Promise((resolve) => setTimeout(resolve, this.delayMs)), hang(request)]);
    const url = new URL(request.url);
    if (url.origin !== PAYPAL_BASE) return json(404, error('RESOURCE_NOT_FOUND', 'no such host'));
    if (url.pathname === '/v1/oauth2/token') return this.token(request);
    let matched: Matched | null = null;
    let contract: Contract | undefined;
    for (const c of this.contracts)
      if ((matched = c.match(request.method, url.pathname))) {
        contract = c;
        break;
      }
    if (!matched || !contract) {
      this.contracts[0]!.violations.push(`unknown operation ${request.method} ${url.pathname}`);
      return json(404, error('RESOURCE_NOT_FOUND', 'The specified resource does not exist.'));
    }
    const fault = this.faults.get(matched.op.id);
    if (fault) this.faults.delete(matched.op.id);
    if (fault && fault !== 'lost') {
      if (fault === 'timeout') return hang(request);
      if (fault === 'refuse4xx')
        return json(
          422,
          error('UNPROCESSABLE_ENTITY', 'The requested action could not be performed.', 'PAYEE_ACCOUNT_RESTRICTED'),
        );
      return json(503, error('SERVICE_UNAVAILABLE', 'Service Unavailable.'));
    }
    if (!this.tokens.has((request.headers.get('authorization') ?? '').replace(/^Bearer /, '')))
      return json(401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
    const body = request.method === 'GET' ? undefined : await request.json().catch(() => '<<not JSON>>');
    const problems = contract.checkRequest(matched, request.headers, body);
    if (problems.length > 0)
      return json(400, error('INVALID_REQUEST', problems.join('; '), 'INVALID_PARAMETER_SYNTAX'));
    // PayPal-Request-Id: a retried POST gets the first answer back.
    const requestId = request.headers.get('paypal-request-id');
    this.log.push({ op: matched.op.id, requestId });
    const key = requestId ? `${matched.op.id}|${requestId}` : null;
    const [status, answer] =
      (key && this.requestIds.get(key)) || this.handle(matched.op.id, matched.params, body as never);
    if (key && status < 300) this.requestIds.set(key, [status, answer]);
    contract.checkResponse(matched.op, status, answer);
    if (fault === 'lost') return hang(request);
    const work = this.during.get(matched.op.id);
    if (work) {
      this.during.delete(matched.op.id);
      await work();
    }
    return json(status, answer);
  };

  private async token(request: Request): Promise<Response> {
    const fault = this.faults.get('token');
    if (fault) {
      this.faults.delete('token');
      if (fault === 'timeout') return hang(request);
      return json(503, { error: 'temporarily_unavailable' });
    }
    const form = await request.formData();
    if (
      form.get('grant_type') !== 'client_credentials' ||
      request.headers.get('authorization') !== `Basic ${btoa(`${PAYPAL_CLIENT.id}:${PAYPAL_CLIENT.secret}`)}`
    )
      return json(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    const token = `A21AA${randomId(40)}`;
    this.tokens.add(token);
    this.tokensIssued++;
    return json(200, {
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: 32400,
      nonce: randomId(20),
    });
  }

  private handle(op: string, params: Record<string, string>, body: Record<string, never>): [number, unknown] {
    switch (op) {
      case 'orders.create': {
        const b = body as unknown as { purchase_units: Order['purchase_units'] };
        const id = randomId(17);
        const order: Order = {
          id,
          intent: 'CAPTURE',
          status: 'PAYER_ACTION_REQUIRED',
          purchase_units: b.purchase_units.map((u) => ({
            reference_id: u.reference_id,
            custom_id: u.custom_id,
            amount: u.amount,
          })),
          links: [
            { href: `${PAYPAL_BASE}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
            { href: `https://www.paypal.test/checkoutnow?token=${id}`, rel: 'payer-action', method: 'GET' },
          ],
        };
        this.orders.set(id, order);
        return [200, order];
      }
      case 'orders.get': {
        const order = this.orders.get(params.id!);
        return order
          ? [200, order]
          : [404, error('RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID')];
      }
      case 'orders.capture': {
        const order = this.orders.get(params.id!);
        if (!order)
          return [404, error('RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID')];
        if (order.status === 'COMPLETED')
          return [422, error('UNPROCESSABLE_ENTITY', 'Order already captured.', 'ORDER_ALREADY_CAPTURED')];
        if (order.status !== 'APPROVED')
          return [
            422,
            error('UNPROCESSABLE_ENTITY', 'Payer has not yet approved the Order for payment.', 'ORDER_NOT_APPROVED'),
          ];
        order.status = 'COMPLETED';
        for (const unit of order.purchase_units)
          unit.payments = {
            captures: [{ id: randomId(17), status: 'COMPLETED', amount: unit.amount, final_capture: true }],
          };
        return [201, order];
      }
      case 'captures.refund': {
        const capture = [...this.orders.values()]
          .flatMap((o) => o.purchase_units.flatMap((u) => u.payments?.captures ?? []))
          .find((c) => c.id === params.capture_id);
        if (!capture)
          return [404, error('RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID')];
        const value = (body as unknown as { amount: { value: string } }).amount.value;
        const refund = { id: randomId(17), captureId: capture.id, value, requestId: '', status: this.refundAnswer };
        this.refunds.push(refund);
        capture.status = Number(value) >= Number(capture.amount.value) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
        return [201, { id: refund.id, status: refund.status, amount: { currency_code: 'BRL', value } }];
      }
      case 'refunds.get': {
        const refund = this.refunds.find((r) => r.id === params.refund_id);
        if (!refund)
          return [404, error('RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID')];
        return [200, { id: refund.id, status: refund.status, amount: { currency_code: 'BRL', value: refund.value } }];
      }
      case 'webhooks.verify': {
        const b = body as unknown as {
          transmission_id: string;
          transmission_sig: string;
          webhook_id: string;
          webhook_event: unknown;
        };
        const ok =
          b.webhook_id === PAYPAL_CLIENT.webhookId &&
          this.signed.get(b.transmission_id) === `${b.transmission_sig}|${JSON.stringify(b.webhook_event)}`;
        return [200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' }];
      }
      default:
        return [404, error('RESOURCE_NOT_FOUND', 'The specified resource does not exist.')];
    }
  }

  /** The shopper approves the order at PayPal. */
  approve(id: string): void {
    const order = this.orders.get(id);
    if (!order || order.status !== 'PAYER_ACTION_REQUIRED') throw new Error(`cannot approve ${id}`);
    order.status = 'APPROVED';
  }

  /** A signed webhook delivery about an order: headers + body, as PayPal would post it. */
  event(
    type: 'CHECKOUT.ORDER.APPROVED' | 'PAYMENT.CAPTURE.COMPLETED',
    orderId: string,
    eventId = `WH-${randomId(17)}`,
  ) {
    const order = this.orders.get(orderId);
    const capture = order?.purchase_units[0]?.payments?.captures[0];
    const body =
      type === 'CHECKOUT.ORDER.APPROVED'
        ? {
            id: eventId,
            create_time: new Date().toISOString(),
            resource_type: 'checkout-order',
            event_type: type,
            summary: 'An order has been approved by buyer',
            resource: { id: orderId, status: order?.status },
          }
        : {
            id: eventId,
            create_time: new Date().toISOString(),
            resource_type: 'capture',
            event_type: type,
            summary: 'Payment completed',
            resource: {
              id: capture?.id ?? 'UNKNOWN',
              status: 'COMPLETED',
              supplementary_data: { related_ids: { order_id: orderId } },
            },
          };
    const transmissionId = crypto.randomUUID();
    const signature = btoa(randomId(64));
    this.signed.set(transmissionId, `${signature}|${JSON.stringify(body)}`);
    const headers = {
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api-m.paypal.test/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270',
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-sig': signature,
      'paypal-transmission-time': new Date().toISOString(),
    };
    return { headers, body };
  }

  /** PayPal settles a refund it answered PENDING. */
  settleRefund(id: string, status: 'COMPLETED' | 'FAILED'): void {
    const refund = this.refunds.find((r) => r.id === id);
    if (!refund || refund.status !== 'PENDING') throw new Error(`no pending refund ${id}`);
    refund.status = status;
  }

  /** Captured minus refunded or being refunded (cents), from the fake's ledger. */
  balanceCents(): number {
    const cents = (v: string) => Math.round(Number(v) * 100);
    const captured = [...this.orders.values()]
      .flatMap((o) => o.purchase_units.flatMap((u) => u.payments?.captures ?? []))
      .reduce((s, c) => s + cents(c.amount.value), 0);
    return captured - this.refunds.filter((r) => r.status !== 'FAILED').reduce((s, r) => s + cents(r.value), 0);
  }
}
