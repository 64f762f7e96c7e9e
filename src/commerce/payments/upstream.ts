import type { z } from 'zod';
import {
  CardServiceResponseSchema,
  InstallmentsResponseSchema,
  PaymentMethodsResponseSchema,
  PaypalCreateResponseSchema,
} from '../../contracts/checkout';
import { SandboxActionResultSchema, SandboxPaymentViewSchema } from '../../contracts/payments-sandbox';
import { RefundPayoutSchema } from '../../contracts/refund-payout';
import { DomainError } from '../domain-error';
import type { PaymentsPort } from './embedded';
import type { UpstreamSend } from '../upstream-http';
import { ORDER_LOOKUP_MESSAGES } from '../../lib/messages/orders';

/** The payment calls against the upstream API (same paths as our /api), answers parsed with the contract. */
export function upstreamPayments(send: UpstreamSend): PaymentsPort {
  const get = <T>(path: string, schema: z.ZodType<T>) => send('GET', path, schema);
  return {
    cardService: () => send('POST', '/credit-card-service', CardServiceResponseSchema, {}),
    paypalCreate: (input) => send('POST', '/paypal/create', PaypalCreateResponseSchema, input),
    installments: (total) => get(`/installments?total=${total}`, InstallmentsResponseSchema),
    paymentMethods: () => get('/payment-methods', PaymentMethodsResponseSchema),
    paymentStep: (reference) => get(`/payments/sandbox/${encodeURIComponent(reference)}`, SandboxPaymentViewSchema),
    paymentAction: (input) => send('POST', '/payments/sandbox', SandboxActionResultSchema, input),
    // The upstream store gives its providers its own return URLs: nothing of ours to settle here.
    paymentReturn: () => Promise.reject(new DomainError('NOT_FOUND', ORDER_LOOKUP_MESSAGES.paymentNotFound)),
    paymentReturnState: () => Promise.reject(new DomainError('NOT_FOUND', ORDER_LOOKUP_MESSAGES.paymentNotFound)),
    // A boleto refund by transfer is the upstream store's (its boleto provider): read and given through its JSON API.
    refundPayout: (orderId) =>
      get(`/orders/${orderId}/refund-bank-details`, RefundPayoutSchema).catch((error: unknown) => {
        if (error instanceof DomainError && (error.code === 'NOT_FOUND' || error.code === 'UNAUTHENTICATED'))
          return null;
        throw error;
      }),
    giveRefundBank: (orderId, input) =>
      send('PUT', `/orders/${orderId}/refund-bank-details`, RefundPayoutSchema, input),
  };
}
