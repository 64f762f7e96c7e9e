import type { Address, AddressInput } from '../../contracts/customers';
import { DomainError } from '../domain-error';
import { MAX_ADDRESSES, type AddressesRepo, type AddressRow } from './repo';

export interface AddressesDeps {
  repo: AddressesRepo;
}

const NOT_FOUND = 'Endereço não encontrado.';

const toAddress = (row: AddressRow): Address => ({
  id: row.id,
  label: row.label,
  receiver: row.receiver,
  zipCode: row.zip_code,
  street: row.street,
  number: row.number,
  complement: row.complement,
  neighborhood: row.neighborhood,
  city: row.city,
  state: row.state,
  isDefault: row.is_default === 1,
});

export async function listAddresses(deps: AddressesDeps, customerId: number): Promise<{ addresses: Address[] }> {
  return { addresses: (await deps.repo.list(customerId)).map(toAddress) };
}

export async function addAddress(deps: AddressesDeps, customerId: number, input: AddressInput) {
  const id = await deps.repo.add(customerId, input);
  if (id === null) throw new DomainError('CONFLICT', `Você pode salvar até ${MAX_ADDRESSES} endereços.`);
  return listAddresses(deps, customerId);
}

export async function updateAddress(deps: AddressesDeps, customerId: number, id: number, input: AddressInput) {
  if (!(await deps.repo.update(customerId, id, input))) throw new DomainError('NOT_FOUND', NOT_FOUND);
  return listAddresses(deps, customerId);
}

export async function setDefaultAddress(deps: AddressesDeps, customerId: number, id: number) {
  if (!(await deps.repo.setDefault(customerId, id))) throw new DomainError('NOT_FOUND', NOT_FOUND);
  return listAddresses(deps, customerId);
}

export async function removeAddress(deps: AddressesDeps, customerId: number, id: number) {
  if (!(await deps.repo.remove(customerId, id))) throw new DomainError('NOT_FOUND', NOT_FOUND);
  return listAddresses(deps, customerId);
}
