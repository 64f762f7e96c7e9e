import type { z } from 'zod';
import {
  CardServiceResponseSchema,
  InstallmentsResponseSchema,
  PaymentMethodsResponseSchema,
  PaypalCreateResponseSchema,
} from '../../contracts/checkout';
import { SandboxActionResultSchema, SandboxPaymentViewSchema } from '../../contracts/payments-sandbox';
import { DomainError } from '../domain-error';
import type { PaymentsPort } from './embedded';
import type { UpstreamSend } from '../upstream-http';

/** The payment calls against the upstream API (same paths as our /api), answers parsed with the contract. */
export function upstreamPayments(
  send: UpstreamSend,
): PaymentsPort {
  const get = <T>(path: string, schema: z.ZodType<T>) => send('GET', path, schema);
  return {
    cardService: () => send('POST', '/credit-card-service', CardServiceResponseSchema, {}),
    paypalCreate: (input) => send('POST', '/paypal/create', PaypalCreateResponseSchema, input),
    installments: (total) => get(`/installments?total=${total}`, InstallmentsResponseSchema),
    paymentMethods: () => get('/payment-methods', PaymentMethodsResponseSchema),
    paymentStep: (reference) => get(`/payments/sandbox/${encodeURIComponent(reference)}`, SandboxPaymentViewSchema),
    paymentAction: (input) => send('POST', '/payments/sandbox', SandboxActionResultSchema, input),
    // The upstream store gives its providers its own return URLs: nothing of ours to settle here.
    paymentReturn: () => Promise.reject(new DomainError('NOT_FOUND', 'Pagamento não encontrado.')),
    paymentReturnState: () => Promise.reject(new DomainError('NOT_FOUND', 'Pagamento não encontrado.')),
    // Refunds by transfer are the embedded store's (its boleto provider); the upstream's account area has its own.
    refundPayout: () => Promise.resolve(null),
    giveRefundBank: () =>
      Promise.reject(new DomainError('NOT_FOUND', 'Este pedido não tem reembolso por transferência.')),
  };
}
