import type { AddressesRepo } from '../addresses/repo';
import type { CartDeps } from '../cart/service';
import type { CashbackRepo } from '../cashback/repo';
import type { Identity } from '../customers/identity';
import type { Batch } from '../d1';
import type { InventoryRepo } from '../inventory/repo';
import type { PaymentLifecycleDeps } from '../payments/payment-lifecycle';
import type { ProviderSet } from '../payments/provider';
import type { PaymentsConfig } from '../payments/sandbox/payments-config';
import type { PromotionsRepo } from '../promotions/repo';
import type { ShippingConfig } from '../shipping/quote';
import type { OrdersRepo } from './repo';

/** What the orders services get for one request (wired by orders/embedded.ts): repos and settings, never the database. */
export interface OrdersDeps {
  repo: OrdersRepo;
  inventory: InventoryRepo;
  addresses: AddressesRepo;
  carts: CartDeps;
  /** Coupon use and cashback debit/accrual statements for the order's batch. */
  promotions: PromotionsRepo;
  cashback: CashbackRepo;
  /** Expiry on reads, and the capture after the order batch marks the orders paid. */
  lifecycle: PaymentLifecycleDeps;
  now: () => Date;
  /** Statements of several repos as ONE batch (the retry: the orders' claim and the cart's lines). */
  batch: Batch;
  payments: PaymentsConfig;
  /** The adapters of this request's payments mode; a slot without one is not chargeable. */
  providers: ProviderSet;
  /** This site's origin, for return URLs at providers. */
  origin: string;
  shipping: ShippingConfig;
  identity: () => Promise<Identity | null>;
}
