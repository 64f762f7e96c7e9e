import { batch } from '@preact/signals-core';
import type { Cart } from '../../../src/contracts/cart';
import { guestErrors, type GuestConsumer } from '../../../src/lib/customer/guest';
import type { CheckoutState } from './state';
import type { CheckoutDeps, LoadingKey } from './types';

/** The bag as the checkout sees it (re-read, coupon, seller code, cashback) and who is buying it. */
export function bagActions(s: CheckoutState, deps: CheckoutDeps) {
  /** Spec §5: the e-mail goes onto the cart only when there is one and it is not masked ('*'). Best effort. */
  const patchEmail = (email: string) => {
    const cartId = s.cart.value?.cartId;
    if (!cartId || !email || email.includes('*')) return;
    void deps.api.patchCartEmail({ email, cartId }).catch(() => undefined);
  };

  async function refreshCart(): Promise<Cart | null> {
    const id = s.cart.value?.cartId;
    if (!id) return null;
    const next = await s.whileLoading('cart', () =>
      deps.api.cart({
        cartId: id,
        installment: s.payment.value.installmentNumber,
        shipping: s.shippingCents.value,
        paymentMethodId: s.payment.value.paymentMethodId,
      }),
    );
    s.cart.value = next;
    deps.onCart?.(next);
    return next;
  }

  /** A coupon/seller/cashback call answers with the whole cart: take it as the new state. */
  async function cartCall(key: LoadingKey, run: (cartId: string) => Promise<Cart>): Promise<Cart> {
    const id = s.cart.value?.cartId;
    if (!id) throw new Error('no cart');
    const next = await s.whileLoading(key, () => run(id));
    s.cart.value = next;
    deps.onCart?.(next);
    s.changed();
    return next;
  }

  return {
    setCustomer(id: number | null) {
      s.customerId.value = id;
    },
    setCart(next: Cart | null) {
      s.cart.value = next;
    },
    /** Guest identification; returns the field errors (none → stored and on to delivery). */
    identifyGuest(g: GuestConsumer) {
      const errors = guestErrors(g);
      if (Object.keys(errors).length === 0) {
        batch(() => {
          s.guest.value = { name: g.name.trim(), email: g.email.trim(), cpf: g.cpf };
          s.step.value = 1;
        });
        s.changed();
        patchEmail(g.email.trim());
      }
      return errors;
    },
    refreshCart,
    applyCoupon: (code: string) => cartCall('coupon', (id) => deps.api.applyCoupon(code, id)),
    removeCoupon: () => cartCall('coupon', (id) => deps.api.removeCoupon('discount', id)),
    applySellerCode: (code: string) => cartCall('sellerCoupon', (id) => deps.api.applySellerCode(code, id)),
    removeSellerCode: () => cartCall('sellerCoupon', (id) => deps.api.removeCoupon('seller', id)),
    applyCashback: (cents: number) => cartCall('cashback', (id) => deps.api.applyCashback(cents, id)),
    removeCashback: () => cartCall('cashback', (id) => deps.api.removeCashback(id)),
  };
}
