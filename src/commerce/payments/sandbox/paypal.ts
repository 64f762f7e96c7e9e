import { DomainError } from '../../domain-error';

/** PayPal's sandbox limit per payment; above it create fails with PAYPAL_FAILED. */
export const PAYPAL_MAX_CENTS = 10_000_00;
export const PAYPAL_FAILED_MESSAGE = 'Não foi possível iniciar o pagamento com o PayPal. Use o cartão de crédito.';

/** The shopper approves on PayPal's page (in the sandbox a local page), then the payment is captured. */
export const paypalApprovalPath = (reference: string) => `/checkout/paypal/${reference}`;

export function assertPaypalAvailable(amountCents: number, down: boolean): void {
  if (down || amountCents > PAYPAL_MAX_CENTS || amountCents <= 0)
    throw new DomainError('PAYPAL_FAILED', PAYPAL_FAILED_MESSAGE);
}
