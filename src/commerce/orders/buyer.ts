import type { FinishOrder } from '../../contracts/checkout';
import type { AddressSnapshot } from '../../contracts/orders';
import type { BuyerAddress } from '../payments/provider';
import { normalizeCpf } from '../../lib/customer/cpf';
import { DomainError } from '../domain-error';
import type { OrdersDeps } from './order-deps';
import { ORDER_MESSAGES } from './messages';

/** Finish-order step 1: who buys (the signed-in customer, or the guest's name, e-mail and CPF) and where to. */
export interface Buyer {
  customerId: number | null;
  email: string;
  name: string;
  cpf: string;
  phone: string | null;
}

export async function buyerOf(deps: OrdersDeps, input: FinishOrder): Promise<Buyer> {
  const me = await deps.identity();
  if (input.customerId && (!me || me.id !== input.customerId))
    throw new DomainError('UNAUTHENTICATED', ORDER_MESSAGES.session);
  if (me) return { customerId: me.id, email: me.email, name: me.name, cpf: me.cpf, phone: null };
  const guest = input.anonymousConsumer;
  if (!guest) throw new DomainError('VALIDATION', ORDER_MESSAGES.guest);
  return {
    customerId: null,
    email: guest.email,
    name: guest.name,
    cpf: normalizeCpf(guest.cpf),
    phone: guest.phone ?? null,
  };
}

/** The delivery address snapshot: one of the customer's saved addresses (`addressId`) or the typed one. */
export async function addressFor(deps: OrdersDeps, input: FinishOrder, buyer: Buyer): Promise<AddressSnapshot | null> {
  const id = input.shippingInfo.addressId;
  if (id) {
    const saved =
      buyer.customerId === null ? undefined : (await deps.addresses.list(buyer.customerId)).find((a) => a.id === id);
    if (!saved) throw new DomainError('NOT_FOUND', ORDER_MESSAGES.addressNotFound);
    return {
      zipCode: saved.zip_code,
      street: saved.street,
      number: saved.number,
      ...(saved.complement ? { complement: saved.complement } : {}),
      neighborhood: saved.neighborhood,
      city: saved.city,
      state: saved.state,
      receiver: saved.receiver,
    };
  }
  return input.address
    ? { ...input.address, zipCode: input.address.zipCode.replace(/\D/g, ''), receiver: buyer.name }
    : null;
}

/**
 * The payer's address a registered boleto carries: the delivery address, else (store pickup) the signed-in
 * customer's first saved address; null when there is none (a guest picking up in store).
 */
export async function payerAddress(
  deps: OrdersDeps,
  buyer: Buyer,
  delivery: AddressSnapshot | null,
): Promise<BuyerAddress | null> {
  const from = (a: Omit<AddressSnapshot, 'receiver'>): BuyerAddress => ({
    street: a.street,
    number: a.number,
    complement: a.complement ?? null,
    neighborhood: a.neighborhood,
    city: a.city,
    state: a.state.toUpperCase(),
    zipCode: a.zipCode.replace(/\D/g, ''),
  });
  if (delivery) return from(delivery);
  if (buyer.customerId === null) return null;
  const [saved] = await deps.addresses.list(buyer.customerId);
  return saved
    ? from({
        street: saved.street,
        number: saved.number,
        complement: saved.complement ?? undefined,
        neighborhood: saved.neighborhood,
        city: saved.city,
        state: saved.state,
        zipCode: saved.zip_code,
      })
    : null;
}
