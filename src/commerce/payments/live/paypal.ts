import { centsToDecimal, decimalToCents } from '../../../lib/format/money';
import { expectOk } from './http';
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
 * PayPal through Orders v2 (`openapi/checkout_orders_v2.json`): create (intent CAPTURE, BRL), the
 * shopper approves at PayPal (`payer-action`/`approve` link), we capture once our orders exist;
 * refunds through Payments v2 (`payments_payment_v2.json`); webhooks are trusted only after
 * Notifications v1 `verify-webhook-signature` answers SUCCESS, and even then the order is re-read.
 */
export interface PaypalConfig {
  /** `https://api-m.paypal.com` (live) or `https://api-m.sandbox.paypal.com`. */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** The id PayPal gave the webhook registered for `/api/webhooks/paypal`. */
  webhookId: string;
  brandName: string;
  timeoutMs: number;
  fetch: FetchLike;
}

export const PAYPAL_ORDER_ID = /^[A-Z0-9]{1,36}$/;

interface Link {
  href?: string;
  rel?: string;
}
interface Order {
  id?: string;
  status?: string;
  links?: Link[];
  purchase_units?: {
    amount?: { value?: string; currency_code?: string };
    payments?: { captures?: { id?: string; status?: string; amount?: { value?: string } }[] };
  }[];
}

export function orderState(order: Order): ChargeState {
  const captures = (order.purchase_units ?? []).flatMap((u) => u.payments?.captures ?? []);
  const done = captures.filter((c) => c.status === 'COMPLETED' && typeof c.id === 'string');
  const refunded = captures.some((c) => c.status === 'REFUNDED' || c.status === 'PARTIALLY_REFUNDED');
  const declined = captures.some((c) => c.status === 'DECLINED' || c.status === 'FAILED');
  let status: ChargeState['status'];
  switch (order.status) {
    case 'COMPLETED':
      status = done.length > 0 ? 'paid' : refunded ? 'refunded' : declined ? 'failed' : 'pending';
      break;
    case 'APPROVED':
      status = 'authorized';
      break;
    case 'VOIDED':
      status = 'cancelled';
      break;
    default:
      status = 'pending';
  }
  const approve = order.links?.find((l) => l.rel === 'payer-action') ?? order.links?.find((l) => l.rel === 'approve');
  const receipts = done.map((c) => ({ id: c.id!, amountCents: decimalToCents(c.amount?.value) ?? 0 }));
  return {
    providerRef: order.id ?? '',
    status,
    amountCents:
      status === 'paid'
        ? receipts.reduce((sum, r) => sum + r.amountCents, 0)
        : decimalToCents(order.purchase_units?.[0]?.amount?.value),
    actionUrl: approve?.href,
    receipts,
  };
}

/** A Payments v2 refund's status: PENDING stays pending until PayPal says COMPLETED (or CANCELLED/FAILED). */
const refundStatus = (status: string | undefined): 'pending' | 'done' | 'failed' =>
  status === 'COMPLETED' ? 'done' : status === 'PENDING' ? 'pending' : 'failed';

const SIGNATURE_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

