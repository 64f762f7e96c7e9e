import { checkCard } from './card';
import { minutesFrom, type PaymentProvider } from './types';

export const challengePath = (reference: string) => `/checkout/3ds/${reference}`;
/** The sandbox issuer's one-time code for the 3-D Secure step. */
export const SANDBOX_3DS_CODE = '1234';

/** Debit (31): the issuer authorises the card, then the shopper must pass a 3-D-Secure-like challenge. */
export const debit: PaymentProvider = {
  name: 'debit',
  async charge({ payment, now, reference, config }) {
    const card = checkCard(payment, now);
    if (card.decline) return { outcome: 'declined', provider: 'debit', message: card.decline };
    return {
      outcome: 'pending',
      provider: 'debit',
      expiresAt: minutesFrom(now, Math.min(15, config.stepTtlMinutes)),
      actionPath: challengePath(reference),
      cardBrand: card.brand,
      cardLast4: card.last4,
    };
  },
};
