import type { BrowserDevice, FinishOrder, ReviewedFinishOrder } from '../../contracts/checkout';
import { normalizeCpf } from '../customer/cpf';
import type { GuestConsumer } from '../customer/guest';

/**
 * The POST /api/finish-order body (spec §7) from what the shopper chose. The store's checkout and the no-JS
 * form both build it here, so the two send the same fields the same way (the guest's CPF as digits, padded to 11).
 * Types only from the contract: the browser bundle carries no zod.
 */
export interface OrderChoices {
  cartId: string;
  /** The signed-in customer, or null for a guest. */
  customerId: number | null;
  /** The guest as identified (ignored for a customer). */
  guest: GuestConsumer | null;
  /** One chosen option per store's package. */
  packages: FinishOrder['packages'];
  /** The pickup store, when the order is picked up; otherwise the first package's store is the order's. */
  receiverStore?: string | null;
  /** The options' prices as quoted (finish-order prices them itself). */
  shipping: number;
  payment: FinishOrder['payment'];
  /** The typed delivery address; null for a pickup. */
  address: FinishOrder['address'];
  hasPreSale: boolean;
  userAgent?: string;
  device?: BrowserDevice;
  idempotencyKey?: string;
  /** What the shopper is looking at: finish-order refuses (409) a bag changed since. */
  reviewed: ReviewedFinishOrder['reviewed'];
}

/** The guest as finish-order takes it: name and e-mail trimmed, the CPF normalised (`cpf.ts`). */
export const anonymousConsumer = (guest: GuestConsumer): GuestConsumer => ({
  name: guest.name.trim(),
  email: guest.email.trim(),
  cpf: normalizeCpf(guest.cpf),
});

export function finishOrderBody(o: OrderChoices): ReviewedFinishOrder {
  const first = o.packages[0];
  return {
    customerId: o.customerId,
    cartId: o.cartId,
    shippingInfo: {
      store: o.receiverStore ?? first?.store ?? null,
      // A saved address goes as its fields (snapshotted on the order): finish-order does not resolve
      // address ids and answers 'Endereço não encontrado.' for any.
      addressId: null,
      selectedOption: first?.selectedOption ?? null,
    },
    shipping: o.shipping,
    payment: o.payment,
    anonymousConsumer: o.customerId ? null : o.guest && anonymousConsumer(o.guest),
    address: o.address,
    packages: o.packages,
    hasPreSale: o.hasPreSale,
    userAgent: o.userAgent,
    ...(o.device ? { device: o.device } : {}),
    idempotencyKey: o.idempotencyKey,
    reviewed: o.reviewed,
  };
}
