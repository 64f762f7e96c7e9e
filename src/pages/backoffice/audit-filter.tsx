import type { AuditQuery } from '../../contracts/staff';
import { auditEntityLabel } from './audit-labels';
import { AUDIT } from './operator-frame';

/** The query string of a filter (page and format aside), for the pager and the CSV link. */
export function auditSearch(query: Partial<AuditQuery>, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  for (const key of ['entity', 'staff', 'from', 'to'] as const) if (query[key]) q.set(key, String(query[key]));
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  const text = q.toString();
  return text ? `?${text}` : '';
}

export function AuditFilter({ query, entities }: { query: Partial<AuditQuery>; entities: string[] }) {
  return (
    <form className="backoffice__filter backoffice__audit-filter" method="get" action={AUDIT}>
      <div className="backoffice__audit-field">
        <label htmlFor="audit-entity">Registro</label>
        <select id="audit-entity" name="entity" defaultValue={query.entity ?? ''}>
          <option value="">Todos</option>
          {entities.map((e) => (
            <option key={e} value={e}>
              {auditEntityLabel(e)}
            </option>
          ))}
        </select>
      </div>
      <div className="backoffice__audit-field">
        <label htmlFor="audit-staff">Pessoa</label>
        <input
          id="audit-staff"
          name="staff"
          type="search"
          maxLength={200}
          placeholder="E-mail ou nº"
          defaultValue={query.staff ?? ''}
        />
      </div>
      <div className="backoffice__audit-field">
        <label htmlFor="audit-from">De</label>
        <input id="audit-from" name="from" type="date" defaultValue={query.from ?? ''} />
      </div>
      <div className="backoffice__audit-field">
        <label htmlFor="audit-to">Até</label>
        <input id="audit-to" name="to" type="date" defaultValue={query.to ?? ''} />
      </div>
      <button type="submit" className="button">
        Filtrar
      </button>
    </form>
  );
}
