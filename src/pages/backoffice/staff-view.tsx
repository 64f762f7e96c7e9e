import type { Operator, StaffList } from '../../contracts/staff';
import { can, ROLE_LABELS } from '../../commerce/staff/permissions';
import { RoleSelect } from './invite-form';
import { formatDateTime as formatDate } from '../../lib/format/dates';
import { STAFF } from './operator-frame';

/** The staff as a list of cards (fits 375 px); a dono sees the role and status forms on each. */
export function StaffCards({ data, operator }: { data: StaffList; operator: Operator }) {
  const manage = can(operator, 'staff:manage');
  return (
    <ul className="backoffice__staff" data-testid="staff-list">
      {data.staff.map((m) => (
        <li key={m.id} id={`pessoa-${m.id}`} data-testid="staff-member">
          <p>
            <strong>{m.name}</strong> · {m.email}
            <br />
            <small>
              {ROLE_LABELS[m.role]} · {m.active ? 'Ativa' : 'Desativada'} · desde {formatDate(m.createdAt)}
            </small>
          </p>
          {manage ? (
            <div className="backoffice__staff-actions">
              <form method="post" action={`${STAFF}/${m.id}/papel`}>
                <label htmlFor={`role-${m.id}`}>Papel de {m.name}</label>
                <RoleSelect id={`role-${m.id}`} value={m.role} />
                <button type="submit" className="button">
                  Salvar papel
                </button>
              </form>
              <form method="post" action={`${STAFF}/${m.id}/situacao`}>
                <input type="hidden" name="active" value={m.active ? '0' : '1'} />
                <button type="submit" className="button">
                  {m.active ? 'Desativar acesso' : 'Reativar acesso'}
                </button>
              </form>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
