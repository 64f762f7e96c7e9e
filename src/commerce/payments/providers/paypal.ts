import { DomainError } from '../../domain-error';
import { checkCard } from './card';
import { minutesFrom, NO_CARD, type PaymentProvider } from './types';

/** PayPal's sandbox limit per payment; above it create fails with PAYPAL_FAILED. */
export const PAYPAL_MAX_CENTS = 10_000_00;
export const PAYPAL_FAILED_MESSAGE = 'Não foi possível iniciar o pagamento com o PayPal. Use o cartão de crédito.';

/** The shopper approves on PayPal's page (here a local sandbox page), then the payment is captured. */
export const paypalApprovalPath = (reference: string) => `/checkout/paypal/${reference}`;

export function assertPaypalAvailable(amountCents: number, down: boolean): void {
  if (down || amountCents > PAYPAL_MAX_CENTS || amountCents <= 0)
    throw new DomainError('PAYPAL_FAILED', PAYPAL_FAILED_MESSAGE);
}

/**
 * PayPal (32): pending until approved on the approval page. PayPal card (43): the card is authorised
 * through PayPal at once, like rede.
 */
export const paypal: PaymentProvider = {
  name: 'paypal',
  async charge({ methodId, payment, now, config, reference, chargedCents }) {
    assertPaypalAvailable(chargedCents, config.paypalDown);
    if (methodId === 43) {
      const card = checkCard(payment, now);
      if (card.decline) return { outcome: 'declined', provider: 'paypal', message: card.decline };
      return { outcome: 'paid', provider: 'paypal', cardBrand: card.brand, cardLast4: card.last4 };
    }
    return {
      outcome: 'pending',
      provider: 'paypal',
      expiresAt: minutesFrom(now, config.stepTtlMinutes),
      actionPath: paypalApprovalPath(reference),
      ...NO_CARD,
    };
  },
};
