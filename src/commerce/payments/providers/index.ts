import type { PaymentMethodId } from '../../../contracts/checkout';
import { boleto } from './boleto';
import { debit } from './debit';
import { openFinance } from './open-finance';
import { paypal } from './paypal';
import { pix } from './pix';
import { rede } from './rede';
import { NO_CARD, type PaymentProvider } from './types';

/** Coupon (26): nothing to charge (the total is 0). */
const coupon: PaymentProvider = {
  name: 'coupon',
  charge: async () => ({ outcome: 'paid', provider: 'coupon', ...NO_CARD }),
};

/** One provider per payment method id (spec §3 table). A real provider is a new file here. */
export const PROVIDERS: Record<PaymentMethodId, PaymentProvider> = {
  1: rede,
  43: paypal,
  26: coupon,
  31: debit,
  6: boleto,
  32: paypal,
  47: pix,
  53: openFinance,
};
