import { batch, computed, signal } from '@preact/signals-core';
import type { Cart } from '../../../src/contracts/cart';
import type { PaymentMethodName } from '../../../src/contracts/checkout';
import type { OmnichannelResponse } from '../../../src/contracts/shipping';
import type { GuestConsumer } from '../../../src/lib/customer/guest';
import { orderTotal, shippingTotal } from '../../../src/lib/checkout/order-total';
import { methodId } from './methods';
import type {
  AddressChoice,
  CardService,
  CheckoutDeps,
  CheckoutInit,
  LoadingKey,
  PaymentState,
  ShippingInformation,
} from './types';

/**
 * The checkout's signals and the few moves every concern makes on them (loading flags, a new attempt, a
 * reset). The concerns (payment.ts, shipping.ts, bag.ts, finish.ts) each take this state; `index.ts` puts
 * their actions together as the store.
 */
export function checkoutState(init: CheckoutInit, deps: Pick<CheckoutDeps, 'newKey'>) {
  const step = signal(0);
  const cardService = signal<CardService>('rede');
  /** The default method is only ever one the store offers (credit card when nothing is said). */
  const defaultMethod: PaymentMethodName = init.methods ? (init.methods[0] ?? 'coupon') : 'credit-card';
  const defaultPayment = (): PaymentState => ({
    paymentMethodId: methodId(defaultMethod, cardService.value),
    installmentNumber: 1,
  });
  const paymentMethod = signal<PaymentMethodName>(defaultMethod);
  const payment = signal<PaymentState>(defaultPayment());
  const shipping = signal<ShippingInformation[]>([]);
  const address = signal<AddressChoice | null>(null);
  const pickup = signal(false);
  const receiverStore = signal<string | null>(null);
  const cart = signal<Cart | null>(init.cart);
  const customerId = signal<number | null>(init.customerId);
  const guest = signal<GuestConsumer | null>(null);
  const options = signal<OmnichannelResponse | null>(null);
  /** The CEP (digits) the options were quoted for. */
  const optionsZip = signal<string | null>(null);
  const loading = signal<Record<LoadingKey, boolean>>({
    cart: false,
    coupon: false,
    sellerCoupon: false,
    cashback: false,
    shipping: false,
    validation: false,
  });
  const finishing = signal(false);
  /** Why the checkout changed the shopper's choice on its own (PayPal fallback), shown on the payment step. */
  const notice = signal<string | null>(null);
  let attemptKey: string | null = null;

  const setLoading = (key: LoadingKey, value: boolean) => {
    loading.value = { ...loading.value, [key]: value };
  };
  async function whileLoading<T>(key: LoadingKey, run: () => Promise<T>): Promise<T> {
    setLoading(key, true);
    try {
      return await run();
    } finally {
      setLoading(key, false);
    }
  }
  // Whatever changes what would be ordered makes the next finish a new attempt.
  const changed = () => {
    attemptKey = null;
  };
  /** The chosen options' prices as quoted: what the cart is priced with and finish-order is told. */
  const shippingCents = computed(() => shipping.value.reduce((sum, s) => sum + s.selectedOption.price, 0));
  /** What the shopper pays for shipping: an option the cart's coupon or seller code makes free costs nothing. */
  const shippingCharged = computed(() => {
    const c = cart.value;
    const chosen = shipping.value.map((s) => s.selectedOption);
    return c ? shippingTotal(chosen, c) : shippingCents.value;
  });
  /** The order's total as Revisão shows it and finish-order prices it (before installment interest). */
  const total = computed(() => {
    const c = cart.value;
    return c
      ? orderTotal(
          c,
          shipping.value.map((s) => s.selectedOption),
        )
      : 0;
  });

  /** No options, no selection: nothing quoted stands (a new CEP, a refused quote). */
  function dropOptions() {
    batch(() => {
      optionsZip.value = null;
      options.value = null;
      shipping.value = [];
      pickup.value = false;
      receiverStore.value = null;
    });
  }

  function reset() {
    batch(() => {
      step.value = 0;
      shipping.value = [];
      payment.value = defaultPayment();
      address.value = null;
      pickup.value = false;
      receiverStore.value = null;
      cart.value = null;
      options.value = null;
      paymentMethod.value = defaultMethod;
      optionsZip.value = null;
    });
    changed();
  }

  return {
    step,
    cardService,
    defaultMethod,
    paymentMethod,
    payment,
    shipping,
    address,
    pickup,
    receiverStore,
    cart,
    customerId,
    guest,
    options,
    optionsZip,
    loading,
    finishing,
    notice,
    shippingCents,
    shippingCharged,
    total,
    whileLoading,
    changed,
    /** This attempt's idempotency key: the same for a retry until something changes what would be ordered. */
    attemptKey: () => (attemptKey ??= deps.newKey()),
    dropOptions,
    reset,
  };
}

export type CheckoutState = ReturnType<typeof checkoutState>;
