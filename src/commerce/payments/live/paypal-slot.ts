import { minutesFrom, PAYMENTS_CONFIG } from '../sandbox/payments-config';
import { ProviderError as CheckoutProviderError, type ChargeRef, type PaymentProvider } from '../provider';
import { call, returnUrlOf, statusOf } from './slot-calls';
import { ProviderError, type LiveProvider } from './live-provider';

/** The PayPal wallet (Orders v2): approved at PayPal, captured once our orders exist. */
export function paypalSlot(paypal: LiveProvider): PaymentProvider {
  const orderOf = (charge: ChargeRef) =>
    charge.providerReference && charge.providerReference !== charge.reference ? charge.providerReference : null;
  return {
    name: 'paypal',
    kinds: ['wallet'],
    lapsesUncaptured: true,
    // Orders v2 create carries PayPal-Request-Id `create-<reference>` (paypal.ts), capture `capture-<order id>`.
    idempotentCreate: true,
    async authorize(request) {
      const back = returnUrlOf(request.origin, request.reference);
      const state = await call(() =>
        paypal.createCharge({
          kind: 'paypal',
          reference: request.reference,
          amountCents: request.chargedCents,
          returnUrl: back,
          cancelUrl: back,
          now: request.now,
        }),
      );
      return {
        outcome: 'pending',
        providerReference: state.providerRef,
        expiresAt: minutesFrom(request.now, PAYMENTS_CONFIG.stepTtlMinutes),
        actionUrl: state.actionUrl!,
        card: null,
      };
    },
    async capture(charge) {
      const state = await call(() => paypal.capture(orderOf(charge) ?? '', charge.amountCents));
      if (state.status !== 'paid')
        throw new CheckoutProviderError('invalid', `paypal: capture left it ${state.status}`);
    },
    async void() {
      // Our orders use intent CAPTURE: there is no authorization to void. An unapproved or approved-but-uncaptured
      // order lapses at PayPal, and we never capture one whose sale was cancelled (return.ts, events.ts, cancel.ts).
    },
    async refund(charge) {
      return call(async () => {
        const id = orderOf(charge);
        const receipt = id ? (await paypal.getCharge(id)).receipts[0] : undefined;
        if (!receipt) throw new ProviderError('paypal', 'nothing was captured for this order', 409);
        const result = await paypal.refund({
          receiptId: receipt.id,
          refundId: charge.refundId,
          amountCents: charge.amountCents,
        });
        if (result.status === 'failed') throw new ProviderError('paypal', 'refund refused', 422);
        return { providerRefundId: result.providerRefundId, status: result.status };
      });
    },
    async refundStatus(charge) {
      return call(async () => {
        if (!paypal.getRefund) throw new ProviderError('paypal', 'no refund read', 0);
        return (
          await paypal.getRefund({
            receiptId: '',
            refundId: charge.refundId,
            providerRefundId: charge.providerRefundId,
          })
        ).status;
      });
    },
    status(charge) {
      const id = orderOf(charge);
      return statusOf(async () => (id ? paypal.getCharge(id) : null));
    },
  };
}
