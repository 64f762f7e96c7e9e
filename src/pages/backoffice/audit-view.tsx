import type { AuditEntryView, AuditPage, AuditQuery } from '../../contracts/staff';
import { auditSearch } from './audit-filter';
import { formatDateTime } from '../../lib/format/dates';
import { auditChanges } from './audit-changes';
import { auditTitle } from './audit-labels';
import { AUDIT } from './operator-frame';

function Changes({ e }: { e: AuditEntryView }) {
  const changes = auditChanges(e);
  if (changes.length === 0) return <p className="backoffice__audit-change">Nenhum campo alterado.</p>;
  return (
    <ul className="backoffice__audit-change">
      {changes.map((c, i) => (
        <li key={i}>
          {c.label}:{' '}
          {c.before === null ? (
            <span>{c.after}</span>
          ) : c.after === null ? (
            <>
              <del>{c.before}</del> (removido)
            </>
          ) : (
            <>
              <span>{c.before}</span> → <strong>{c.after}</strong>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

function Entry({ e }: { e: AuditEntryView }) {
  return (
    <li data-testid="audit-entry">
      <p>
        <strong>{auditTitle(e)}</strong>
        <br />
        <small>
          {formatDateTime(e.createdAt)} · {e.staffEmail} (nº {e.staffId}) · requisição {e.requestId}
        </small>
      </p>
      <Changes e={e} />
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
