import type { Address } from '../../contracts/customers';
import { CEP_INPUT, formatCep, UFS } from '../../lib/customer/cep';
import { Field } from './field';

export type AddressValues = Partial<Record<keyof Address, string | null>>;

/**
 * The address inputs (names prefixed, e.g. `address.`); the CEP comes first so the form can fill the
 * rest from it. Errors are keyed by the same prefixed names.
 */
export function AddressFields({
  prefix,
  idPrefix,
  values,
  errors,
  showReceiver = true,
  required = true,
}: {
  prefix: string;
  idPrefix: string;
  values: AddressValues;
  errors: Record<string, string>;
  showReceiver?: boolean;
  required?: boolean;
}) {
  const v = (k: keyof Address) => values[k] ?? '';
  const e = (k: string) => errors[prefix + k] ?? null;
  const f = (k: keyof Address, label: string, extra: Record<string, unknown> = {}) => (
    <Field
      name={prefix + k}
      label={label}
      idPrefix={idPrefix}
      defaultValue={v(k)}
      error={e(k)}
      required={required}
      {...extra}
    />
  );
  return (
    <div className="address-fields">
      {f('zipCode', 'CEP', {
        ...CEP_INPUT,
        defaultValue: formatCep(v('zipCode')),
        'data-cep': '',
      })}
      {showReceiver ? f('receiver', 'Destinatário', { autoComplete: 'name' }) : null}
      {f('street', 'Rua', { autoComplete: 'address-line1' })}
      {f('number', 'Número')}
      {f('complement', 'Complemento (opcional)', { required: false, autoComplete: 'address-line2' })}
      {f('neighborhood', 'Bairro')}
      {f('city', 'Cidade', { autoComplete: 'address-level2' })}
      <div className={`field${e('state') ? ' field--error' : ''}`}>
        <label htmlFor={`${idPrefix}-${(prefix + 'state').replace(/\./g, '-')}`}>Estado</label>
        <select
          id={`${idPrefix}-${(prefix + 'state').replace(/\./g, '-')}`}
          name={prefix + 'state'}
          defaultValue={v('state')}
          required={required}
        >
          <option value="">UF</option>
          {UFS.map((uf) => (
            <option key={uf} value={uf}>
              {uf}
            </option>
          ))}
        </select>
        {e('state') ? <p className="field__error">{e('state')}</p> : null}
      </div>
    </div>
  );
}
