import { batch } from '@preact/signals-core';
import type { Cart } from '../../../src/contracts/cart';
import { PAYMENT_METHOD_IDS } from '../../../src/lib/payments/payment-methods';
import { PaypalFallback, paypalFailure } from './errors';
import type { CheckoutState } from './state';
import type { CardService, CheckoutDeps } from './types';

export function paypalStep(s: CheckoutState, deps: CheckoutDeps, setCardService: (next: CardService) => void) {
  /**
   * The PayPal wallet and the PayPal card first create the PayPal payment that finish-order claims. Its
   * answer must carry the approval link ('Approval URL not found', spec §5). `PAYPAL_FAILED` switches
   * the card service to rede and the payment to 1 (spec §4): the PayPal card then goes on with rede;
   * a PayPal wallet order needs the shopper's card first (`PaypalFallback`).
   */
  return async function createPaypal(c: Cart): Promise<string | undefined> {
    const method = s.payment.value.paymentMethodId;
    if (method !== PAYMENT_METHOD_IDS.paypal && method !== PAYMENT_METHOD_IDS['credit-card-paypal']) return undefined;
    const created = await deps.api
      .paypalCreate({
        customerId: s.customerId.value,
        cartId: c.cartId,
        // The server adds this to the goods: the charged shipping, so PayPal's amount is the order's total.
        shipping: s.shippingCharged.value,
        payment: s.payment.value,
      })
      .catch((error: unknown) => paypalFailure(error));
    if ('paypal' in created) {
      if (!created.paypal.links.some((l) => l.rel === 'approval_url' && l.href))
        throw new Error('Approval URL not found');
      return created.paypal.id;
    }
    if (created.error_type !== 'PAYPAL_FAILED') throw new Error(created.error);
    batch(() => {
      setCardService('rede');
      s.paymentMethod.value = 'credit-card';
      s.payment.value = {
        paymentMethodId: PAYMENT_METHOD_IDS['credit-card'],
        installmentNumber: method === PAYMENT_METHOD_IDS.paypal ? 1 : s.payment.value.installmentNumber,
      };
    });
    s.changed();
    if (method === PAYMENT_METHOD_IDS.paypal) {
      const fallback = new PaypalFallback();
      s.notice.value = fallback.message;
      throw fallback;
    }
    return undefined;
  };
}
