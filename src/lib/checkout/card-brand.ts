import type { CardBrand } from '../../contracts/checkout';
import { dict } from '../security/dict';

/** Digits of a card number as typed (spaces, dots and hyphens dropped). */
export function cardDigits(input: string): string {
  return input.replace(/[\s.-]/g, '');
}

// Issuer prefixes (IIN/BIN) of the brands accepted in Brazil, most specific first: Hipercard's
// 384100/384140/384160 and Hiper's 637xxx must win over Diners' 38 and the generic ranges.
const RANGES: readonly { brand: CardBrand; test: (d: string) => boolean }[] = [
  { brand: 'hipercard', test: (d) => /^(606282|3841[046]0)/.test(d) },
  { brand: 'hiper', test: (d) => /^(637095|637568|637599|637609|637612)/.test(d) },
  { brand: 'credsystem', test: (d) => /^628028/.test(d) },
  { brand: 'amex', test: (d) => /^3[47]/.test(d) },
  { brand: 'diners', test: (d) => /^(30[0-5]|309|36|38|39)/.test(d) },
  { brand: 'visa', test: (d) => /^4/.test(d) },
  {
    brand: 'mastercard',
    test: (d) => {
      // 51–55 and the 2-series 2221–2720.
      if (/^5[1-5]/.test(d)) return true;
      const four = Number(d.slice(0, 4));
      return d.length >= 4 && four >= 2221 && four <= 2720;
    },
  },
];

/** Brand from the number's prefix (spec §5: 4 → visa, 51–55 → mastercard, …); `unknown` otherwise. */
export function detectCardBrand(input: string): CardBrand {
  const digits = cardDigits(input);
  if (!/^\d+$/.test(digits)) return 'unknown';
  return RANGES.find((range) => range.test(digits))?.brand ?? 'unknown';
}

/** Luhn (mod 10) check of a whole card number. */
export function luhnValid(input: string): boolean {
  const digits = cardDigits(input);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Card number lengths per brand (amex 15, diners 14–16, the rest 16, visa also 13 and 19). */
export function cardLengthValid(input: string): boolean {
  const digits = cardDigits(input);
  const brand = detectCardBrand(digits);
  const lengths: Record<CardBrand, number[]> = dict({
    visa: [13, 16, 19],
    mastercard: [16],
    hipercard: [13, 16, 19],
    hiper: [16],
    diners: [14, 16],
    amex: [15],
    credsystem: [16],
    unknown: [12, 13, 14, 15, 16, 17, 18, 19],
  });
  return lengths[brand].includes(digits.length);
}

/** Expiry month/year as typed (`7`, `07`; `29`, `2029`) → still valid at `now` (end of that month). */
export function cardExpiryValid(
  month: string | number | undefined,
  year: string | number | undefined,
  now: Date,
): boolean {
  const m = Number(month);
  let y = Number(year);
  if (!Number.isInteger(m) || !Number.isInteger(y) || m < 1 || m > 12) return false;
  if (y < 100) y += 2000;
  if (y > now.getUTCFullYear() + 20) return false;
  return y > now.getUTCFullYear() || (y === now.getUTCFullYear() && m >= now.getUTCMonth() + 1);
}
