import type { LiveProviderFactory, PaymentProvider, ProviderSet } from '../provider';
import { boletoSlot } from './boleto-slot';
import { cardSlot } from './card-slot';
import { paypalSlot } from './paypal-slot';
import { pixSlot } from './pix-slot';
import { liveAdapters, type LiveBindings, type LiveRegistry } from './live-config';
import type { LiveProvider, LiveProviderName } from './live-provider';

/**
 * The seam between the checkout's provider interface (`payments/provider.ts`: authorize → batch → capture/void)
 * and the live adapters of this folder (`createCharge`/`getCharge`/…, configured in `registry.ts`). One factory
 * per checkout slot; a factory answers null while its provider is not configured, so its methods are not offered.
 *
 * Connected (ADR 0015): Pix (API Pix), boleto (Banco Inter, with the payer's address and the Pix QR it prints),
 * cards (Rede: credit authorised → batch → captured, voided when the batch fails; debit through the issuer's
 * 3-D Secure page and our return route) and the PayPal wallet (Orders v2, approved at PayPal, captured by our
 * return route or the webhook once the orders exist). The PayPal card method (43) has no live adapter: PayPal's
 * card fields need their own front end, so it is not offered in live mode.
 */

/** The live adapter behind each checkout slot this module made (for the reconciliation of one order). */
const LIVE_OF = new WeakMap<PaymentProvider, LiveProvider>();

/** The live adapters behind a request's checkout slots: the registry the cron's reconciliation asks. */
export function liveRegistryOf(providers: ProviderSet): LiveRegistry {
  const registry: LiveRegistry = {};
  for (const slot of Object.values(providers)) {
    const live = slot ? LIVE_OF.get(slot) : undefined;
    if (live) registry[live.name] = live;
  }
  return registry;
}

const factory = (
  slot: LiveProviderFactory['slot'],
  name: LiveProviderName,
  wrap: (provider: LiveProvider) => PaymentProvider,
): LiveProviderFactory => ({
  slot,
  create(env, fetcher) {
    const registry: LiveRegistry = liveAdapters(env as LiveBindings, fetcher ? { fetch: fetcher } : {});
    const provider = registry[name];
    if (!provider) return null;
    const slot = wrap(provider);
    LIVE_OF.set(slot, provider);
    return slot;
  },
});

export const LIVE_FACTORIES: LiveProviderFactory[] = [
  factory('pix', 'pix', pixSlot),
  factory('boleto', 'boleto', boletoSlot),
  factory('card', 'rede', cardSlot),
  factory('paypal', 'paypal', paypalSlot),
];
