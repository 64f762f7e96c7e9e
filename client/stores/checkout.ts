// Over 300 lines: the checkout store is one state machine (steps, shipping, payment, finish) whose signals must change together; split by step, its batches would cross files.
import { batch, computed, signal, type ReadonlySignal } from '@preact/signals-core';
import type { Cart } from '../../src/contracts/cart';
import { shipsFree } from '../../src/lib/cart';
import { normalizeCep } from '../../src/lib/cep';
import type {
  FinishOrderResult,
  PaymentMethodId,
  PaymentMethodName,
  ReviewedFinishOrder,
} from '../../src/contracts/checkout';
import { guestErrors, type GuestConsumer } from '../../src/lib/guest';
import { isCardMethod, PAYMENT_METHOD_IDS } from '../../src/lib/payment-methods';
import { bagFingerprint } from '../../src/lib/reviewed-bag';
import { CART_MESSAGES } from '../../src/lib/messages/cart';
import type { DeliveryOption, OmnichannelResponse } from '../../src/contracts/shipping';
import { bagChangedTotal, isTransient, PaypalFallback, paypalFailure, StockError } from './checkout-errors';
import {
  STEPS,
  type AddressChoice,
  type CardData,
  type CardService,
  type CheckoutDeps,
  type CheckoutInit,
  type LoadingKey,
  type PaymentState,
  type ShippingInformation,
} from './checkout-types';

export { bagChangedTotal, PaypalFallback, StockError } from './checkout-errors';
export type { GuestConsumer };
export { guestErrors };
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
} from './checkout-types';

/**
 * The checkout model (spec §4 "Checkout"): numeric step, payment, shipping selection, identification
 * and the cart as the checkout sees it. Reads are signals; writes go through actions. The HTTP calls
 * are injected (`CheckoutApi`), so the rules run in node tests with a fake.
 */
export function methodId(name: PaymentMethodName, service: CardService): PaymentMethodId {
  if (name === 'credit-card')
    return service === 'paypal' ? PAYMENT_METHOD_IDS['credit-card-paypal'] : PAYMENT_METHOD_IDS['credit-card'];
  return PAYMENT_METHOD_IDS[name];
}