export function paypalProvider(config: PaypalConfig): LiveProvider {
  const call = oauthClient({
    provider: 'paypal',
    apiUrl: config.apiUrl,
    tokenUrl: '/v1/oauth2/token',
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    timeoutMs: config.timeoutMs,
    fetch: config.fetch,
  });

  async function getOrder(id: string): Promise<Order> {
    if (!PAYPAL_ORDER_ID.test(id)) throw new ProviderError('paypal', 'invalid order id', 404, true);
    return expectOk('paypal', await call('GET', `/v2/checkout/orders/${id}`), 'GET order') as Order;
  }

  return {
    name: 'paypal',
    kind: 'paypal',
    async createCharge(input: ChargeInput) {
      if (input.kind !== 'paypal') throw new TypeError('paypal provider: wrong charge kind');
      const unit: Record<string, unknown> = {
        reference_id: input.reference,
        custom_id: input.reference,
        amount: { currency_code: 'BRL', value: centsToDecimal(input.amountCents) },
      };
      const body = {
        intent: 'CAPTURE',
        purchase_units: [unit],
        payment_source: {
          paypal: {
            experience_context: {
              brand_name: config.brandName,
              locale: 'pt-BR',
              shipping_preference: 'NO_SHIPPING',
              user_action: 'PAY_NOW',
              return_url: input.returnUrl,
              cancel_url: input.cancelUrl,
            },
          },
        },
      };
      // PayPal-Request-Id makes a retried create return the same order instead of a second one.
      const reply = await call('POST', '/v2/checkout/orders', body, {
        'paypal-request-id': `create-${input.reference}`,
        prefer: 'return=representation',
      });
      const state = orderState(expectOk('paypal', reply, 'create order') as Order);
      if (!state.providerRef || !state.actionUrl)
        throw new ProviderError('paypal', 'create order: no id or approval link', reply.status);
      return state;
    },
    async getCharge(id) {
      return orderState(await getOrder(id));
    },
    async capture(id) {
      if (!PAYPAL_ORDER_ID.test(id)) throw new ProviderError('paypal', 'invalid order id', 404, true);
      const reply = await call(
        'POST',
        `/v2/checkout/orders/${id}/capture`,
        {},
        {
          'paypal-request-id': `capture-${id}`,
          prefer: 'return=representation',
        },
      );
      // Already captured (a retry after a lost answer): the order itself says what happened.
      if (reply.status === 422) return orderState(await getOrder(id));
      return orderState(expectOk('paypal', reply, 'capture') as Order);
    },
    async void() {
      // An uncaptured CAPTURE-intent order cannot be voided through Orders v2; unapproved it lapses
      // by itself, and we never capture one whose payment we gave up.
    },
    async refund({ receiptId, refundId, amountCents }) {
      const reply = await call(
        'POST',
        `/v2/payments/captures/${encodeURIComponent(receiptId)}/refund`,
        { amount: { currency_code: 'BRL', value: centsToDecimal(amountCents) } },
        { 'paypal-request-id': `refund-${refundId}`, prefer: 'return=representation' },
      );
      const body = expectOk('paypal', reply, 'refund') as { id?: string; status?: string };
      return { providerRefundId: body.id ?? refundId, status: refundStatus(body.status) };
    },
    async getRefund({ providerRefundId }) {
      if (!PAYPAL_ORDER_ID.test(providerRefundId)) throw new ProviderError('paypal', 'invalid refund id', 404, true);
      const reply = await call('GET', `/v2/payments/refunds/${providerRefundId}`);
      const body = expectOk('paypal', reply, 'GET refund') as { id?: string; status?: string };
      return { providerRefundId: body.id ?? providerRefundId, status: refundStatus(body.status) };
    },
    async verifyWebhook(request): Promise<WebhookVerdict> {
      const headers: Record<string, string> = {};
      for (const [field, header] of Object.entries(SIGNATURE_HEADERS)) {
        const value = request.headers.get(header);
        if (!value) return { ok: false, status: 401, reason: `cabeçalho ${header} ausente` };
        headers[field] = value;
      }
      const event = (await request.json().catch(() => null)) as {
        id?: unknown;
        resource_type?: unknown;
        resource?: { id?: unknown; supplementary_data?: { related_ids?: { order_id?: unknown } } };
      } | null;
      if (!event || typeof event.id !== 'string' || !event.resource)
        return { ok: false, status: 400, reason: 'evento sem id ou recurso' };
      const verdict = expectOk(
        'paypal',
        await call('POST', '/v1/notifications/verify-webhook-signature', {
          ...headers,
          webhook_id: config.webhookId,
          webhook_event: event,
        }),
        'verify-webhook-signature',
      ) as { verification_status?: string };
      if (verdict.verification_status !== 'SUCCESS') return { ok: false, status: 401, reason: 'assinatura inválida' };
      const orderId =
        event.resource_type === 'checkout-order'
          ? event.resource.id
          : event.resource.supplementary_data?.related_ids?.order_id;
      // A genuine event about something that is not an order of ours (e.g. a dispute): acknowledged, nothing to do.
      if (typeof orderId !== 'string') return { ok: true, events: [] };
      try {
        return { ok: true, events: [{ eventId: event.id, state: orderState(await getOrder(orderId)) }] };
      } catch (error) {
        if (error instanceof ProviderError && error.notFound)
          return { ok: false, status: 404, reason: `pedido PayPal ${orderId} desconhecido` };
        throw error;
      }
    },
  };
}
