import { describe, expect, it } from 'vitest';
import {
  createCheckoutStore,
  guestErrors,
  methodId,
  PaypalFallback,
  type CheckoutApi,
  type PaypalCreateAnswer,
} from '../../client/stores/checkout';
import type { Cart } from '../../src/contracts/cart';
import type { FinishOrderResult, ReviewedFinishOrder } from '../../src/contracts/checkout';
import type { DeliveryOption } from '../../src/contracts/shipping';

const CART: Cart = {
  hash: 'cart-aaaaaaaaaaaaaaaa',
  cartId: 'cart-aaaaaaaaaaaaaaaa',
  items: [],
  subtotal: 20000,
  discount: 0,
  shipping: 0,
  total: 20000,
  totalAmount: 20000,
  cashback_value: 0,
  cashback_evaluate: false,
  freeNormalShipping: false,
  freeExpressShipping: false,
  modal_gift: null,
  hasPreSale: false,
  count: 2,
  coupon: null,
  seller: null,
  cashback_balance: null,
  shippingSelection: [],
  shippingZip: null,
};
const RESULT: FinishOrderResult = {
  orderIds: [7],
  redirect: '/checkout/order/7?token=x',
  token: 'x',
  status: 'pending',
  total: 21500,
  next: { kind: 'none' },
};
const normal: DeliveryOption = { type: 'normal', carrier: 'Correios PAC', carrierId: 1, price: 1500, deadline: 5 };
const express: DeliveryOption = { type: 'expressa', carrier: 'Loggi', carrierId: 2, price: 2500, deadline: 2 };
const pickupOpt: DeliveryOption = { type: 'pickup', carrier: 'Retirada na loja', carrierId: 9, price: 0, deadline: 1 };

/** A fake API that records calls and lets each test pick answers; pending promises model "loading". */
function fakeApi(over: Partial<CheckoutApi> = {}) {
  const calls: { name: string; args: unknown[] }[] = [];
  const record =
    <A extends unknown[], R>(name: string, impl: (...args: A) => Promise<R>) =>
    (...args: A) => {
      calls.push({ name, args });
      return impl(...args);
    };
  const api: CheckoutApi = {
    cart: record('cart', async () => CART),
    cardService: record('cardService', async () => 'paypal' as const),
    patchCartEmail: record('patchCartEmail', async () => CART),
    omnichannel: record('omnichannel', async () => ({ fabrica: [normal, express], loja: [pickupOpt] })),
    verifyStock: record('verifyStock', async () => ({ success: true, error: null })),
    validateShipping: record('validateShipping', async () => ({ success: true })),
    applyCoupon: record('applyCoupon', async () => ({ ...CART, discount: 2000 })),
    applySellerCode: record('applySellerCode', async () => CART),
    removeCoupon: record('removeCoupon', async () => CART),
    applyCashback: record('applyCashback', async () => CART),
    removeCashback: record('removeCashback', async () => CART),
    paypalCreate: record('paypalCreate', async (): Promise<PaypalCreateAnswer> => ({
      paypal: {
        id: 'P1',
        links: [{ rel: 'approval_url', href: '/x' }],
        transactions: [{ amount: { total: '215.00', currency: 'BRL' } }],
      },
    })),
    finishOrder: record('finishOrder', async () => RESULT),
    ...Object.fromEntries(
      Object.entries(over).map(([k, f]) => [k, record(k, f as (...a: unknown[]) => Promise<unknown>)]),
    ),
  };
  return { api, calls };
}

function make(opts: { customerId?: number | null; api?: Partial<CheckoutApi> } = {}) {
  const { api, calls } = fakeApi(opts.api);
  let deleted = 0;
  let keys = 0;
  const store = createCheckoutStore(
    { cart: CART, customerId: opts.customerId ?? null },
    { api, onCartDeleted: () => void deleted++, newKey: () => `key-${++keys}-aaaaaaaaaaaaaaaa` },
  );
  return {
    store,
    calls,
    deleted: () => deleted,
    finishBodies: () => calls.filter((c) => c.name === 'finishOrder').map((c) => c.args[0] as ReviewedFinishOrder),
  };
}

