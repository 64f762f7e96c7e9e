import { addressesRepo } from '../addresses/repo';
import { getCart, type CartDeps } from '../cart/service';
import { identityOf } from '../customers/identity';
import { batchOf } from '../d1';
import { inventoryRepo } from '../inventory/repo';
import { embeddedPayments, orderGiveBack, paymentLifecycleDeps, type PaymentsPort } from '../payments/embedded';
import type { ProviderSet } from '../payments/provider';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../payments/sandbox/payments-config';
import { paymentsRepo } from '../payments/repo';
import { SHIPPING_CONFIG } from '../shipping/quote';
import { confirmationPath, newAccessToken } from './access';
import type { OrderLifecycleDeps } from './lifecycle';
import type { OrdersDeps } from './order-deps';
import { ordersByToken } from './order-reads';
import { ordersRepo } from './repo';
import { ordersPort, type OrdersPort } from './service';

/** The orders services' dependencies for one request of the embedded backend. */
export function ordersDeps(
  db: D1Database,
  carts: CartDeps,
  token: string | null,
  payments: Partial<PaymentsConfig> = {},
  providers: ProviderSet = {},
  origin = '',
): OrdersDeps {
  const inventory = inventoryRepo(db);
  return {
    repo: ordersRepo(db, inventory),
    inventory,
    addresses: addressesRepo(db),
    carts,
    promotions: carts.pricing.promotions,
    cashback: carts.pricing.cashback,
    lifecycle: paymentLifecycleDeps(db),
    now: () => new Date(),
    batch: batchOf(db),
    payments: { ...PAYMENTS_CONFIG, ...payments },
    providers,
    origin,
    shipping: SHIPPING_CONFIG,
    identity: identityOf(db, token),
  };
}

/** Fulfilment steps and cancellation (back office, tests). */
export function orderLifecycleDeps(db: D1Database): OrderLifecycleDeps {
  return { orders: ordersRepo(db), payments: paymentsRepo(db), giveBack: orderGiveBack(db), batch: batchOf(db) };
}

/** The embedded orders slice, with the payments slice it charges through (wired to this request's cart and orders). */
export function embeddedOrders(
  db: D1Database,
  carts: CartDeps,
  options: { token?: string | null; payments?: Partial<PaymentsConfig>; providers?: ProviderSet; origin?: string },
): OrdersPort & PaymentsPort {
  const token = options.token ?? null;
  const deps = ordersDeps(db, carts, token, options.payments, options.providers, options.origin);
  const payments = embeddedPayments(
    db,
    {
      now: deps.now,
      config: deps.payments,
      providers: deps.providers,
      origin: deps.origin,
      identity: deps.identity,
      cart: (cartId) => getCart(carts, cartId),
      cartOwner: (cartId) => deps.repo.cartMeta(cartId),
      tokenOpens: async (orderId, access, now) =>
        (await ordersByToken(deps.repo, [orderId], access, now).catch(() => [])).length > 0,
      confirmationLink: async (orderIds, now) => {
        const token = await newAccessToken(now);
        await deps.repo.addAccessToken(orderIds, token.hash, token.expiresAt);
        return confirmationPath(orderIds, token.access);
      },
    },
    token,
  );
  return { ...ordersPort(deps), ...payments };
}
