/** Checkout form rules: card number, expiry and CVV masks (the provider decides; these catch typos first). */
import { cardLengthValid, detectCardBrand, luhnValid } from './card-brand';

const digitsOnly = (input: string) => input.replace(/\D+/g, '');

/** Groups of four as the shopper types (`5448 2800 0000 0007`), at most 19 digits. */
export function formatCardNumber(input: string): string {
  return digitsOnly(input)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** `MM/AA` mask. */
export function formatExpiry(input: string): string {
  const d = digitsOnly(input).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

/** `MM/AA` → month and four-digit year, or null when not a real month. */
export function parseExpiry(input: string): { month: number; year: number } | null {
  const m = /^(\d{2})\/(\d{2})$/.exec(input.trim());
  if (!m) return null;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(m[2]) };
}

export interface CardInput {
  number: string;
  holder: string;
  expiry: string;
  cvv: string;
}

/** Field errors in pt-BR (empty object when the card looks right); `now` decides expiry. */
export function cardErrors(card: CardInput, now: Date): Partial<Record<keyof CardInput, string>> {
  const errors: Partial<Record<keyof CardInput, string>> = {};
  if (!luhnValid(card.number) || !cardLengthValid(card.number)) errors.number = 'Número do cartão inválido.';
  if (card.holder.trim().length < 3) errors.holder = 'Informe o nome impresso no cartão.';
  const exp = parseExpiry(card.expiry);
  if (!exp) errors.expiry = 'Validade inválida. Use MM/AA.';
  else if (exp.year * 12 + exp.month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1)
    errors.expiry = 'Cartão vencido.';
  // Amex prints a 4-digit code on the front; the other brands 3 digits on the back.
  if (!(detectCardBrand(card.number) === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(card.cvv)) errors.cvv = 'CVV inválido.';
  return errors;
}
