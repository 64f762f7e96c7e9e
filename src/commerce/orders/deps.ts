import type { CartDeps } from '../cart/service';
import type { CashbackRepo } from '../cashback/repo';
import { identityOf, type Identity } from '../customers/identity';
import type { ProviderSet } from '../payments/provider';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../payments/providers/types';
import { SHIPPING_CONFIG, type ShippingConfig } from '../shipping/quote';
import type { PromotionsRepo } from '../promotions/repo';
import { ordersRepo, type OrdersRepo } from './repo';

export interface OrdersDeps {
  db: D1Database;
  repo: OrdersRepo;
  carts: CartDeps;
  /** Coupon use and cashback debit/accrual statements for the order's batch. */
  promotions: PromotionsRepo;
  cashback: CashbackRepo;
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
    promotions: carts.pricing.promotions,
    cashback: carts.pricing.cashback,
    now: () => new Date(),
    payments: { ...PAYMENTS_CONFIG, ...payments },
    providers,
    origin,
    shipping: SHIPPING_CONFIG,
    identity: identityOf(db, token),
  };
}
