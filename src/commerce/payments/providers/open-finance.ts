import { minutesFrom, NO_CARD, type PaymentProvider } from './types';

export const consentPath = (reference: string) => `/checkout/open-finance/${reference}`;

/** Open finance (53): redirect to the bank's consent page; paid when the shopper authorises it there. */
export const openFinance: PaymentProvider = {
  name: 'open-finance',
  async charge({ now, reference, config }) {
    return {
      outcome: 'pending',
      provider: 'open-finance',
      expiresAt: minutesFrom(now, config.stepTtlMinutes),
      actionPath: consentPath(reference),
      ...NO_CARD,
    };
  },
};
