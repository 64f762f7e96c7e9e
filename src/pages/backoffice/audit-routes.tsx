import { Hono } from 'hono';
import { AuditQuerySchema } from '../../contracts/staff';
import type { AppEnv } from '../../env';
import { auditCsv, auditCsvFilename } from '../../http/audit-csv';
import { refuseControlChars } from '../../http/body';
import { AuditFilter } from './audit-filter';
import { AuditList } from './audit-view';
import { asStaff, AUDIT, invalid, page } from './operator-frame';

/** /painel/auditoria (`audit:read`): the audit log filtered by record, person and dates; `?formato=csv` exports it. */
export const auditRoutes = new Hono<AppEnv>().get(
  AUDIT,
  asStaff('audit:read', async (c, operator) => {
    const { formato, ...raw } = refuseControlChars(c.req.query());
    const query = AuditQuerySchema.safeParse(raw);
    if (!query.success) return invalid(c, operator, AUDIT, 'Auditoria', query.error.issues[0]!.message);
    if (formato === 'csv') {
      const data = await c.var.commerce.backofficeAuditExport(query.data);
      return c.body(auditCsv(data.entries), 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${auditCsvFilename(new Date())}"`,
        'cache-control': 'private, no-store',
      });
    }
    const data = await c.var.commerce.backofficeAudit(query.data);
    return page(
      c,
      operator,
      AUDIT,
      'Auditoria',
      <>
        <p>Cada alteração feita no painel fica registrada aqui: quem, o quê, quando, e os valores antes e depois.</p>
        <AuditFilter query={query.data} entities={data.entities} />
        <AuditList data={data} query={query.data} />
      </>,
    );
  }),
);
