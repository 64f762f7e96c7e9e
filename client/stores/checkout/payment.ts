import { batch } from '@preact/signals-core';
import type { PaymentMethodName } from '../../../src/contracts/checkout';
import { paypalStep } from './paypal';
import { methodId } from './methods';
import type { CheckoutState } from './state';
import type { CardService, CheckoutDeps } from './types';

/** The payment step: the card service, the method and installments, and the PayPal payment finish-order claims. */
export function paymentActions(s: CheckoutState, deps: CheckoutDeps) {
  /** The customer the card service was loaded for. */
  let cardServiceFor: number | null = null;

  function setCardService(next: CardService) {
    batch(() => {
      s.cardService.value = next;
      if (s.paymentMethod.value === 'credit-card')
        s.payment.value = { ...s.payment.value, paymentMethodId: methodId('credit-card', next) };
    });
  }

  return {
    setCardService,
    createPaypal: paypalStep(s, deps, setCardService),
    /**
     * Checkout start: the card service is loaded for a known customer (spec §4), once per customer
     * (the mount and the session effect both start it: without the guard, two POSTs /api/credit-card-service).
     */
    async start(): Promise<void> {
      if (s.customerId.value === null || cardServiceFor === s.customerId.value) return;
      cardServiceFor = s.customerId.value;
      try {
        setCardService(await deps.api.cardService());
      } catch {
        setCardService('rede');
      }
    },
    selectMethod(name: PaymentMethodName) {
      batch(() => {
        s.notice.value = null;
        s.paymentMethod.value = name;
        s.payment.value = { paymentMethodId: methodId(name, s.cardService.value), installmentNumber: 1 };
      });
      s.changed();
    },
    setInstallments(n: number) {
      s.payment.value = { ...s.payment.value, installmentNumber: Math.max(1, Math.trunc(n)) };
      s.changed();
    },
  };
}
