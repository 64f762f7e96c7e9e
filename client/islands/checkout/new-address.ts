import { ADDRESS_MAX } from '../../../src/lib/customer/address';
import { placeForCep } from '../../../src/lib/customer/cep';
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
export const ADDRESS_FIELDS: FieldSpec<keyof NewAddress>[] = [
  { field: 'street', label: 'Rua', autoComplete: 'address-line1', maxLength: ADDRESS_MAX.street },
  { field: 'number', label: 'Número', maxLength: ADDRESS_MAX.number },
  {
    field: 'complement',
    label: 'Complemento (opcional)',
    autoComplete: 'address-line2',
    maxLength: ADDRESS_MAX.complement,
  },
  { field: 'neighborhood', label: 'Bairro', maxLength: ADDRESS_MAX.neighborhood },
  { field: 'city', label: 'Cidade', autoComplete: 'address-level2', maxLength: ADDRESS_MAX.city },
  { field: 'state', label: 'UF', autoComplete: 'address-level1', maxLength: 2 },
];

/** The address rule of the account form and finish-order: a pt-BR message per field. */
export { addressErrors } from '../../../src/lib/customer/address';

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
