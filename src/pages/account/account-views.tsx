import type { FormFields } from '../../contracts/customer-forms';
import type { Address, Me } from '../../contracts/customers';
import { formatCep } from '../../lib/customer/cep';
import { PASSWORD_RULE } from '../../lib/security/password';
import { formatNationalPhone } from '../../lib/customer/phone';
import { Field, FormError } from '../../ui/account/field';
import { ProfileForm } from '../../../client/islands/account/profile-form';
import { LazyIsland } from '../lazy-island';

/** Profile (name, phone, birth date, marketing consent: an island, for the phone mask) and the password change. */
export function ProfileForms(props: {
  me: Me;
  values?: FormFields;
  errors: Record<string, string>;
  error: string | null;
  passwordError: string | null;
}) {
  const { me, errors } = props;
  const v = props.values ?? {
    name: me.name,
    phone: formatNationalPhone(me.phone ?? ''),
    birthDate: me.birthDate ?? '',
    marketingOptIn: me.marketingOptIn ? 'on' : '',
  };
  return (
    <>
      <LazyIsland
        name="ProfileForm"
        component={ProfileForm}
        props={{ email: me.email, cpf: me.cpf, values: v, errors, error: props.error }}
      />
      <h2>Alterar senha</h2>
      <form className="account-form" method="post" action="/minha-conta/perfil/senha" noValidate>
        <Field
          name="currentPassword"
          label="Senha atual"
          idPrefix="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <Field
          name="newPassword"
          label="Nova senha"
          idPrefix="password"
          type="password"
          autoComplete="new-password"
          required
          hint={PASSWORD_RULE}
        />
        <FormError text={props.passwordError} />
        <button type="submit" className="button">
          Alterar senha
        </button>
      </form>
    </>
  );
}

export function AddressList({ addresses }: { addresses: Address[] }) {
  if (addresses.length === 0) return <p className="account__empty">Você ainda não tem endereços salvos.</p>;
  return (
    <ul className="address-list">
      {addresses.map((a) => (
        <li key={a.id} className="address-card" data-testid="address-card">
          <p className="address-card__title">
            <strong>{a.label ?? a.receiver}</strong>
            {a.isDefault ? <span className="badge">Padrão</span> : null}
          </p>
          <p>
            {a.street}, {a.number}
            {a.complement ? ` – ${a.complement}` : ''}
            <br />
            {a.neighborhood} · {a.city}/{a.state} · CEP {formatCep(a.zipCode)}
            <br />
            Destinatário: {a.receiver}
          </p>
          <div className="address-card__actions">
            <a href={`/minha-conta/enderecos?editar=${a.id}`} aria-label={`Editar endereço ${a.label ?? a.street}`}>
              Editar
            </a>
            {a.isDefault ? null : (
              <form method="post" action={`/minha-conta/enderecos/${a.id}/padrao`}>
                <button type="submit" className="link-button">
                  Tornar padrão
                </button>
              </form>
            )}
            <form method="post" action={`/minha-conta/enderecos/${a.id}/excluir`}>
              <button
                type="submit"
                className="link-button link-button--danger"
                aria-label={`Excluir endereço ${a.label ?? a.street}`}
              >
                Excluir
              </button>
            </form>
          </div>
        </li>
      ))}
    </ul>
  );
}
