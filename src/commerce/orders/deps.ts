import type { CartDeps } from '../cart/service';
import { identityOf, type Identity } from '../customers/identity';
import type { ProviderSet } from '../payments/provider';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../payments/providers/types';
import { SHIPPING_CONFIG, type ShippingConfig } from '../shipping/quote';
import { ordersRepo, type OrdersRepo } from './repo';

export interface OrdersDeps {
  db: D1Database;
  repo: OrdersRepo;
  carts: CartDeps;
  now: () => Date;
  payments: PaymentsConfig;
  /** The adapters of this request's payments mode; a slot without one is not chargeable. */
  providers: ProviderSet;
  /** This site's origin, for return URLs at providers. */
  origin: string;
  shipping: ShippingConfig;
  identity: () => Promise<Identity | null>;
}

/** The orders/payments services' dependencies for one request of the embedded backend. */
export function ordersDeps(
  db: D1Database,
  carts: CartDeps,
  token: string | null,
  payments: Partial<PaymentsConfig> = {},
  providers: ProviderSet = {},
  origin = '',
): OrdersDeps {
  return {
    db,
    repo: ordersRepo(db),
    carts,
    now: () => new Date(),
    payments: { ...PAYMENTS_CONFIG, ...payments },
    providers,
    origin,
    shipping: SHIPPING_CONFIG,
    identity: identityOf(db, token),
  };
}
