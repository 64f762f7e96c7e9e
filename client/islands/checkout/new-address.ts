import { placeForCep } from '../../../src/lib/cep-places';
import type { FieldSpec } from '../../../src/ui/checkout/field';
import type { NewAddress } from '../../stores/checkout';

// The delivery step's typed address: its fields, what it requires and what the CEP alone fills in.
export const EMPTY: NewAddress = {
  zipCode: '',
  street: '',
  number: '',
  complement: '',
  neighborhood: '',
  city: '',
  state: '',
};
const REQUIRED: [keyof NewAddress, string][] = [
  ['street', 'Informe a rua.'],
  ['number', 'Informe o número.'],
  ['neighborhood', 'Informe o bairro.'],
  ['city', 'Informe a cidade.'],
];
export const ADDRESS_FIELDS: FieldSpec<keyof NewAddress>[] = [
  { field: 'street', label: 'Rua', autoComplete: 'address-line1' },
  { field: 'number', label: 'Número' },
  { field: 'complement', label: 'Complemento (opcional)', autoComplete: 'address-line2' },
  { field: 'neighborhood', label: 'Bairro' },
  { field: 'city', label: 'Cidade', autoComplete: 'address-level2' },
  { field: 'state', label: 'UF', autoComplete: 'address-level1', maxLength: 2 },
];

export function addressErrors(a: NewAddress): Partial<Record<keyof NewAddress, string>> {
  const errors: Partial<Record<keyof NewAddress, string>> = {};
  for (const [key, message] of REQUIRED) if (!a[key]?.trim()) errors[key] = message;
  if (!/^[A-Za-z]{2}$/.test(a.state.trim())) errors.state = 'Informe a UF (2 letras).';
  return errors;
}

/** Fills what the CEP alone tells (state, capital, street) where the shopper left the field empty. */
export function withPlace(address: NewAddress): NewAddress {
  const place = placeForCep(address.zipCode);
  return {
    ...address,
    state: address.state || place?.state || '',
    city: address.city || place?.city || '',
    street: address.street || place?.street || '',
    neighborhood: address.neighborhood || place?.district || '',
  };
}
