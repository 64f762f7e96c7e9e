import { identityOf } from '../customers/identity';
import { orderLifecycleDeps } from '../orders/embedded';
import { ordersRepo } from '../orders/repo';
import { paymentLifecycleDeps } from '../payments/embedded';
import type { ProviderSet } from '../payments/provider';
import type { BackofficePort } from './port';
import { backofficeRepo } from './repo';
import * as service from './service';

/** The embedded (D1) back office; every call checks the operator first. */
export function embeddedBackoffice(
  db: D1Database,
  options: { token?: string | null; providers?: ProviderSet },
): BackofficePort {
  const deps: service.BackofficeDeps = {
    lifecycle: paymentLifecycleDeps(db),
    orderLifecycle: orderLifecycleDeps(db),
    repo: backofficeRepo(db),
    orders: ordersRepo(db),
    identity: identityOf(db, options.token ?? null),
    now: () => new Date(),
    providers: options.providers ?? {},
  };
  return {
    backofficeOperator: () => service.requireOperator(deps),
    backofficeOrders: (query) => service.listOrders(deps, query),
    backofficeOrder: (id) => service.orderDetail(deps, id),
    backofficeOrderStatus: (id, input) => service.changeOrderStatus(deps, id, input),
    backofficeExchanges: (query) => service.listExchanges(deps, query),
    backofficeExchangeStatus: (id, input) => service.changeExchangeStatus(deps, id, input),
  };
}
