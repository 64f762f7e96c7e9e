import type { PaymentProvider } from './types';
import { checkCard } from './card';

/** Rede credit-card authorisation sandbox (method 1): approves or declines at once, captures on approval. */
export const rede: PaymentProvider = {
  name: 'rede',
  async charge({ payment, now }) {
    const card = checkCard(payment, now);
    if (card.decline) return { outcome: 'declined', provider: 'rede', message: card.decline };
    return { outcome: 'paid', provider: 'rede', cardBrand: card.brand, cardLast4: card.last4 };
  },
};
