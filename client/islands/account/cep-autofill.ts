import { useEffect, type FormEvent, type RefObject } from 'react';
import { formatCep, placeForCep } from '../../../src/lib/customer/cep';

/**
 * `onInput` for a form with a `[data-cep]` input: masks the CEP as it is typed and, once complete,
 * fills the still-empty street / neighbourhood / city / state from the embedded table.
 */
export function onCepInput(event: FormEvent<HTMLFormElement>): void {
  const input = event.target as HTMLInputElement;
  if (input.matches?.('[data-cep]')) maskCep(input);
}

/**
 * What the form typed before it hydrated (its island loads on the first interaction, so the digits typed
 * meanwhile had no mask): each `[data-cep]` field masked and its place filled, once, on mount.
 */
export function useCepTypedEarly(form: RefObject<HTMLFormElement | null>): void {
  useEffect(() => {
    for (const input of form.current?.querySelectorAll<HTMLInputElement>('input[data-cep]') ?? [])
      if (input.value) maskCep(input);
  }, [form]);
}

function maskCep(input: HTMLInputElement): void {
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