describe('checkout store', () => {
  it('starts at step 0 with credit card and one installment', () => {
    const { store } = make();
    expect(store.step.value).toBe(0);
    expect(store.paymentMethod.value).toBe('credit-card');
    expect(store.payment.value).toEqual({ paymentMethodId: 1, installmentNumber: 1 });
  });

  it('maps each method name to its spec id and resets installments to 1', () => {
    const { store } = make();
    store.setInstallments(3);
    store.selectMethod('pix');
    expect(store.payment.value).toEqual({ paymentMethodId: 47, installmentNumber: 1 });
    for (const [name, id] of [
      ['debit-card', 31],
      ['bank-slip', 6],
      ['paypal', 32],
      ['open-finance', 53],
      ['coupon', 26],
    ] as const) {
      store.setInstallments(4);
      store.selectMethod(name);
      expect(store.payment.value).toEqual({ paymentMethodId: id, installmentNumber: 1 });
    }
    expect(methodId('credit-card', 'paypal')).toBe(43);
    expect(methodId('credit-card', 'rede')).toBe(1);
  });

  it('maps the credit card to 43 with the PayPal card service and to 1 with rede', () => {
    const { store } = make();
    store.setCardService('paypal');
    expect(store.payment.value.paymentMethodId).toBe(43);
    store.setCardService('rede');
    expect(store.payment.value.paymentMethodId).toBe(1);
    store.selectMethod('pix');
    store.setCardService('paypal');
    expect(store.payment.value.paymentMethodId).toBe(47);
    store.selectMethod('credit-card');
    expect(store.payment.value.paymentMethodId).toBe(43);
  });

  it('loads the card service once per customer, however often the checkout starts (issue 14)', async () => {
    const { store, calls } = make({ customerId: 12 });
    await Promise.all([store.start(), store.start()]);
    await store.start();
    expect(calls.filter((c) => c.name === 'cardService')).toHaveLength(1);
    // A login in the modal is another customer: the card service is theirs to load.
    store.setCustomer(13);
    await store.start();
    expect(calls.filter((c) => c.name === 'cardService')).toHaveLength(2);
  });

  it("puts the guest's e-mail on the cart (PATCH /api/cart), never a masked one (issue 14, spec §5)", () => {
    const { store, calls } = make();
    expect(store.identifyGuest({ name: 'Ana Souza', email: ' ana@exemplo.com ', cpf: '529.982.247-25' })).toEqual({});
    expect(calls.filter((c) => c.name === 'patchCartEmail').map((c) => c.args[0])).toEqual([
      { email: 'ana@exemplo.com', cartId: CART.cartId },
    ]);
    const masked = make();
    masked.store.identifyGuest({ name: 'Ana Souza', email: 'an*@exemplo.com', cpf: '529.982.247-25' });
    expect(masked.calls.some((c) => c.name === 'patchCartEmail')).toBe(false);
  });

  it('loads the card service at start for a known customer only', async () => {
    const guest = make();
    await guest.store.start();
    expect(guest.calls.some((c) => c.name === 'cardService')).toBe(false);
    expect(guest.store.cardService.value).toBe('rede');
    const known = make({ customerId: 12 });
    await known.store.start();
    expect(known.calls.filter((c) => c.name === 'cardService')).toHaveLength(1);
    expect(known.store.cardService.value).toBe('paypal');
    expect(known.store.payment.value.paymentMethodId).toBe(43);
  });

  it('going back resets step, shipping, payment, address, pickup, receiver store, cart and the method', async () => {
    const { store } = make();
    store.goToStep(3);
    store.setAddress({
      kind: 'new',
      address: {
        zipCode: '01310100',
        street: 'Av. Paulista',
        number: '1',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
      },
    });
    await store.loadOptions('01310100');
    store.selectShipping('loja', pickupOpt);
    store.selectMethod('pix');
    store.goBack();
    expect(store.step.value).toBe(0);
    expect(store.shipping.value).toEqual([]);
    expect(store.payment.value).toEqual({ paymentMethodId: 1, installmentNumber: 1 });
    expect(store.paymentMethod.value).toBe('credit-card');
    expect(store.address.value).toBeNull();
    expect(store.pickup.value).toBe(false);
    expect(store.receiverStore.value).toBeNull();
    expect(store.cart.value).toBeNull();
  });

  it('pickup sets the pickup flag and receiver store; a home delivery clears it, and the other way round', () => {
    const { store } = make();
    store.selectShipping('fabrica', normal);
    expect(store.pickup.value).toBe(false);
    store.selectShipping('loja', pickupOpt);
    expect(store.pickup.value).toBe(true);
    expect(store.receiverStore.value).toBe('loja');
    expect(store.shipping.value).toEqual([{ store: 'loja', selectedOption: pickupOpt }]);
    store.selectShipping('fabrica', express);
    expect(store.pickup.value).toBe(false);
    expect(store.receiverStore.value).toBeNull();
    expect(store.shipping.value).toEqual([{ store: 'fabrica', selectedOption: express }]);
    store.selectShipping('fabrica', normal);
    expect(store.shipping.value).toEqual([{ store: 'fabrica', selectedOption: normal }]);
    expect(store.shippingCents.value).toBe(1500);
  });

  it('is busy while cart, coupon, seller coupon, cashback, shipping or validation loads', async () => {
    const gates: (() => void)[] = [];
    const hold = <T>(value: T) => new Promise<T>((resolve) => gates.push(() => resolve(value)));
    const { store } = make({
      api: {
        cart: () => hold(CART),
        applyCoupon: () => hold(CART),
        applySellerCode: () => hold(CART),
        applyCashback: () => hold(CART),
        verifyStock: () => hold({ success: true, error: null }),
        validateShipping: () => hold({ success: true }),
      },
    });
    const runs: [string, () => Promise<unknown>][] = [
      ['cart', () => store.refreshCart()],
      ['coupon', () => store.applyCoupon('BEMVINDO10')],
      ['sellerCoupon', () => store.applySellerCode('MARIANA10')],
      ['cashback', () => store.applyCashback(500)],
      ['shipping', () => store.loadOptions('01310100')],
    ];
    for (const [key, run] of runs) {
      expect(store.busy.value).toBe(false);
      const done = run();
      expect(store.loading.value[key as 'cart']).toBe(true);
      expect(store.busy.value).toBe(true);
      while (gates.length) gates.shift()!();
      await done;
      expect(store.busy.value).toBe(false);
    }
    store.selectShipping('fabrica', normal);
    const validating = store.validateShipping();
    expect(store.loading.value.validation).toBe(true);
    expect(store.busy.value).toBe(true);
    gates.shift()!();
    // validation done → the cart is re-read with the shipping
    await new Promise((r) => setTimeout(r, 0));
    expect(store.loading.value.cart).toBe(true);
    gates.shift()!();
    await validating;
    expect(store.busy.value).toBe(false);
  });

  it('re-checks the stock before quoting and refuses a sold-out cart', async () => {
    const { store, calls } = make({
      api: { verifyStock: async () => ({ success: false, error: 'O estoque desse produto esgotou!' }) },
    });
    await expect(store.loadOptions('01310100')).rejects.toThrow('O estoque desse produto esgotou!');
    expect(calls.some((c) => c.name === 'omnichannel')).toBe(false);
    expect(store.busy.value).toBe(false);
  });

  it('knows the CEP its options were quoted for, and a refused quote leaves no options or selection', async () => {
    let refuse = false;
    const { store } = make({
      api: {
        omnichannel: async () => {
          if (refuse) throw Object.assign(new Error('CEP não atendido'), { status: 422 });
          return { fabrica: [normal, express], loja: [pickupOpt] };
        },
      },
    });
    expect(store.quotedZip.value).toBeNull();
    await store.loadOptions('01310-100');
    expect(store.quotedZip.value).toBe('01310100');
    store.selectShipping('fabrica', normal);
    refuse = true;
    await expect(store.loadOptions('20040002')).rejects.toThrow('CEP não atendido');
    expect(store.options.value).toBeNull();
    expect(store.quotedZip.value).toBeNull();
    expect(store.shipping.value).toEqual([]);
    expect(store.busy.value).toBe(false);
  });

  it('a sold-out re-check drops the options quoted before', async () => {
    let soldOut = false;
    const { store } = make({
      api: {
        verifyStock: async () => (soldOut ? { success: false, error: 'Esgotou' } : { success: true, error: null }),
      },
    });
    await store.loadOptions('01310100');
    store.selectShipping('loja', pickupOpt);
    soldOut = true;
    await expect(store.loadOptions('01310100')).rejects.toThrow('Esgotou');
    expect(store.options.value).toBeNull();
    expect(store.shipping.value).toEqual([]);
    expect(store.pickup.value).toBe(false);
    expect(store.receiverStore.value).toBeNull();
  });

  it('dropOptions (a CEP refused before any call) clears the options and the selection', async () => {
    const { store } = make();
    await store.loadOptions('01310100');
    store.selectShipping('loja', pickupOpt);
    store.dropOptions();
    expect(store.options.value).toBeNull();
    expect(store.quotedZip.value).toBeNull();
    expect(store.shipping.value).toEqual([]);
    expect(store.pickup.value).toBe(false);
    expect(store.receiverStore.value).toBeNull();
  });

  it('takes the cart answered by coupon calls as its state', async () => {
    const { store } = make();
    await store.applyCoupon('BEMVINDO10');
    expect(store.cart.value?.discount).toBe(2000);
  });

  it('after creating the order resets the checkout and deletes the cart', async () => {
    const { store, deleted } = make();
    store.goToStep(3);
    store.selectShipping('fabrica', normal);
    store.selectMethod('pix');
    expect(await store.finish(null)).toEqual(RESULT);
    expect(store.step.value).toBe(0);
    expect(store.cart.value).toBeNull();
    expect(store.paymentMethod.value).toBe('credit-card');
    expect(deleted()).toBe(1);
  });

  it('keeps the checkout when no redirect is wanted, still deleting the cart', async () => {
    const { store, deleted } = make();
    store.goToStep(3);
    store.selectMethod('bank-slip');
    await store.finish(null, { redirect: false });
    expect(store.step.value).toBe(3);
    expect(store.paymentMethod.value).toBe('bank-slip');
    expect(deleted()).toBe(1);
  });

  it('sends the spec finish-order body; card fields only for card methods', async () => {
    const { store, finishBodies } = make({ customerId: 5 });
    store.setAddress({
      kind: 'saved',
      id: 3,
      address: {
        zipCode: '01310100',
        street: 'Av. Paulista',
        number: '1000',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
      },
    });
    store.selectShipping('fabrica', normal);
    store.setInstallments(3);
    const card = {
      cardNumber: '5448280000000007',
      securityCode: '123',
      expirationMonth: '12',
      expirationYear: '2030',
      holderName: 'ANA',
    };
    await store.finish(card, { redirect: false });
    store.selectMethod('pix');
    await store.finish(card, { redirect: false });
    const [byCard, byPix] = finishBodies();
    expect(byCard).toMatchObject({
      customerId: 5,
      cartId: CART.cartId,
      shippingInfo: { store: 'fabrica', addressId: null, selectedOption: normal },
      shipping: 1500,
      payment: { paymentMethodId: 1, installmentNumber: 3, cardNumber: '5448280000000007', securityCode: '123' },
      anonymousConsumer: null,
      address: { zipCode: '01310100', street: 'Av. Paulista' },
      packages: [{ store: 'fabrica', selectedOption: normal }],
      hasPreSale: false,
    });
    expect(byPix!.payment).toEqual({ paymentMethodId: 47, installmentNumber: 1 });
  });

  it('keeps the idempotency key across a network retry and takes a new one after a decline', async () => {
    const answers: (() => Promise<FinishOrderResult>)[] = [
      () => Promise.reject(Object.assign(new Error('Network Error'), { status: 0 })),
      () => Promise.reject(Object.assign(new Error('Pagamento recusado'), { status: 402 })),
      () => Promise.resolve(RESULT),
    ];
    const { store, finishBodies } = make({ api: { finishOrder: () => answers.shift()!() } });
    store.selectShipping('fabrica', normal);
    await expect(store.finish(null)).rejects.toThrow('Network Error');
    await expect(store.finish(null)).rejects.toThrow('Pagamento recusado');
    await store.finish(null);
    const keys = finishBodies().map((b) => b.idempotencyKey);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('finish sends what Revisão shows: the total (free shipping from the codes counted as free) and the lines', async () => {
    const items = [
      { id_item_product: 12, amount: 2 },
      { id_item_product: 5, amount: 1 },
    ] as unknown as Cart['items'];
    const { store, finishBodies } = make({ api: { cart: async () => ({ ...CART, items, freeNormalShipping: true }) } });
    store.selectShipping('fabrica', normal);
    await store.finish(null, { redirect: false });
    expect(finishBodies()[0]!.reviewed).toEqual({ total: 21500, lines: '' });
    const { store: again, finishBodies: bodies } = make({
      api: { cart: async () => ({ ...CART, items, freeNormalShipping: true }) },
    });
    again.selectShipping('fabrica', normal);
    await again.refreshCart();
    expect(again.total.value).toBe(20000);
    await again.finish(null, { redirect: false });
    expect(bodies()[0]!.reviewed).toEqual({ total: 20000, lines: '5x1,12x2' });
  });

  it('a 409 BAG_CHANGED re-reads the bag and stays at Revisão with the new total; a new attempt key follows', async () => {
    const bigger = { ...CART, subtotal: 60000, total: 60000 };
    const answers: (() => Promise<FinishOrderResult>)[] = [
      () =>
        Promise.reject(
          Object.assign(new Error('Sua sacola mudou'), { status: 409, body: { reason: 'BAG_CHANGED', total: 61500 } }),
        ),
      () => Promise.resolve(RESULT),
    ];
    const { store, calls, finishBodies } = make({
      api: { finishOrder: () => answers.shift()!(), cart: async () => bigger },
    });
    store.selectShipping('fabrica', normal);
    store.goToStep(3);
    expect(store.total.value).toBe(21500);
    await expect(store.finish(null)).rejects.toThrow('Sua sacola mudou');
    expect(calls.filter((c) => c.name === 'cart')).toHaveLength(1);
    expect(store.total.value).toBe(61500);
    expect(store.step.value).toBe(3);
    await store.finish(null);
    const [first, second] = finishBodies();
    expect([first!.reviewed.total, second!.reviewed.total]).toEqual([21500, 61500]);
    expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey);
  });

  it('a 409 BAG_CHANGED whose total the re-read bag does not reach (its shipping moved) goes back to Entrega', async () => {
    const { store } = make({
      api: {
        finishOrder: () =>
          Promise.reject(
            Object.assign(new Error('Sua sacola mudou'), {
              status: 409,
              body: { reason: 'BAG_CHANGED', total: 99999 },
            }),
          ),
      },
    });
    store.selectShipping('fabrica', normal);
    store.goToStep(3);
    await expect(store.finish(null)).rejects.toThrow('Sua sacola mudou');
    expect(store.step.value).toBe(1);
  });

  it('PAYPAL_FAILED switches the card service to rede and the payment to 1, then orders with rede', async () => {
    const { store, calls, finishBodies } = make({
      customerId: 9,
      api: {
        paypalCreate: () =>
          Promise.reject(
            Object.assign(new Error('x'), {
              status: 422,
              body: { error: 'Falha no PayPal', error_type: 'PAYPAL_FAILED' },
            }),
          ),
      },
    });
    await store.start();
    expect(store.payment.value.paymentMethodId).toBe(43);
    store.setInstallments(3);
    store.selectShipping('fabrica', normal);
    await store.finish(
      {
        cardNumber: '4012001037141112',
        securityCode: '123',
        expirationMonth: '12',
        expirationYear: '2030',
        holderName: 'ANA',
      },
      { redirect: false },
    );
    expect(calls.filter((c) => c.name === 'paypalCreate')).toHaveLength(1);
    expect(store.cardService.value).toBe('rede');
    expect(store.payment.value.paymentMethodId).toBe(1);
    expect(finishBodies()[0]!.payment).toMatchObject({ paymentMethodId: 1, installmentNumber: 3 });
  });

  it('a PayPal failure of another type stops the order', async () => {
    const { store, calls } = make({
      customerId: 9,
      api: { paypalCreate: async () => ({ error: 'Approval URL not found' }) },
    });
    await store.start();
    await expect(store.finish(null)).rejects.toThrow('Approval URL not found');
    expect(calls.some((c) => c.name === 'finishOrder')).toBe(false);
    expect(store.cardService.value).toBe('paypal');
  });

  it('PayPal (32) claims the created PayPal payment in finish-order', async () => {
    const { store, finishBodies } = make();
    store.selectMethod('paypal');
    store.selectShipping('fabrica', normal);
    await store.finish(null, { redirect: false });
    expect(finishBodies()[0]!.payment).toEqual({ paymentMethodId: 32, installmentNumber: 1, paypalPaymentId: 'P1' });
  });

  it('PayPal is created for the total Revisão shows: an option the codes make free is sent as no shipping', async () => {
    const { store, calls } = make({ api: { cart: async () => ({ ...CART, freeNormalShipping: true }) } });
    store.selectMethod('paypal');
    store.selectShipping('fabrica', normal);
    await store.refreshCart();
    expect(store.shippingCents.value).toBe(1500);
    expect(store.shippingCharged.value).toBe(0);
    await store.finish(null, { redirect: false });
    const created = calls.find((c) => c.name === 'paypalCreate')!.args[0] as { shipping: number };
    expect(created.shipping).toBe(0);
    store.selectShipping('fabrica', express);
    expect(store.shippingCharged.value).toBe(2500);
  });

  it('fails with Approval URL not found when PayPal answers no approval link', async () => {
    const { store, calls } = make({
      api: {
        paypalCreate: async () => ({ paypal: { id: 'P2', links: [{ rel: 'self', href: '/x' }], transactions: [] } }),
      },
    });
    store.selectMethod('paypal');
    await expect(store.finish(null)).rejects.toThrow('Approval URL not found');
    expect(calls.some((c) => c.name === 'finishOrder')).toBe(false);
  });

  it('PAYPAL_FAILED on PayPal (32) switches to the rede credit card and asks for the card', async () => {
    const { store, calls } = make({
      api: { paypalCreate: async () => ({ error: 'PayPal indisponível', error_type: 'PAYPAL_FAILED' }) },
    });
    store.setCardService('paypal');
    store.selectMethod('paypal');
    await expect(store.finish(null)).rejects.toBeInstanceOf(PaypalFallback);
    expect(store.cardService.value).toBe('rede');
    expect(store.paymentMethod.value).toBe('credit-card');
    expect(store.payment.value).toEqual({ paymentMethodId: 1, installmentNumber: 1 });
    expect(store.notice.value).toContain('cartão de crédito');
    expect(calls.some((c) => c.name === 'finishOrder')).toBe(false);
  });

  it('validates the guest: name, e-mail and CPF check digits', () => {
    expect(guestErrors({ name: 'Ana Souza', email: 'ana@exemplo.com', cpf: '52998224724' }).cpf).toBe(
      'CPF inválido. Confira os 11 dígitos.',
    );
    expect(guestErrors({ name: 'Ana Souza', email: 'ana@exemplo.com', cpf: '52998224725' })).toEqual({});
    expect(guestErrors({ name: 'ß'.repeat(121), email: `${'a'.repeat(200)}@exemplo.com`, cpf: '52998224725' })).toEqual(
      {
        name: 'Use no máximo 120 caracteres.',
        email: 'Use no máximo 200 caracteres.',
      },
    );
    expect(guestErrors({ name: 'A', email: 'ana@', cpf: '00000000000' })).toEqual({
      name: 'Informe seu nome completo.',
      email: 'Informe um e-mail válido.',
      cpf: 'CPF inválido. Confira os 11 dígitos.',
    });
    const { store } = make();
    expect(store.identifyGuest({ name: 'Ana Souza', email: 'ana@exemplo.com', cpf: '529.982.247-25' })).toEqual({});
    expect(store.step.value).toBe(1);
  });
});
