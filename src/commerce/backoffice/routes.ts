import { Hono } from 'hono';
import { jsonBody, parseWith } from '../../http/body';
import {
  BackofficeExchangesQuerySchema,
  BackofficeOrdersQuerySchema,
  ExchangeStatusChangeSchema,
  OrderStatusChangeSchema,
} from '../../contracts/backoffice';
import {
  AuditQuerySchema,
  InviteAcceptSchema,
  InviteTokenSchema,
  StaffActiveChangeSchema,
  StaffInviteSchema,
  StaffRoleChangeSchema,
} from '../../contracts/staff';
import type { AppEnv } from '../../env';
import { auditCsv, auditCsvFilename } from '../../http/audit-csv';
import { requirePermission } from '../staff/guard';
import { flushOutbox } from '../../http/mail';

const ID = '{[0-9]{1,9}}';
const id = (raw: string) => Number(raw);

/**
 * `/api/backoffice/*`: the store staff's calls (ADR 0010, ADR 0028). Reads need an active staff account; every
 * mutation declares its permission with `requirePermission` (the port checks it again and writes the audit row).
 */
export const backofficeRoutes = new Hono<AppEnv>()
  // Who asks is checked before anything is read from the request: 401/403 come first.
  .use('/backoffice/*', async (c, next) => {
    await c.var.commerce.backofficeOperator();
    await next();
  })
  .get('/backoffice/me', async (c) => c.json(await c.var.commerce.backofficeOperator()))
  .get('/backoffice/orders', async (c) =>
    c.json(await c.var.commerce.backofficeOrders(parseWith(BackofficeOrdersQuerySchema, c.req.query()))),
  )
  .get(`/backoffice/orders/:id${ID}`, async (c) => c.json(await c.var.commerce.backofficeOrder(id(c.req.param('id')))))
  .post(`/backoffice/orders/:id${ID}/status`, requirePermission('orders:write'), async (c) => {
    const input = await jsonBody(c, OrderStatusChangeSchema);
    return c.json(await c.var.commerce.backofficeOrderStatus(id(c.req.param('id')), input));
  })
  .get(`/backoffice/orders/:id${ID}/payment`, async (c) =>
    c.json(await c.var.commerce.backofficeOrderPayment(id(c.req.param('id')))),
  )
  .post(`/backoffice/orders/:id${ID}/payment/check`, requirePermission('orders:write'), async (c) =>
    c.json(await c.var.commerce.backofficeCheckOrderPayment(id(c.req.param('id')))),
  )
  .post(`/backoffice/orders/:id${ID}/refunds/:refundId${ID}/paid-out`, requirePermission('orders:write'), async (c) =>
    c.json(await c.var.commerce.backofficeRefundPaidOut(id(c.req.param('id')), id(c.req.param('refundId')))),
  )
  .get('/backoffice/exchanges', async (c) =>
    c.json(await c.var.commerce.backofficeExchanges(parseWith(BackofficeExchangesQuerySchema, c.req.query()))),
  )
  .post(`/backoffice/exchanges/:id${ID}/status`, requirePermission('exchanges:write'), async (c) => {
    const input = await jsonBody(c, ExchangeStatusChangeSchema);
    return c.json(await c.var.commerce.backofficeExchangeStatus(id(c.req.param('id')), input));
  })
  .get('/backoffice/staff', async (c) => c.json(await c.var.commerce.backofficeStaff()))
  .post('/backoffice/staff/invites', requirePermission('staff:manage'), async (c) => {
    const result = await c.var.commerce.backofficeInviteStaff(await jsonBody(c, StaffInviteSchema));
    flushOutbox(c);
    return c.json(result, 201);
  })
  .post(`/backoffice/staff/:id${ID}/role`, requirePermission('staff:manage'), async (c) =>
    c.json(await c.var.commerce.backofficeStaffRole(id(c.req.param('id')), await jsonBody(c, StaffRoleChangeSchema))),
  )
  .post(`/backoffice/staff/:id${ID}/active`, requirePermission('staff:manage'), async (c) =>
    c.json(
      await c.var.commerce.backofficeStaffActive(id(c.req.param('id')), await jsonBody(c, StaffActiveChangeSchema)),
    ),
  )
  .get('/backoffice/audit', requirePermission('audit:read'), async (c) => {
    const query = parseWith(AuditQuerySchema, c.req.query());
    return c.json(await c.var.commerce.backofficeAudit(query));
  })
  .get('/backoffice/audit/export', requirePermission('audit:read'), async (c) => {
    const { formato, ...raw } = c.req.query();
    const query = parseWith(AuditQuerySchema, raw);
    const data = await c.var.commerce.backofficeAuditExport(query);
    if (formato !== 'csv') return c.json(data);
    return c.body(auditCsv(data.entries), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${auditCsvFilename(new Date())}"`,
      'cache-control': 'private, no-store',
    });
  })
  // The invitation link (public: the invitee is not staff yet); its token is the only credential.
  .get('/staff-invite', async (c) =>
    c.json(await c.var.commerce.staffInvite(parseWith(InviteTokenSchema, c.req.query('token') ?? ''))),
  )
  .post('/staff-invite', async (c) =>
    c.json(await c.var.commerce.acceptStaffInvite(await jsonBody(c, InviteAcceptSchema))),
  );
