import type { FormEvent } from 'react';
import { formatNationalPhone, nationalPhoneDigits } from '../../../src/lib/customer/phone';

/**
 * CPF and phone masks as the shopper types, shared by the islands of the registration form, "Meus dados" and the
 * checkout's guest form (loaded with them, never before an interaction). Pasted text with or without punctuation
 * becomes the same value; the caret stays after the digit it followed. The server takes either form
 * (contracts/customers strips all but digits), and without JavaScript the fields are plain text as before.
 */

const digitsOf = (text: string) => text.replace(/\D+/g, '');

/** `000.000.000-00` as typed: partial input stays partial (`5299` → `529.9`), past 11 digits is dropped. */
export function formatCpfInput(input: string): string {
  const d = digitsOf(input).slice(0, 11);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`;
  if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}

/**
 * `(00) 00000-0000` (mobile, 11 digits) or `(00) 0000-0000` (landline, 10) as typed (lib/phone). A country code stays
 * in sight while it is typed key by key (`+`, `+5`, `+55 (11) 9…`), so the digits after it are the DDD and the number,
 * as the server reads them; pasted `55…` or `011 …` loses its code or zero. A separator is written only before a
 * digit (deleting back over one never gets stuck).
 */
export function formatPhoneInput(input: string): string {
  const typed = digitsOf(input);
  if (/^\s*\+/.test(input)) {
    // Still typing the country code, or another country's (which the server refuses): as typed.
    if (!typed.startsWith('55')) return `+${typed.slice(0, 15)}`;
    const national = formatNationalPhone(nationalPhoneDigits(input));
    return national ? `+55 ${national}` : '+55';
  }
  return formatNationalPhone(nationalPhoneDigits(input));
}

/** What `reformat` needs of an input (a plain object in unit tests). */
export type MaskedInput = Pick<HTMLInputElement, 'value' | 'selectionStart' | 'setSelectionRange'> & {
  ownerDocument: { activeElement: unknown } | null;
};

/**
 * Rewrites `input`'s value with `format`; the caret goes after as many digits as it followed before (at the end
 * when it was at the end). Returns the new value.
 */
export function reformat(input: MaskedInput, format: (text: string) => string): string {
  const before = input.value;
  const next = format(before);
  if (next === before) return next;
  const caret = input.selectionStart ?? before.length;
  const wanted = digitsOf(before.slice(0, caret)).length;
  let at = 0;
  for (let seen = 0; at < next.length && seen < wanted; at += 1) if (next[at]! >= '0' && next[at]! <= '9') seen += 1;
  input.value = next;
  if (caret >= before.length) at = next.length;
  // Only the focused field: moving the caret of another one would focus it in some browsers.
  if (input.ownerDocument?.activeElement === input) input.setSelectionRange(at, at);
  return next;
}

/** `mask` of a controlled checkout field (src/ui/checkout/field.tsx `FieldSpec`), with the caret kept. */
export const keepCaret = (format: (text: string) => string) => (_value: string, input: MaskedInput) =>
  reformat(input, format);

/** The attributes of a masked field in an uncontrolled form (`onMaskedInput`). */
// No maxLength: it would cut a pasted `CPF: 529.982.247-25` before the mask keeps its 11 digits.
export const CPF_FIELD = { 'data-mask': 'cpf', inputMode: 'numeric', placeholder: '000.000.000-00' } as const;
export const PHONE_FIELD = { 'data-mask': 'phone', type: 'tel', placeholder: '(11) 98765-4321' } as const;

/** `onInput` of an uncontrolled form: reshapes the `[data-mask="cpf"|"phone"]` input just edited. */
export function onMaskedInput(event: FormEvent<HTMLFormElement>): void {
  const input = event.target as HTMLInputElement;
  const mask = input.dataset?.mask;
  if (mask === 'cpf') reformat(input, formatCpfInput);
  else if (mask === 'phone') reformat(input, formatPhoneInput);
}
