import { auditRepo } from '../audit/repo';
import { identityOf } from '../customers/identity';
import { orderLifecycleDeps } from '../orders/embedded';
import { ordersRepo } from '../orders/repo';
import { paymentsCron } from '../payments/cron';
import { paymentLifecycleDeps } from '../payments/embedded';
import { liveRegistryOf } from '../payments/live/factories';
import type { ProviderSet } from '../payments/provider';
import { staffRepo } from '../staff/repo';
import * as staff from '../staff/service';
import type { BackofficePort } from './port';
import { backofficeRepo } from './repo';
import * as service from './service';

type BackofficeOptions = { token?: string | null; providers?: ProviderSet; requestId?: string; siteUrl?: string };

/** Who asks and the audit log, for this request: shared by every back-office slice (staffGate for the others). */
export function staffDepsOf(db: D1Database, options: BackofficeOptions): staff.StaffDeps {
  return {
    repo: staffRepo(db),
    audit: auditRepo(db),
    identity: identityOf(db, options.token ?? null),
    now: () => new Date(),
    requestId: options.requestId ?? crypto.randomUUID(),
    siteUrl: options.siteUrl ?? '',
  };
}

/** The embedded (D1) back office; every call checks the staff member (and a mutation its permission) first. */
export function embeddedBackoffice(
  db: D1Database,
  options: BackofficeOptions,
  staffDeps: staff.StaffDeps = staffDepsOf(db, options),
): BackofficePort {
  const deps: service.BackofficeDeps = {
    ...staffDeps,
    lifecycle: paymentLifecycleDeps(db),
    orderLifecycle: orderLifecycleDeps(db),
    backoffice: backofficeRepo(db),
    orders: ordersRepo(db),
    providers: options.providers ?? {},
    reconcile: (scope) => {
      const providers = options.providers ?? {};
      return paymentsCron(db, { registry: liveRegistryOf(providers), providers }, scope);
    },
  };
  return {
    backofficeOperator: () => staff.requireStaff(staffDeps),
    backofficeOrders: (query) => service.listOrders(deps, query),
    backofficeOrder: (id) => service.orderDetail(deps, id),
    backofficeOrderStatus: (id, input) => service.changeOrderStatus(deps, id, input),
    backofficeOrderPayment: (id) => service.orderPayment(deps, id),
    backofficeCheckOrderPayment: (id) => service.checkOrderPayment(deps, id),
    backofficeRefundPaidOut: (id, refundId) => service.refundPaidOut(deps, id, refundId),
    backofficeExchanges: (query) => service.listExchanges(deps, query),
    backofficeExchangeStatus: (id, input) => service.changeExchangeStatus(deps, id, input),
    backofficeStaff: () => staff.listStaff(staffDeps),
    backofficeInviteStaff: (input) => staff.inviteStaff(staffDeps, input),
    backofficeStaffRole: (id, input) => staff.changeStaffRole(staffDeps, id, input),
    backofficeStaffActive: (id, input) => staff.changeStaffActive(staffDeps, id, input),
    backofficeAudit: (query) => staff.auditPage(staffDeps, query),
    backofficeAuditExport: (query) => staff.auditExport(staffDeps, query),
    staffInvite: (token) => staff.inviteView(staffDeps, token),
    acceptStaffInvite: (input) => staff.acceptInvite(staffDeps, input),
  };
}
