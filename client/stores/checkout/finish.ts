import type { FinishOrderResult, ReviewedFinishOrder } from '../../../src/contracts/checkout';
import { finishOrderBody } from '../../../src/lib/checkout/finish-order-body';
import { isCardMethod } from '../../../src/lib/payments/payment-methods';
import { bagFingerprint } from '../../../src/lib/checkout/reviewed-bag';
import { bagChangedTotal, isTransient } from './errors';
import type { CheckoutState } from './state';
import type { CardData, CheckoutDeps, PaymentState } from './types';

/** "Finalizar compra": the body finish-order takes (`lib/checkout/finish-order-body.ts`) and what its answer does to the store. */
export function finishActions(
  s: CheckoutState,
  deps: CheckoutDeps,
  steps: {
    createPaypal: (cart: NonNullable<CheckoutState['cart']['value']>) => Promise<string | undefined>;
    refreshCart: () => Promise<unknown>;
  },
) {
  function finishBody(card: CardData | null, payload: PaymentState, paypalPaymentId?: string): ReviewedFinishOrder {
    const c = s.cart.value!;
    const a = s.address.value;
    const isCard = isCardMethod(payload.paymentMethodId);
    return finishOrderBody({
      cartId: c.cartId,
      customerId: s.customerId.value,
      guest: s.guest.value,
      packages: s.shipping.value,
      receiverStore: s.receiverStore.value,
      shipping: s.shippingCents.value,
      payment: { ...payload, ...(isCard && card ? card : {}), ...(paypalPaymentId ? { paypalPaymentId } : {}) },
      address: a && !s.pickup.value ? a.address : null,
      hasPreSale: c.hasPreSale,
      userAgent: deps.userAgent,
      device: isCard ? deps.device : undefined,
      idempotencyKey: s.attemptKey(),
      reviewed: { total: s.total.value, lines: bagFingerprint(c.items) },
    });
  }

  return {
    /** Places the order (after the PayPal payment when paying by PayPal); on success the checkout resets (unless `redirect` is false) and the cart is deleted. */
    async finish(
      card: CardData | null,
      opts: { redirect?: boolean; go?: (result: FinishOrderResult) => void } = {},
    ): Promise<FinishOrderResult> {
      const c = s.cart.value;
      if (!c) throw new Error('no cart');
      s.finishing.value = true;
      try {
        const paypalPaymentId = await steps.createPaypal(c);
        let result: FinishOrderResult;
        try {
          result = await deps.api.finishOrder(finishBody(card, s.payment.value, paypalPaymentId));
        } catch (error) {
          // A definite answer (declined, invalid) ends the attempt; a network failure keeps the key for the retry.
          if (!isTransient(error)) s.changed();
          // The bag changed since Revisão: show it as it is now. A shipping price that moved with it
          // (the re-read total still differs) is chosen again at Entrega.
          const now = bagChangedTotal(error);
          if (now !== null) {
            await steps.refreshCart().catch(() => null);
            if (s.total.value !== now) s.step.value = 1;
          }
          throw error;
        }
        // Leave first: the page is going away, so resetting must not start any work on the way out.
        if (opts.redirect !== false) {
          opts.go?.(result);
          s.reset();
        }
        s.changed();
        deps.onCartDeleted();
        return result;
      } finally {
        s.finishing.value = false;
      }
    },
  };
}
