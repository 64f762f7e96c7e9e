import { identityOf } from '../customers/identity';
import { orderLifecycleDeps } from '../orders/embedded';
import { ordersRepo } from '../orders/repo';
import { paymentsCron } from '../payments/cron';
import { paymentLifecycleDeps } from '../payments/embedded';
import { liveRegistryOf } from '../payments/live/factories';
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
    reconcile: (scope) => {
      const providers = options.providers ?? {};
      return paymentsCron(db, { registry: liveRegistryOf(providers), providers }, scope);
    },
  };
  return {
    backofficeOperator: () => service.requireOperator(deps),
    backofficeOrders: (query) => service.listOrders(deps, query),
    backofficeOrder: (id) => service.orderDetail(deps, id),
    backofficeOrderStatus: (id, input) => service.changeOrderStatus(deps, id, input),
    backofficeOrderPayment: (id) => service.orderPayment(deps, id),
    backofficeCheckOrderPayment: (id) => service.checkOrderPayment(deps, id),
    backofficeRefundPaidOut: (id, refundId) => service.refundPaidOut(deps, id, refundId),
    backofficeExchanges: (query) => service.listExchanges(deps, query),
    backofficeExchangeStatus: (id, input) => service.changeExchangeStatus(deps, id, input),
  };
}
