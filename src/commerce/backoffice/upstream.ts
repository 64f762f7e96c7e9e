import {
  BackofficeExchangeSchema,
  BackofficeExchangesPageSchema,
  BackofficeOrderDetailSchema,
  BackofficeOrderPaymentSchema,
  BackofficeOrdersPageSchema,
} from '../../contracts/backoffice';
import {
  AuditExportSchema,
  AuditPageSchema,
  InviteViewSchema,
  OperatorSchema,
  StaffInviteResultSchema,
  StaffListSchema,
  StaffMemberSchema,
  type AuditQuery,
} from '../../contracts/staff';
import { MessageSchema } from '../../contracts/customers';
import type { UpstreamSend } from '../upstream-http';
import type { BackofficePort } from './port';

const query = (q: { status?: string; q?: string; page: number }) =>
  `?${new URLSearchParams({ ...(q.status ? { status: q.status } : {}), ...(q.q ? { q: q.q } : {}), page: String(q.page) })}`;

const auditQuery = (q: AuditQuery, extra: Record<string, string> = {}) => {
  const entries = Object.entries({ ...q, ...extra }).filter(([, v]) => v !== undefined && v !== '');
  return `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)]))}`;
};

/** The back office against the upstream API (same paths as our /api/backoffice), answers parsed with the contract. */
export function upstreamBackoffice(send: UpstreamSend): BackofficePort {
  const id = (n: number) => encodeURIComponent(String(n));
  return {
    backofficeOperator: () => send('GET', '/backoffice/me', OperatorSchema),
    backofficeOrders: (q) => send('GET', `/backoffice/orders${query(q)}`, BackofficeOrdersPageSchema),
    backofficeOrder: (n) => send('GET', `/backoffice/orders/${id(n)}`, BackofficeOrderDetailSchema),
    backofficeOrderStatus: (n, input) =>
      send('POST', `/backoffice/orders/${id(n)}/status`, BackofficeOrderDetailSchema, input),
    backofficeOrderPayment: (n) => send('GET', `/backoffice/orders/${id(n)}/payment`, BackofficeOrderPaymentSchema),
    backofficeCheckOrderPayment: (n) =>
      send('POST', `/backoffice/orders/${id(n)}/payment/check`, BackofficeOrderPaymentSchema, {}),
    backofficeRefundPaidOut: (n, refundId) =>
      send('POST', `/backoffice/orders/${id(n)}/refunds/${id(refundId)}/paid-out`, BackofficeOrderPaymentSchema, {}),
    backofficeExchanges: (q) => send('GET', `/backoffice/exchanges${query(q)}`, BackofficeExchangesPageSchema),
    backofficeExchangeStatus: (n, input) =>
      send('POST', `/backoffice/exchanges/${id(n)}/status`, BackofficeExchangeSchema, input),
    // The upstream owns its staff and audit log: its /backoffice/me answer carries the role and permissions.
    backofficeStaff: () => send('GET', '/backoffice/staff', StaffListSchema),
    backofficeInviteStaff: (input) => send('POST', '/backoffice/staff/invites', StaffInviteResultSchema, input),
    backofficeStaffRole: (n, input) => send('POST', `/backoffice/staff/${id(n)}/role`, StaffMemberSchema, input),
    backofficeStaffActive: (n, input) => send('POST', `/backoffice/staff/${id(n)}/active`, StaffMemberSchema, input),
    backofficeAudit: (q) => send('GET', `/backoffice/audit${auditQuery(q)}`, AuditPageSchema),
    backofficeAuditExport: (q) => send('GET', `/backoffice/audit/export${auditQuery(q)}`, AuditExportSchema),
    staffInvite: (token) => send('GET', `/staff-invite?${new URLSearchParams({ token })}`, InviteViewSchema),
    acceptStaffInvite: (input) => send('POST', '/staff-invite', MessageSchema, input),
  };
}
