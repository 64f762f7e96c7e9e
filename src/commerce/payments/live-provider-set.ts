import { PAYMENT_METHODS, type PaymentMethod } from '../../lib/payments/payment-methods';
import { LIVE_FACTORIES } from './live/factories';
import type { LiveProviderFactory, ProviderSet } from './provider';
import { emptyDict } from '../../lib/security/dict';

/**
 * Live adapters, one factory per provider (`live/*`). A factory returns null while its configuration
 * is incomplete; its slot then has no adapter and its methods are neither offered nor chargeable.
 */
export const LIVE_PROVIDER_FACTORIES: LiveProviderFactory[] = [...LIVE_FACTORIES];

/**
 * The checkout's provider slots in live mode (`sandboxProviders` is the sandbox's): each served by the live adapter
 * these bindings configure (the first configured factory of each slot wins).
 */
export function liveProviders(
  env: Record<string, unknown>,
  fetcher: ((request: Request) => Promise<Response>) | undefined,
  factories: readonly LiveProviderFactory[] = LIVE_PROVIDER_FACTORIES,
): ProviderSet {
  const set: ProviderSet = emptyDict();
  for (const factory of factories) {
    if (set[factory.slot]) continue;
    const provider = factory.create(env, fetcher);
    if (provider) set[factory.slot] = provider;
  }
  return set;
}

/** The methods these adapters can charge (the `internal` coupon method needs none), in registry order. */
export function chargeableMethods(providers: ProviderSet): PaymentMethod[] {
  return PAYMENT_METHODS.filter(
    (m) => m.provider === 'internal' || providers[m.provider]?.kinds.includes(m.kind) === true,
  );
}
