import type { FormFields } from '../../../src/contracts/customer-forms';
import { AddressFields } from '../../../src/ui/account/address-fields';
import { Checkbox, FormError } from '../../../src/ui/account/field';
import { useRef } from 'react';
import { onCepInput, useCepTypedEarly } from './cep-autofill';

export interface AddressFormProps {
  action: string;
  values: FormFields;
  errors: Record<string, string>;
  error: string | null;
  submitLabel: string;
  cancelHref: string | null;
}

/** Address form: a plain POST; the island adds the CEP mask and fills the rest from the CEP. */
export function AddressForm({ action, values, errors, error, submitLabel, cancelHref }: AddressFormProps) {
  const form = useRef<HTMLFormElement>(null);
  useCepTypedEarly(form);
  return (
    <form ref={form} className="account-form" method="post" action={action} onInput={onCepInput} noValidate>
      <AddressFields prefix="" idPrefix="address" values={values} errors={errors} />
      <div className="field">
        <label htmlFor="address-label">Apelido (opcional)</label>
        <input
          id="address-label"
          name="label"
          maxLength={40}
          defaultValue={values.label ?? ''}
          placeholder="Casa, Trabalho…"
        />
      </div>
      <Checkbox
        name="isDefault"
        idPrefix="address"
        label="Usar como endereço padrão"
        defaultChecked={values.isDefault === 'on'}
      />
      <FormError text={error} />
      <div className="account-form__actions">
        <button type="submit" className="button button--primary">
          {submitLabel}
        </button>
        {cancelHref ? <a href={cancelHref}>Cancelar</a> : null}
      </div>
    </form>
  );
}
