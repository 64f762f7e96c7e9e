import { useState, type FormEvent } from 'react';
import {
  CHECK_FIELDS_MESSAGE,
  formFields,
  registrationFromForm,
  type FormFields,
} from '../../../src/contracts/customer-forms';
import { isValidCpf } from '../../../src/lib/customer/cpf';
import { PASSWORD_RULE } from '../../../src/lib/security/password';
import { AddressFields } from '../../../src/ui/account/address-fields';
import { Checkbox, Field, FormSubmit } from '../../../src/ui/account/field';
import { useFocusFirstInvalid } from '../../focus-invalid';
import { useStores } from '../../stores';
import { afterLogin } from './after-login';
import { CPF_FIELD, onMaskedInput, PHONE_FIELD } from '../checkout/field-masks';
import { onCepInput, useCepTypedEarly } from './cep-autofill';

export interface RegisterFormProps {
  values: FormFields;
  errors: Record<string, string>;
  error: string | null;
  /** Where the new customer goes afterwards (a path on this origin: what opened the login, e.g. a heart's product). */
  redirect: string;
}

const ID = 'cadastro';

/** /cadastro: a plain POST without JS (field-by-field errors); with JS, sent to /api/register. */
export function RegisterForm(props: RegisterFormProps) {
  const stores = useStores();
  const [errors, setErrors] = useState(props.errors);
  const [error, setError] = useState(props.error);
  const [busy, setBusy] = useState(false);
  // After a refused submit, focus goes to the first field marked invalid (as the checkout's delivery step).
  const { root: form, focusInvalid } = useFocusFirstInvalid<HTMLFormElement>();
  useCepTypedEarly(form);
  const v = props.values;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // The server validates (one schema, no validator in the bundle) and answers with every field's problem.
    const input = registrationFromForm(formFields(new FormData(event.currentTarget)));
    setErrors({});
    setError(null);
    setBusy(true);
    const answer = await stores.session.register(input);
    if (!answer.ok) {
      setBusy(false);
      // The same words as the no-JS page: each field marked with its own message.
      setError(answer.fields ? CHECK_FIELDS_MESSAGE : answer.error);
      if (answer.fields) {
        focusInvalid();
        setErrors(answer.fields);
      }
      return;
    }
    await afterLogin(stores, 'sign_up', props.redirect);
  }

  const field = (name: string, label: string, extra: Record<string, unknown> = {}) => (
    <Field
      name={name}
      label={label}
      idPrefix={ID}
      defaultValue={v[name] ?? ''}
      error={errors[name]}
      required
      {...extra}
    />
  );
  return (
    <form
      ref={form}
      className="auth-form auth-form--wide"
      method="post"
      action="/cadastro"
      noValidate
      onSubmit={(e) => void submit(e)}
      onInput={(e) => {
        onCepInput(e);
        onMaskedInput(e);
        // A refused CPF's message goes as soon as the field holds a valid one: it no longer describes what is there.
        const input = e.target as HTMLInputElement;
        if (
          input.name === 'cpf' &&
          errors.cpf &&
          input.value.replace(/\D/g, '').length === 11 &&
          isValidCpf(input.value)
        ) {
          setErrors(({ cpf: _fixed, ...rest }) => rest);
        }
      }}
    >
      <input type="hidden" name="redirect" value={props.redirect} />
      <fieldset>
        <legend>Seus dados</legend>
        {field('name', 'Nome completo', { autoComplete: 'name' })}
        {field('email', 'E-mail', { type: 'email', autoComplete: 'email' })}
        {field('cpf', 'CPF', CPF_FIELD)}
        {field('phone', 'Celular com DDD', { ...PHONE_FIELD, autoComplete: 'tel-national' })}
        {field('birthDate', 'Data de nascimento', { type: 'date', autoComplete: 'bday' })}
        <Field
          name="password"
          label="Senha"
          idPrefix={ID}
          type="password"
          autoComplete="new-password"
          required
          error={errors.password}
          hint={PASSWORD_RULE}
        />
      </fieldset>
      <details
        className="auth-form__optional"
        open={Object.keys(errors).some((k) => k.startsWith('address.')) || !!v['address.zipCode']}
      >
        <summary>Adicionar endereço de entrega (opcional)</summary>
        <AddressFields
          prefix="address."
          idPrefix={ID}
          values={{
            zipCode: v['address.zipCode'],
            street: v['address.street'],
            number: v['address.number'],
            complement: v['address.complement'],
            neighborhood: v['address.neighborhood'],
            city: v['address.city'],
            state: v['address.state'],
          }}
          errors={errors}
          showReceiver={false}
          required={false}
        />
      </details>
      <Checkbox
        name="marketingOptIn"
        idPrefix={ID}
        label="Quero receber ofertas e novidades da Vitrine por e-mail (opcional)."
        defaultChecked={v.marketingOptIn === 'on'}
      />
      <p className="auth-form__legal">
        Usamos seus dados apenas para criar sua conta, entregar seus pedidos e emitir notas fiscais, conforme a LGPD.
      </p>
      <FormSubmit error={error} busy={busy} label="Criar conta" busyLabel="Criando conta…" />
      <p className="auth-form__links">
        Já tem conta? <a href="/login">Faça o login</a>
      </p>
    </form>
  );
}
