/** CEP (Brazilian postal code) rules, spec §5. */

/** Digits only: `01310-100`, `01.310-100` and ` 01310100 ` all become `01310100`. */
export function normalizeCep(input: string): string {
  return input.replace(/\D+/g, '');
}

/** The input attributes that go with `formatCep` as a mask: numeric keypad, postal-code autofill, `12345-678`. */
export const CEP_INPUT = {
  inputMode: 'numeric',
  autoComplete: 'postal-code',
  placeholder: '00000-000',
  maxLength: 9,
} as const;

export function isCompleteCep(input: string): boolean {
  return /^\d{8}$/.test(normalizeCep(input));
}

/**
 * Hyphen after the 5th digit (`12345-678`). Works as an input mask too: partial input stays partial
 * (`1234` → `1234`, `123456` → `12345-6`) and anything past 8 digits is dropped.
 */
export function formatCep(input: string): string {
  const digits = normalizeCep(input).slice(0, 8);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}
