import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { SortFormProps } from '../../../src/ui/listing/sort';
import { SortForm } from '../../../src/ui/listing/sort';
import { navigate } from '../../navigation';

export type ListingSortProps = Pick<SortFormProps, 'action' | 'hidden' | 'value'>;

/** Keys that only move focus or close a popup: they never change the chosen order. */
const NEUTRAL_KEYS = new Set(['Tab', 'Shift', 'Escape', 'Control', 'Alt', 'Meta']);

/**
 * The sort form, applied as soon as an order is picked with the pointer (the server-rendered form works without
 * JS). From the keyboard, arrows and letters change a closed select's value one option at a time (WCAG 3.2.2: no
 * page load for each): the order is applied on Enter, or when focus leaves the select on another order.
 */
export function ListingSort(props: ListingSortProps) {
  const [enhanced, setEnhanced] = useState(false);
  const keyed = useRef(false);
  // The order being applied: the select's blur as the page changes does not apply it again.
  const applied = useRef(props.value as string);
  useEffect(() => setEnhanced(true), []);
  const apply = (select: HTMLSelectElement) => {
    keyed.current = false;
    applied.current = select.value;
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(select.form!)) {
      if (typeof value === 'string' && value) params.append(name, value);
    }
    // Relevance is the default order: leave it out so the URL stays the clean one.
    if (params.get('ordem') === 'relevance') params.delete('ordem');
    const search = params.toString();
    void navigate(search ? `${props.action}?${search}` : props.action);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      apply(event.currentTarget);
    } else if (!NEUTRAL_KEYS.has(event.key)) keyed.current = true;
  };
  return (
    <SortForm
      {...props}
      enhanced={enhanced}
      onPointerDown={() => (keyed.current = false)}
      onKeyDown={onKeyDown}
      onChange={(event) => keyed.current || apply(event.currentTarget)}
      onBlur={(event) => event.currentTarget.value !== applied.current && apply(event.currentTarget)}
    />
  );
}
