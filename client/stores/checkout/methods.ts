import type { PaymentMethodId, PaymentMethodName } from '../../../src/contracts/checkout';
import { PAYMENT_METHOD_IDS } from '../../../src/lib/payments/payment-methods';
import type { CardService } from './types';

/** The method id for a chosen method: credit card is the PayPal card one when the card service is PayPal. */
export function methodId(name: PaymentMethodName, service: CardService): PaymentMethodId {
  if (name === 'credit-card')
    return service === 'paypal' ? PAYMENT_METHOD_IDS['credit-card-paypal'] : PAYMENT_METHOD_IDS['credit-card'];
  return PAYMENT_METHOD_IDS[name];
}
