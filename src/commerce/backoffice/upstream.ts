import {
  BackofficeExchangeSchema,
  BackofficeExchangesPageSchema,
  BackofficeOrderDetailSchema,
  BackofficeOrderPaymentSchema,
  BackofficeOrdersPageSchema,
  OperatorSchema,
} from '../../contracts/backoffice';
import type { UpstreamSend } from '../upstream-http';
import type { BackofficePort } from './port';

const query = (q: { status?: string; q?: string; page: number }) =>
  `?${new URLSearchParams({ ...(q.status ? { status: q.status } : {}), ...(q.q ? { q: q.q } : {}), page: String(q.page) })}`;

/** The back office against the upstream API (same paths as our /api/backoffice), answers parsed with the contract. */
export function upstreamBackoffice(send: UpstreamSend): BackofficePort {
  const id = (n: number) => encodeURIComponent(String(n));
  return {
    backofficeOperator: () => send('GET', '/backoffice/me', OperatorSchema),
    backofficeOrders: (q) => send('GET', `/backoffice/orders${query(q)}`, BackofficeOrdersPageSchema),
    backofficeOrder: (n) => send('GET', `/backoffice/orders/${id(n)}`, BackofficeOrderDetailSchema),
    backofficeOrderStatus: (n, input) =>
      send('POST', `/backoffice/orders/${id(n)}/status`, BackofficeOrderDetailSchema, input),
    backofficeOrderPayment: (n) => send('GET', `/backoffice/orders/${id(n)}/payment`, BackofficeOrderPaymentSchema),
    backofficeCheckOrderPayment: (n) =>
      send('POST', `/backoffice/orders/${id(n)}/payment/check`, BackofficeOrderPaymentSchema, {}),
    backofficeRefundPaidOut: (n, refundId) =>
      send('POST', `/backoffice/orders/${id(n)}/refunds/${id(refundId)}/paid-out`, BackofficeOrderPaymentSchema, {}),
    backofficeExchanges: (q) => send('GET', `/backoffice/exchanges${query(q)}`, BackofficeExchangesPageSchema),
    backofficeExchangeStatus: (n, input) =>
      send('POST', `/backoffice/exchanges/${id(n)}/status`, BackofficeExchangeSchema, input),
  };
}
