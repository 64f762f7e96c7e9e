import {
  cardDigits,
  cardExpiryValid,
  cardLengthValid,
  detectCardBrand,
  luhnValid,
} from '../../../lib/checkout/card-brand';
import type { CardBrand } from '../../../contracts/checkout';
import type { CardData } from '../provider';
import { DomainError } from '../../domain-error';

/** Published sandbox test cards (contracts.md): these two approve, this one declines; CVV 000 always declines. */
export const SANDBOX_CARDS = {
  approved: ['5448280000000007', '4012001037141112'],
  declined: ['4000000000000002'],
} as const;

export const CARD_MESSAGES = {
  number: 'Número do cartão inválido.',
  brand: 'Bandeira do cartão não aceita.',
  cvv: 'Código de segurança inválido.',
  expiry: 'Data de validade do cartão inválida.',
  declined: 'Pagamento não autorizado pelo emissor do cartão. Verifique os dados ou use outra forma de pagamento.',
  expired: 'Pagamento não autorizado: cartão vencido.',
  securityCode: 'Pagamento não autorizado: código de segurança recusado.',
} as const;

export interface CardCheck {
  brand: CardBrand;
  last4: string;
  /** Why the issuer refuses it, or null when it authorises. */
  decline: string | null;
}

/**
 * What every card sandbox does with the card data before authorising: malformed data is the
 * shopper's typo (400), a refusal is a decline (402). Card data lives only in this call.
 */
export function checkCard(payment: CardData, now: Date): CardCheck {
  const number = cardDigits(payment.number);
  if (!luhnValid(number) || !cardLengthValid(number)) throw new DomainError('VALIDATION', CARD_MESSAGES.number);
  const brand = detectCardBrand(number);
  if (brand === 'unknown') throw new DomainError('VALIDATION', CARD_MESSAGES.brand);
  const cvv = payment.securityCode;
  if (!(brand === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(cvv)) throw new DomainError('VALIDATION', CARD_MESSAGES.cvv);
  const month = Number(payment.expirationMonth);
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(Number(payment.expirationYear))) {
    throw new DomainError('VALIDATION', CARD_MESSAGES.expiry);
  }
  let decline: string | null = null;
  if (!cardExpiryValid(payment.expirationMonth, payment.expirationYear, now)) decline = CARD_MESSAGES.expired;
  else if (cvv === '000') decline = CARD_MESSAGES.securityCode;
  else if ((SANDBOX_CARDS.declined as readonly string[]).includes(number)) decline = CARD_MESSAGES.declined;
  return { brand, last4: number.slice(-4), decline };
}
