import type { PaymentMethodId } from '../../../contracts/checkout';
import { DomainError } from '../../domain-error';
import { PROVIDERS } from '../providers';
import { minutesFrom, NO_CARD, type PaymentProvider } from '../providers/types';
import type { LiveRegistry } from './registry';
import { ProviderError, type LiveProvider } from './types';

/**
 * The thin seam between finish-order and the live providers: the one place that picks, per method, the
 * live provider when one is configured, else the sandbox one (ADR 0015). Today it bridges Pix, whose
 * charge needs nothing the sandbox interface lacks; boleto (needs the buyer's address), PayPal (created by
 * /api/paypal/create) and cards (authorize → batch → capture) are connected with the finish-order split.
 */
export function chargeProvider(methodId: PaymentMethodId, live: LiveRegistry | undefined): PaymentProvider {
  if (methodId === 47 && live?.pix) return livePix(live.pix);
  return PROVIDERS[methodId];
}

/** Our 25-character reference is one short of an API Pix txid (26–35): the live txid extends it. */
export const pixTxidOf = (reference: string) => `${reference}PIX`;

function livePix(provider: LiveProvider): PaymentProvider {
  return {
    name: 'pix',
    async charge({ chargedCents, reference, now, config }) {
      try {
        const state = await provider.createCharge({
          kind: 'pix',
          reference: pixTxidOf(reference),
          amountCents: chargedCents,
          expiresInSeconds: config.pix.ttlMinutes * 60,
          now,
        });
        return {
          outcome: 'pending',
          provider: 'pix',
          expiresAt: minutesFrom(now, config.pix.ttlMinutes),
          pix: { payload: state.pixCopiaECola!, txid: state.providerRef },
          ...NO_CARD,
        };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        console.warn(JSON.stringify({ payments: 'live', provider: 'pix', create: 'failed', error: error.message }));
        // Nothing was written: the shopper may try again (same idempotency key) or choose another method.
        throw new DomainError(
          'UPSTREAM_UNAVAILABLE',
          'Não foi possível gerar o Pix agora. Tente novamente em instantes.',
        );
      }
    },
  };
}
