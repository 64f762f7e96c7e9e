import { pixPayload } from '../../../lib/pix';
import { minutesFrom, NO_CARD, type PaymentProvider } from './types';

/** Pix (47): a BR Code "copia e cola" for the total with our reference as txid; expires unpaid. */
export const pix: PaymentProvider = {
  name: 'pix',
  async charge({ chargedCents, reference, now, config }) {
    const payload = pixPayload({
      key: config.pix.key,
      amountCents: chargedCents,
      merchantName: config.pix.merchantName,
      merchantCity: config.pix.merchantCity,
      txid: reference,
    });
    return {
      outcome: 'pending',
      provider: 'pix',
      expiresAt: minutesFrom(now, config.pix.ttlMinutes),
      pix: { payload, txid: reference },
      ...NO_CARD,
    };
  },
};
