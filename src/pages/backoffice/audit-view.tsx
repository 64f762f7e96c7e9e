import type { AuditEntryView, AuditPage, AuditQuery } from '../../contracts/staff';
import { auditSearch } from './audit-filter';
import { formatDateTime } from '../../lib/format/dates';
import { AUDIT } from './operator-frame';

const fields = (value: Record<string, unknown> | null) => (value === null ? '—' : JSON.stringify(value));

function Entry({ e }: { e: AuditEntryView }) {
  return (
    <li data-testid="audit-entry">
      <p>
        <strong>{e.action}</strong> · {e.entity} {e.entityId}
        <br />
        <small>
          {formatDateTime(e.createdAt)} · {e.staffEmail} (nº {e.staffId}) · pedido {e.requestId}
        </small>
      </p>
      <p className="backoffice__audit-change">
        Antes: <code>{fields(e.before)}</code>
        <br />
        Depois: <code>{fields(e.after)}</code>
      </p>
    </li>
  );
}

export function AuditList({ data, query }: { data: AuditPage; query: AuditQuery }) {
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const href = (page: number) => `${AUDIT}${auditSearch(query, page > 1 ? { page: String(page) } : {})}`;
  return (
    <>
      <p>
        {data.total} {data.total === 1 ? 'registro' : 'registros'} · os mais recentes primeiro ·{' '}
        <a href={`${AUDIT}${auditSearch(query, { formato: 'csv' })}`} download>
          Exportar CSV
        </a>
      </p>
      {data.entries.length === 0 ? (
        <p className="account__empty">Nenhum registro com esses filtros.</p>
      ) : (
        <ul className="backoffice__audit">
          {data.entries.map((e) => (
            <Entry key={e.id} e={e} />
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav className="backoffice__pager" aria-label="Paginação">
          {data.page > 1 ? <a href={href(data.page - 1)}>← Anterior</a> : null}
          <span>
            Página {data.page} de {pages}
          </span>
          {data.page < pages ? <a href={href(data.page + 1)}>Próxima →</a> : null}
        </nav>
      ) : null}
    </>
  );
}
