import type { FormFields } from '../../../src/contracts/customer-forms';
import { formatCpf } from '../../../src/lib/customer/cpf';
import { Checkbox, Field, FormError } from '../../../src/ui/account/field';
import { onMaskedInput, PHONE_FIELD } from '../checkout/field-masks';

export interface ProfileFormProps {
  email: string;
  cpf: string;
  /** The name, phone, birth date and consent shown (the customer's, or what a refused post sent). */
  values: FormFields;
  errors: Record<string, string>;
  error: string | null;
}

/** "Meus dados": a plain POST to /minha-conta/perfil; the island adds the phone mask. */
export function ProfileForm({ email, cpf, values: v, errors, error }: ProfileFormProps) {
  return (
    <form className="account-form" method="post" action="/minha-conta/perfil" noValidate onInput={onMaskedInput}>
      <Field
        name="name"
        label="Nome completo"
        idPrefix="profile"
        defaultValue={v.name}
        error={errors.name}
        autoComplete="name"
        required
      />
      <Field
        name="email"
        label="E-mail"
        idPrefix="profile"
        defaultValue={email}
        readOnly
        hint="Para trocar o e-mail, fale com o atendimento."
      />
      <Field name="cpf" label="CPF" idPrefix="profile" defaultValue={formatCpf(cpf)} readOnly />
      <Field
        name="phone"
        label="Celular com DDD"
        idPrefix="profile"
        {...PHONE_FIELD}
        defaultValue={v.phone}
        error={errors.phone}
        required
      />
      <Field
        name="birthDate"
        label="Data de nascimento"
        idPrefix="profile"
        type="date"
        defaultValue={v.birthDate}
        error={errors.birthDate}
        required
      />
      <Checkbox
        name="marketingOptIn"
        idPrefix="profile"
        label="Quero receber ofertas e novidades da Vitrine por e-mail."
        defaultChecked={v.marketingOptIn === 'on'}
      />
      <FormError text={error} />
      <button type="submit" className="button button--primary">
        Salvar dados
      </button>
    </form>
  );
}
