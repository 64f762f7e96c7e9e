import type { StaffList } from '../../contracts/staff';
import { ROLE_LABELS, ROLES } from '../../commerce/staff/permissions';
import { formatDateTime as formatDate } from '../../lib/format/dates';
import { STAFF } from './operator-frame';

export function RoleSelect(props: { id: string; value?: string }) {
  return (
    <select id={props.id} name="role" defaultValue={props.value ?? 'operacoes'} required>
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}

/** The invitation form (a dono only): e-mail and role; the link goes out by e-mail. */
export function InviteForm(props: { email?: string; role?: string }) {
  return (
    <form className="account-form backoffice__invite" method="post" action={`${STAFF}/convites`}>
      <h2>Convidar para a equipe</h2>
      <div className="field">
        <label htmlFor="invite-email">E-mail</label>
        <input
          id="invite-email"
          name="email"
          type="email"
          autoComplete="off"
          maxLength={200}
          required
          defaultValue={props.email ?? ''}
        />
      </div>
      <div className="field">
        <label htmlFor="invite-role">Papel</label>
        <RoleSelect id="invite-role" value={props.role} />
      </div>
      <button type="submit" className="button button--primary">
        Enviar convite
      </button>
    </form>
  );
}

export function PendingInvites({ data }: { data: StaffList }) {
  if (data.invites.length === 0) return null;
  return (
    <>
      <h2>Convites pendentes</h2>
      <ul className="backoffice__invites">
        {data.invites.map((i) => (
          <li key={`${i.email}-${i.createdAt}`}>
            {i.email} · {ROLE_LABELS[i.role]} · vale até {formatDate(i.expiresAt)}
          </li>
        ))}
      </ul>
    </>
  );
}
