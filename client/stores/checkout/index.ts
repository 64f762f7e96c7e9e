import { computed, type ReadonlySignal } from '@preact/signals-core';
import type { Cart } from '../../../src/contracts/cart';
import type { PaymentMethodName } from '../../../src/contracts/checkout';
import type { OmnichannelResponse } from '../../../src/contracts/shipping';
import type { GuestConsumer } from '../../../src/lib/customer/guest';
import { bagActions } from './bag';
import { finishActions } from './finish';
import { paymentActions } from './payment';
import { shippingActions } from './shipping';
import { checkoutState } from './state';
import {
  STEPS,
  type AddressChoice,
  type CardService,
  type CheckoutDeps,
  type CheckoutInit,
  type LoadingKey,
  type PaymentState,
  type ShippingInformation,
} from './types';

export { bagChangedTotal, PaypalFallback, StockError } from './errors';
export { methodId } from './methods';
export type { GuestConsumer };
export { guestErrors } from '../../../src/lib/customer/guest';
export {
  STEPS,
  type AddressChoice,
  type CardData,
  type CardService,
  type CheckoutApi,
  type CheckoutDeps,
  type CheckoutInit,
  type LoadingKey,
  type NewAddress,
  type PaymentState,
  type PaypalCreateAnswer,
  type ShippingInformation,
} from './types';

/**
 * The checkout model (spec §4 "Checkout"): numeric step, payment, shipping selection, identification
 * and the cart as the checkout sees it. Reads are signals; writes go through actions, one module per
 * concern (bag, shipping, payment, finish) over the shared state (`state.ts`). The HTTP calls are
 * injected (`CheckoutApi`), so the rules run in node tests with a fake.
 */
export function createCheckoutStore(init: CheckoutInit, deps: CheckoutDeps) {
  const s = checkoutState(init, deps);
  const bag = bagActions(s, deps);
  const payment = paymentActions(s, deps);
  const shipping = shippingActions(s, deps, bag.refreshCart);
  const { createPaypal, ...paymentPublic } = payment;
  const finish = finishActions(s, deps, { createPaypal, refreshCart: bag.refreshCart });

  return {
    step: s.step as ReadonlySignal<number>,
    /** The method chosen until the shopper picks one (and for an order no longer paid in full by coupon). */
    defaultMethod: s.defaultMethod,
    cardService: s.cardService as ReadonlySignal<CardService>,
    paymentMethod: s.paymentMethod as ReadonlySignal<PaymentMethodName>,
    payment: s.payment as ReadonlySignal<PaymentState>,
    shipping: s.shipping as ReadonlySignal<ShippingInformation[]>,
    shippingCents: s.shippingCents,
    shippingCharged: s.shippingCharged,
    total: s.total,
    address: s.address as ReadonlySignal<AddressChoice | null>,
    pickup: s.pickup as ReadonlySignal<boolean>,
    receiverStore: s.receiverStore as ReadonlySignal<string | null>,
    cart: s.cart as ReadonlySignal<Cart | null>,
    customerId: s.customerId as ReadonlySignal<number | null>,
    guest: s.guest as ReadonlySignal<GuestConsumer | null>,
    options: s.options as ReadonlySignal<OmnichannelResponse | null>,
    /** The CEP (digits) `options` were quoted for: the delivery step tells a CEP edited since from the quoted one. */
    quotedZip: s.optionsZip as ReadonlySignal<string | null>,
    loading: s.loading as ReadonlySignal<Record<LoadingKey, boolean>>,
    finishing: s.finishing as ReadonlySignal<boolean>,
    notice: s.notice as ReadonlySignal<string | null>,
    /** Spec §4: busy while cart, coupon, seller coupon, cashback, shipping or validation is loading. */
    busy: computed(() => Object.values(s.loading.value).some(Boolean)),

    goToStep(n: number) {
      if (n >= 0 && n < STEPS.length) s.step.value = n;
    },
    /** Leaving the checkout (back to the cart): everything chosen here is reset (spec §4). */
    goBack: s.reset,
    reset: s.reset,
    ...paymentPublic,
    ...bag,
    ...shipping,
    ...finish,
  };
}

export type CheckoutStore = ReturnType<typeof createCheckoutStore>;
