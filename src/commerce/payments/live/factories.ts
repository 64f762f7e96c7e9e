import { PAYMENTS_CONFIG } from '../providers/types';
import { ProviderError as CheckoutProviderError, type ChargeStatus, type LiveProviderFactory, type PaymentProvider } from '../provider';
import { liveProviders as liveAdapters, type LiveBindings } from './registry';
import { ProviderError, type LiveProvider, type LiveStatus } from './types';

/**
 * The seam between the checkout's provider interface (`payments/provider.ts`: authorize → batch → capture/void)
 * and the live adapters of this folder (`createCharge`/`getCharge`/…, configured in `registry.ts`). One factory
 * per checkout slot; a factory answers null while its provider is not configured, so its methods are not offered.
 *
 * Connected today: Pix. Boleto (the checkout's authorize request carries no buyer address), PayPal (created by
 * /api/paypal/create with its return route) and cards (3-D Secure return pages for debit) have adapters, fakes and
 * webhook/reconciliation tests, but are not yet offered in live mode (ADR 0015).
 */

/** Our 25-character reference is one short of an API Pix txid (26–35): the live txid extends it. */
export const pixTxidOf = (reference: string) => `${reference}PIX`;

const STATUS: Record<LiveStatus, ChargeStatus> = {
  pending: 'pending',
  authorized: 'authorized',
  paid: 'paid',
  failed: 'failed',
  expired: 'expired',
  cancelled: 'voided',
  refunded: 'refunded',
};

/** A live adapter's failure as the checkout reads it: the outcome is unknown, nothing is assumed approved. */
async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    throw new CheckoutProviderError(error.status === 0 ? 'timeout' : 'unavailable', error.message, error.status || undefined);
  }
}

function livePix(pix: LiveProvider): PaymentProvider {
  const ttlMinutes = PAYMENTS_CONFIG.pix.ttlMinutes;
  const refOf = (charge: { reference: string; providerReference: string | null }) => charge.providerReference ?? pixTxidOf(charge.reference);
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
        const result = await pix.refund({ receiptId: receipt.id, refundId: charge.refundId, amountCents: charge.amountCents });
        return { providerRefundId: result.providerRefundId };
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

export const LIVE_FACTORIES: LiveProviderFactory[] = [
  {
    slot: 'pix',
    create(env, fetcher) {
      const registry = liveAdapters(env as LiveBindings, fetcher ? { fetch: fetcher } : {});
      return registry.pix ? livePix(registry.pix) : null;
    },
  },
];
