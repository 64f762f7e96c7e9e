import type { z } from 'zod';
import { CONTROL_CHAR_MESSAGE } from './text-input';
import { emptyDict } from '../lib/security/dict';

/** What a refused form says above its fields (each marked field says what is wrong with it). */
export const CHECK_FIELDS_MESSAGE = 'Confira os campos destacados.';

/** Form fields (no-JS POST or FormData) → the JSON the /api schemas take. */
export type FormFields = Record<string, string>;

const text = (f: FormFields, name: string) => (f[name] ?? '').trim();
const checked = (f: FormFields, name: string) => f[name] === 'on' || f[name] === 'true' || f[name] === '1';

export function addressFromForm(f: FormFields, prefix = '') {
  const field = (name: string) => text(f, prefix + name);
  return {
    label: field('label') || null,
    receiver: field('receiver'),
    zipCode: field('zipCode'),
    street: field('street'),
    number: field('number'),
    complement: field('complement') || null,
    neighborhood: field('neighborhood'),
    city: field('city'),
    state: field('state'),
    isDefault: checked(f, prefix + 'isDefault'),
  };
}

export function registrationFromForm(f: FormFields) {
  const withAddress = text(f, 'address.zipCode') !== '' || text(f, 'address.street') !== '';
  const address = addressFromForm(f, 'address.');
  return {
    name: text(f, 'name'),
    email: text(f, 'email'),
    cpf: text(f, 'cpf'),
    password: f.password ?? '',
    phone: text(f, 'phone'),
    birthDate: text(f, 'birthDate'),
    marketingOptIn: checked(f, 'marketingOptIn'),
    address: withAddress
      ? { ...address, receiver: address.receiver || text(f, 'name'), label: undefined, isDefault: undefined }
      : null,
  };
}

export function profileFromForm(f: FormFields) {
  return {
    name: text(f, 'name'),
    phone: text(f, 'phone'),
    birthDate: text(f, 'birthDate'),
    marketingOptIn: checked(f, 'marketingOptIn'),
  };
}

/** First message per field (`address.zipCode` for nested ones), for showing next to each input. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = emptyDict();
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    out[key] ??= issue.message;
  }
  return out;
}

/** Every value of a FormData or URLSearchParams as plain strings. */
export function formFields(data: { forEach(cb: (value: unknown, key: string) => void): void }): FormFields {
  const out: FormFields = emptyDict();
  data.forEach((value, key) => {
    if (typeof value === 'string') out[key] = value;
  });
  return out;
}

/**
 * A form post checked: its data when it may go on, else what the form shown again says (`refused`): the refused
 * fields' messages (a control character's first) and the banner above them.
 */
export function formRefusal<T>(
  parsed: { success: true; data: T } | { success: false; error: z.ZodError },
  unreadable: FormFields | null,
): { data: T; refused: null } | { data: null; refused: { errors: Record<string, string>; error: string } } {
  if (parsed.success && !unreadable) return { data: parsed.data, refused: null };
  const errors = { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...unreadable };
  return { data: null, refused: { errors, error: unreadable ? CONTROL_CHAR_MESSAGE : CHECK_FIELDS_MESSAGE } };
}