export function createCheckoutStore(init: CheckoutInit, deps: CheckoutDeps) {
  const step = signal(0);
  const cardService = signal<CardService>('rede');
  /** The customer the card service was loaded for. */
  let cardServiceFor: number | null = null;
  /** Spec §5: the e-mail goes onto the cart only when there is one and it is not masked ('*'). Best effort. */
  const patchEmail = (email: string) => {
    const cartId = cart.value?.cartId;
    if (!cartId || !email || email.includes('*')) return;
    void deps.api.patchCartEmail({ email, cartId }).catch(() => undefined);
  };
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
  const shippingCents = computed(() => shipping.value.reduce((sum, s) => sum + s.selectedOption.price, 0));
  /**
   * The order's total as Revisão shows it and finish-order prices it (before installment interest):
   * goods after discounts and cashback, plus each package's shipping (free when the cart's codes make it so).
   */
  const total = computed(() => {
    const c = cart.value;
    if (!c) return 0;
    const ship = shipping.value.reduce(
      (sum, s) => sum + (shipsFree(s.selectedOption.type, c) ? 0 : s.selectedOption.price),
      0,
    );
    return Math.max(0, c.subtotal - c.discount - c.cashback_value + ship);
  });

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

  function setCardService(next: CardService) {
    batch(() => {
      cardService.value = next;
      if (paymentMethod.value === 'credit-card')
        payment.value = { ...payment.value, paymentMethodId: methodId('credit-card', next) };
    });
  }

  async function refreshCart(): Promise<Cart | null> {
    const id = cart.value?.cartId;
    if (!id) return null;
    const next = await whileLoading('cart', () =>
      deps.api.cart({
        cartId: id,
        installment: payment.value.installmentNumber,
        shipping: shippingCents.value,
        paymentMethodId: payment.value.paymentMethodId,
      }),
    );
    cart.value = next;
    deps.onCart?.(next);
    return next;
  }

  /** A coupon/seller/cashback call answers with the whole cart: take it as the new state. */
  async function cartCall(key: LoadingKey, run: (cartId: string) => Promise<Cart>): Promise<Cart> {
    const id = cart.value?.cartId;
    if (!id) throw new Error('no cart');
    const next = await whileLoading(key, () => run(id));
    cart.value = next;
    deps.onCart?.(next);
    changed();
    return next;
  }

  /**
   * The PayPal wallet and the PayPal card first create the PayPal payment that finish-order claims. Its
   * answer must carry the approval link ('Approval URL not found', spec §5). `PAYPAL_FAILED` switches
   * the card service to rede and the payment to 1 (spec §4): the PayPal card then goes on with rede;
   * a PayPal wallet order needs the shopper's card first (`PaypalFallback`).
   */
  async function createPaypal(c: Cart): Promise<string | undefined> {
    const method = payment.value.paymentMethodId;
    if (method !== PAYMENT_METHOD_IDS.paypal && method !== PAYMENT_METHOD_IDS['credit-card-paypal']) return undefined;
    const created = await deps.api
      .paypalCreate({
        customerId: customerId.value,
        cartId: c.cartId,
        shipping: shippingCents.value,
        payment: payment.value,
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
      paymentMethod.value = 'credit-card';
      payment.value = {
        paymentMethodId: PAYMENT_METHOD_IDS['credit-card'],
        installmentNumber: method === PAYMENT_METHOD_IDS.paypal ? 1 : payment.value.installmentNumber,
      };
    });
    changed();
    if (method === PAYMENT_METHOD_IDS.paypal) {
      const fallback = new PaypalFallback();
      notice.value = fallback.message;
      throw fallback;
    }
    return undefined;
  }

  function finishBody(card: CardData | null, payload: PaymentState, paypalPaymentId?: string): ReviewedFinishOrder {
    const c = cart.value!;
    const a = address.value;
    const isCard = isCardMethod(payload.paymentMethodId);
    const g = guest.value;
    return {
      customerId: customerId.value,
      cartId: c.cartId,
      shippingInfo: {
        store: receiverStore.value ?? shipping.value[0]?.store ?? null,
        // The saved address goes as its fields (snapshotted on the order): finish-order does not resolve
        // address ids yet and answers 'Endereço não encontrado.' for any.
        addressId: null,
        selectedOption: shipping.value[0]?.selectedOption ?? null,
      },
      shipping: shippingCents.value,
      payment: { ...payload, ...(isCard && card ? card : {}), ...(paypalPaymentId ? { paypalPaymentId } : {}) },
      anonymousConsumer: customerId.value ? null : g ? { ...g, cpf: g.cpf.replace(/\D/g, '') } : null,
      address: a && !pickup.value ? a.address : null,
      packages: shipping.value,
      hasPreSale: c.hasPreSale,
      userAgent: deps.userAgent,
      ...(isCard && deps.device ? { device: deps.device } : {}),
      idempotencyKey: (attemptKey ??= deps.newKey()),
      // What the shopper is looking at: finish-order refuses (409) a bag changed since (another tab).
      reviewed: { total: total.value, lines: bagFingerprint(c.items) },
    };
  }

  return {
    step: step as ReadonlySignal<number>,
    /** The method chosen until the shopper picks one (and for an order no longer paid in full by coupon). */
    defaultMethod,
    cardService: cardService as ReadonlySignal<CardService>,
    paymentMethod: paymentMethod as ReadonlySignal<PaymentMethodName>,
    payment: payment as ReadonlySignal<PaymentState>,
    shipping: shipping as ReadonlySignal<ShippingInformation[]>,
    shippingCents,
    total,
    address: address as ReadonlySignal<AddressChoice | null>,
    pickup: pickup as ReadonlySignal<boolean>,
    receiverStore: receiverStore as ReadonlySignal<string | null>,
    cart: cart as ReadonlySignal<Cart | null>,
    customerId: customerId as ReadonlySignal<number | null>,
    guest: guest as ReadonlySignal<GuestConsumer | null>,
    options: options as ReadonlySignal<OmnichannelResponse | null>,
    /** The CEP (digits) `options` were quoted for: the delivery step tells a CEP edited since from the quoted one. */
    quotedZip: optionsZip as ReadonlySignal<string | null>,
    loading: loading as ReadonlySignal<Record<LoadingKey, boolean>>,
    finishing: finishing as ReadonlySignal<boolean>,
    notice: notice as ReadonlySignal<string | null>,
    /** Spec §4: busy while cart, coupon, seller coupon, cashback, shipping or validation is loading. */
    busy: computed(() => Object.values(loading.value).some(Boolean)),

    /**
     * Checkout start: the card service is loaded for a known customer (spec §4), once per customer
     * (the mount and the session effect both used to start it: two POSTs /api/credit-card-service).
     */
    async start(): Promise<void> {
      if (customerId.value === null || cardServiceFor === customerId.value) return;
      cardServiceFor = customerId.value;
      try {
        setCardService(await deps.api.cardService());
      } catch {
        setCardService('rede');
      }
    },
    goToStep(n: number) {
      if (n >= 0 && n < STEPS.length) step.value = n;
    },
    /** Leaving the checkout (back to the cart): everything chosen here is reset (spec §4). */
    goBack: reset,
    reset,
    setCardService,
    setCustomer(id: number | null) {
      customerId.value = id;
    },
    setCart(next: Cart | null) {
      cart.value = next;
    },
    /** Guest identification; returns the field errors (none → stored and on to delivery). */
    identifyGuest(g: GuestConsumer) {
      const errors = guestErrors(g);
      if (Object.keys(errors).length === 0) {
        batch(() => {
          guest.value = { name: g.name.trim(), email: g.email.trim(), cpf: g.cpf };
          step.value = 1;
        });
        changed();
        patchEmail(g.email.trim());
      }
      return errors;
    },
    selectMethod(name: PaymentMethodName) {
      batch(() => {
        notice.value = null;
        paymentMethod.value = name;
        payment.value = { paymentMethodId: methodId(name, cardService.value), installmentNumber: 1 };
      });
      changed();
    },
    setInstallments(n: number) {
      payment.value = { ...payment.value, installmentNumber: Math.max(1, Math.trunc(n)) };
      changed();
    },
    /** A different CEP invalidates the options quoted and the selection made for the old one. */
    setAddress(choice: AddressChoice | null) {
      const zip = choice ? normalizeCep(choice.address.zipCode) : null;
      batch(() => {
        address.value = choice;
        if (zip !== optionsZip.value) dropOptions();
      });
      changed();
    },
    /** A CEP refused before any call (not a CEP): the options and selection of the previous one go too. */
    dropOptions() {
      dropOptions();
      changed();
    },
    /**
     * Delivery options for the CEP (per store), after re-checking the cart's stock. A refused quote (sold out,
     * a CEP the server does not take, a failed call) leaves no options: none quoted for another CEP stays chosen.
     */
    async loadOptions(zipCode: string): Promise<OmnichannelResponse> {
      const c = cart.value;
      if (!c) throw new Error('no cart');
      return whileLoading('shipping', async () => {
        try {
          const stock = await deps.api.verifyStock(c.cartId);
          if (!stock.success) throw new StockError(stock.error ?? CART_MESSAGES.stock);
          const result = await deps.api.omnichannel({ cartId: c.cartId, zipCode, totalSale: c.subtotal - c.discount });
          batch(() => {
            dropOptions();
            // A new quote replaces the selection made on the old one.
            options.value = result;
            optionsZip.value = normalizeCep(zipCode);
          });
          return result;
        } catch (error) {
          dropOptions();
          changed();
          throw error;
        }
      });
    },
    /**
     * Spec §4: pickup sets the pickup flag (and the receiving store); a home delivery clears any
     * pickup, and a pickup clears the deliveries: selecting one clears the other selection.
     */
    selectShipping(store: string, option: DeliveryOption) {
      batch(() => {
        if (option.type === 'pickup') {
          pickup.value = true;
          receiverStore.value = store;
          shipping.value = [{ store, selectedOption: option }];
        } else {
          pickup.value = false;
          receiverStore.value = null;
          shipping.value = [
            ...shipping.value.filter((s) => s.selectedOption.type !== 'pickup' && s.store !== store),
            { store, selectedOption: option },
          ];
        }
      });
      changed();
    },
    /** The server checks the selection (and prices free shipping); the cart is re-read with it. */
    async validateShipping(): Promise<boolean> {
      const c = cart.value;
      const first = shipping.value[0];
      if (!c || !first) return false;
      const { success } = await whileLoading('validation', () =>
        deps.api.validateShipping({
          cartId: c.cartId,
          selectedOption: first.selectedOption,
          shippingInformation: shipping.value,
          zip_code: optionsZip.value,
        }),
      );
      if (success) await refreshCart();
      return success;
    },
    refreshCart,
    applyCoupon: (code: string) => cartCall('coupon', (id) => deps.api.applyCoupon(code, id)),
    removeCoupon: () => cartCall('coupon', (id) => deps.api.removeCoupon('discount', id)),
    applySellerCode: (code: string) => cartCall('sellerCoupon', (id) => deps.api.applySellerCode(code, id)),
    removeSellerCode: () => cartCall('sellerCoupon', (id) => deps.api.removeCoupon('seller', id)),
    applyCashback: (cents: number) => cartCall('cashback', (id) => deps.api.applyCashback(cents, id)),
    removeCashback: () => cartCall('cashback', (id) => deps.api.removeCashback(id)),

    /** Places the order (after the PayPal payment when paying by PayPal); on success the checkout resets (unless `redirect` is false) and the cart is deleted. */
    async finish(
      card: CardData | null,
      opts: { redirect?: boolean; go?: (result: FinishOrderResult) => void } = {},
    ): Promise<FinishOrderResult> {
      const c = cart.value;
      if (!c) throw new Error('no cart');
      finishing.value = true;
      try {
        const paypalPaymentId = await createPaypal(c);
        let result: FinishOrderResult;
        try {
          result = await deps.api.finishOrder(finishBody(card, payment.value, paypalPaymentId));
        } catch (error) {
          // A definite answer (declined, invalid) ends the attempt; a network failure keeps the key for the retry.
          if (!isTransient(error)) changed();
          // The bag changed since Revisão: show it as it is now. A shipping price that moved with it
          // (the re-read total still differs) is chosen again at Entrega.
          const now = bagChangedTotal(error);
          if (now !== null) {
            await refreshCart().catch(() => null);
            if (total.value !== now) step.value = 1;
          }
          throw error;
        }
        // Leave first: the page is going away, so resetting must not start any work on the way out.
        if (opts.redirect !== false) {
          opts.go?.(result);
          reset();
        }
        attemptKey = null;
        deps.onCartDeleted();
        return result;
      } finally {
        finishing.value = false;
      }
    },
  };
}

export type CheckoutStore = ReturnType<typeof createCheckoutStore>;
