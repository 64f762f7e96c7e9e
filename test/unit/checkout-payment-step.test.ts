import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cardHint, EMPTY_CARD, offeredNames, PaymentStep } from '../../client/islands/checkout/payment';
import { StoresContext, type Stores } from '../../client/stores';
import { createCheckoutStore, type CheckoutApi } from '../../client/stores/checkout';
import type { Cart } from '../../src/contracts/cart';
import { EMPTY_BASIC } from '../../src/pages/checkout';
import { BasicCheckout } from '../../src/ui/checkout/basic-form';

/** Only what the payment step reads (the order total). */
const cart = (subtotal: number) =>
  ({ cartId: 'cart-aaaaaaaaaaaaaaaa', items: [], subtotal, discount: 0, cashback_value: 0 }) as unknown as Cart;

/** The payment step as the checkout renders it for the methods the page was given. */
function render(offered: string[] | undefined, subtotal = 20000) {
  const store = createCheckoutStore(
    { cart: cart(subtotal), customerId: null, methods: offered ? offeredNames(offered) : undefined },
    { api: {} as CheckoutApi, onCartDeleted: () => undefined, newKey: () => 'k' },
  );
  const stores = { gateways: { checkout: { installments: () => new Promise(() => undefined) } } } as unknown as Stores;
  const html = renderToStaticMarkup(
    createElement(
      StoresContext.Provider,
      { value: stores },
      createElement(PaymentStep, { store, card: EMPTY_CARD, setCard: () => undefined, offered }),
    ),
  );
  return { store, html };
}

describe('checkout payment step', () => {
  it('a production host with no provider (only coupon offered): no card form, no dead end, a pt-BR reason', () => {
    const { store, html } = render(['coupon']);
    expect(store.paymentMethod.value).not.toBe('credit-card');
    expect(html).not.toContain('Dados do cartão');
    expect(html).not.toContain('Parcelas');
    expect(html).not.toContain('Revisar o pedido');
    expect(html).toContain('No momento não conseguimos receber pagamentos online.');
  });

  it('defaults to the first offered method, never to one the store cannot charge', () => {
    const pix = render(['pix', 'bank-slip']);
    expect(pix.store.paymentMethod.value).toBe('pix');
    expect(pix.store.payment.value).toEqual({ paymentMethodId: 47, installmentNumber: 1 });
    expect(pix.html).not.toContain('Dados do cartão');
    expect(pix.html).toContain('Revisar o pedido');
    // Reset (back to the cart) keeps the default among the offered ones.
    pix.store.selectMethod('bank-slip');
    pix.store.reset();
    expect(pix.store.paymentMethod.value).toBe('pix');
  });

  it('credit card offered: the card form and the default as before', () => {
    const { store, html } = render(['credit-card', 'pix']);
    expect(store.paymentMethod.value).toBe('credit-card');
    expect(html).toContain('Dados do cartão');
    expect(render(undefined).html).toContain('Dados do cartão');
  });
});

describe('the credit-card hint', () => {
  it('says the installment rule’s real maximum for the order total, not a fixed 10x', () => {
    expect(cardHint(40071)).toBe('Em até 8x; aprovação na hora.');
    expect(cardHint(17980)).toBe('Em até 3x; aprovação na hora.');
    expect(cardHint(4990)).toBe('À vista; aprovação na hora.');
    const { html } = render(['credit-card'], 40071);
    expect(html).toContain('Em até 8x; aprovação na hora.');
    expect(html).not.toContain('Em até 10x');
  });
});

describe('the no-JS checkout form', () => {
  const basic = (methods: string[] | undefined) =>
    renderToStaticMarkup(
      createElement(BasicCheckout, {
        ...EMPTY_BASIC,
        cart: { ...cart(20000), items: [], shipping: 0, total: 20000, count: 0 } as Cart,
        imageHost: 'https://img.example',
        methods,
      }),
    );

  it('says why it cannot take payments when only the coupon is chargeable, as the payment step does', () => {
    expect(basic(['coupon'])).toContain('No momento não conseguimos receber pagamentos online.');
    expect(basic(['pix', 'coupon'])).not.toContain('No momento não conseguimos receber pagamentos online.');
    expect(basic(undefined)).not.toContain('No momento não conseguimos receber pagamentos online.');
  });
});
