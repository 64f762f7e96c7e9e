import { tooLong } from './address';
import { isValidCpf } from './cpf';

/** A guest's identification at checkout (spec §7 `anonymousConsumer`): no account, so name, e-mail and CPF. */
export interface GuestConsumer {
  name: string;
  email: string;
  cpf: string;
}

export const GUEST_MESSAGES = {
  name: 'Informe seu nome completo.',
  email: 'Informe um e-mail válido.',
  cpf: 'CPF inválido. Confira os 11 dígitos.',
} as const;

const NAME_MAX = 120;
const EMAIL_MAX = 200;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The one guest rule, shared by the checkout form (client), the no-JS checkout page and the finish-order
 * contract: pt-BR message per field, empty when valid.
 */
export function guestErrors(g: GuestConsumer): Partial<Record<keyof GuestConsumer, string>> {
  const errors: Partial<Record<keyof GuestConsumer, string>> = {};
  const name = g.name.trim();
  const email = g.email.trim();
  // Too long says so ("Informe…" would read as if the field were empty to a shopper who pasted 5,000 characters).
  if (name.length > NAME_MAX) errors.name = tooLong(NAME_MAX);
  else if (name.length < 3) errors.name = GUEST_MESSAGES.name;
  if (email.length > EMAIL_MAX) errors.email = tooLong(EMAIL_MAX);
  else if (!EMAIL.test(email)) errors.email = GUEST_MESSAGES.email;
  if (!isValidCpf(g.cpf)) errors.cpf = GUEST_MESSAGES.cpf;
  return errors;
}
