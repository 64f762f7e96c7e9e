import type { FormEvent } from 'react';
import { formatCep } from '../../../src/lib/cep';
import { placeForCep } from '../../../src/lib/cep-places';

/**
 * `onInput` for a form with a `[data-cep]` input: masks the CEP as it is typed and, once complete,
 * fills the still-empty street / neighbourhood / city / state from the embedded table.
 */
export function onCepInput(event: FormEvent<HTMLFormElement>): void {
  const input = event.target as HTMLInputElement;
  if (!input.matches?.('[data-cep]')) return;
  const masked = formatCep(input.value);
  if (masked !== input.value) input.value = masked;
  const place = placeForCep(masked);
  if (!place) return;
  const prefix = input.name.slice(0, input.name.length - 'zipCode'.length);
  const fill = (name: string, value: string | null) => {
    const field = input.form?.elements.namedItem(prefix + name) as HTMLInputElement | HTMLSelectElement | null;
    if (field && value && !field.value) field.value = value;
  };
  fill('street', place.street);
  fill('neighborhood', place.district);
  fill('city', place.city);
  fill('state', place.state);
}
