import type {
  BackofficeExchange,
  BackofficeExchangesPage,
  BackofficeExchangesQuery,
  BackofficeOrderDetail,
  BackofficeOrderPayment,
  BackofficeOrdersPage,
  BackofficeOrdersQuery,
  ExchangeStatusChange,
  OrderStatusChange,
} from '../../contracts/backoffice';
import type * as Staff from '../../contracts/staff';

/**
 * The store staff's calls of the CommercePort (ADR 0010, ADR 0028). Every call needs a signed-in, active staff
 * member (`UNAUTHENTICATED` without a session, `FORBIDDEN` for anyone else); every mutation also needs its
 * permission (`FORBIDDEN`, "sem permissão") and appends one audit row in its own batch.
 */
export interface BackofficePort {
  /** Who is signed in, with the role and its permissions: the guard (`requirePermission`, `asStaff`) reads this. */
  backofficeOperator(): Promise<Staff.Operator>;
  backofficeOrders(query: BackofficeOrdersQuery): Promise<BackofficeOrdersPage>;
  /** Any customer's order (or a guest's), with the steps open to it and its exchange/return requests. */
  backofficeOrder(id: number): Promise<BackofficeOrderDetail>;
  /** `orders:write`. */
  backofficeOrderStatus(id: number, input: OrderStatusChange): Promise<BackofficeOrderDetail>;
  /** The order's payment as its provider holds it (provider, ids, statuses, events, refunds); null: no payment. */
  backofficeOrderPayment(id: number): Promise<BackofficeOrderPayment>;
  /** "Conferir com o provedor": the cron's reconciliation for this one order's payment, then its view. */
  backofficeCheckOrderPayment(id: number): Promise<BackofficeOrderPayment>;
  /** A refund owed by transfer was paid into the shopper's account: `done` (CONFLICT when not owed or no account yet). */
  backofficeRefundPaidOut(id: number, refundId: number): Promise<BackofficeOrderPayment>;
  /** The exchange/return queue, oldest first. */
  backofficeExchanges(query: BackofficeExchangesQuery): Promise<BackofficeExchangesPage>;
  /** `exchanges:write`. */
  backofficeExchangeStatus(id: number, input: ExchangeStatusChange): Promise<BackofficeExchange>;
  /** The staff and the pending invitations. */
  backofficeStaff(): Promise<Staff.StaffList>;
  /** `staff:manage`: an invitation by e-mail (the mail outbox). */
  backofficeInviteStaff(input: Staff.StaffInvite): Promise<Staff.StaffInviteResult>;
  /** `staff:manage`; `CONFLICT` when it would leave no active dono. */
  backofficeStaffRole(id: number, input: Staff.StaffRoleChange): Promise<Staff.StaffMember>;
  /** `staff:manage`; `CONFLICT` when it would leave no active dono. */
  backofficeStaffActive(id: number, input: Staff.StaffActiveChange): Promise<Staff.StaffMember>;
  /** `audit:read`: one page of the audit log, newest first. */
  backofficeAudit(query: Staff.AuditQuery): Promise<Staff.AuditPage>;
  /** `audit:read`: every matching row (up to AUDIT_EXPORT_LIMIT), for the CSV export. */
  backofficeAuditExport(query: Staff.AuditQuery): Promise<Staff.AuditExport>;
  /** Public: what an invitation link offers; `UNPROCESSABLE` when it is unknown, used or expired. */
  staffInvite(token: string): Promise<Staff.InviteView>;
  /** Public: the invitee sets a password and becomes staff; then signs in like any customer. */
  acceptStaffInvite(input: Staff.InviteAccept): Promise<{ message: string }>;
}
