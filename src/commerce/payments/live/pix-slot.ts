import { PAYMENTS_CONFIG } from '../sandbox/payments-config';
import { ProviderError as CheckoutProviderError, type PaymentProvider } from '../provider';
import { call, pixTxidOf, STATUS } from './slot-calls';
import { ProviderError, type LiveProvider } from './live-provider';

/** The Pix slot through the API Pix adapter: a cob with our txid, paid when the PSP says so. */
export function pixSlot(pix: LiveProvider): PaymentProvider {
  const ttlMinutes = PAYMENTS_CONFIG.pix.ttlMinutes;
  const refOf = (charge: { reference: string; providerReference: string | null }) =>
    charge.providerReference ?? pixTxidOf(charge.reference);
  return {
    name: 'pix',
    kinds: ['pix'],
    async authorize(request) {
      const state = await call(() =>
        pix.createCharge({
          kind: 'pix',
          reference: pixTxidOf(request.reference),
          amountCents: request.chargedCents,
          expiresInSeconds: ttlMinutes * 60,
          buyer: { name: request.buyer.name, cpf: request.buyer.cpf, email: request.buyer.email },
          now: request.now,
        }),
      );
      if (!state.pixCopiaECola) throw new CheckoutProviderError('invalid', 'pix: the charge has no pixCopiaECola');
      return {
        outcome: 'pending',
        providerReference: state.providerRef,
        expiresAt: new Date(request.now.getTime() + ttlMinutes * 60_000).toISOString(),
        pix: { payload: state.pixCopiaECola, txid: state.providerRef },
        card: null,
      };
    },
    async capture() {
      // A Pix is paid by the shopper's bank; the webhook or the reconciliation settles it (events.ts).
    },
    async void(charge) {
      await call(async () => {
        try {
          await pix.void(refOf(charge));
        } catch (error) {
          if (error instanceof ProviderError && error.notFound) return; // never created: nothing to withdraw
          throw error;
        }
      });
    },
    async refund(charge) {
      return call(async () => {
        const state = await pix.getCharge(refOf(charge));
        const receipt = state.receipts[0];
        if (!receipt) throw new ProviderError('pix', 'nothing was received for this charge', 409);
        const result = await pix.refund({
          receiptId: receipt.id,
          refundId: charge.refundId,
          amountCents: charge.amountCents,
        });
        if (result.status === 'failed') throw new ProviderError('pix', 'devolução NAO_REALIZADO', 422);
        return { providerRefundId: result.providerRefundId, status: result.status };
      });
    },
    async refundStatus(charge) {
      return call(async () => {
        const receipt = (await pix.getCharge(refOf(charge))).receipts[0];
        if (!receipt || !pix.getRefund) throw new ProviderError('pix', 'nothing was received for this charge', 409);
        const result = await pix.getRefund({
          receiptId: receipt.id,
          refundId: charge.refundId,
          providerRefundId: charge.providerRefundId,
        });
        return result.status;
      });
    },
    async status(charge) {
      return call(async () => {
        try {
          return STATUS[(await pix.getCharge(refOf(charge))).status];
        } catch (error) {
          if (error instanceof ProviderError && error.notFound) return 'unknown';
          throw error;
        }
      });
    },
  };
}
