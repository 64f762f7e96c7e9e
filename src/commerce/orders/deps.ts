import type { CartDeps } from '../cart/service';
import { identityOf } from '../customers/identity';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../payments/providers/types';
import { SHIPPING_CONFIG } from '../shipping/quote';
import type { OrdersDeps } from './finish';
import { ordersRepo } from './repo';

/** The orders/payments services' dependencies for one request of the embedded backend. */
export function ordersDeps(
  db: D1Database,
  carts: CartDeps,
  token: string | null,
  payments: Partial<PaymentsConfig> = {},
): OrdersDeps {
  return {
    db,
    repo: ordersRepo(db),
    carts,
    now: () => new Date(),
    payments: { ...PAYMENTS_CONFIG, ...payments },
    shipping: SHIPPING_CONFIG,
    identity: identityOf(db, token),
  };
}
