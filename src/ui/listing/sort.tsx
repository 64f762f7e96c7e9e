import type { ChangeEvent, FocusEvent, KeyboardEvent, PointerEvent } from 'react';
import type { Sort } from '../../contracts/catalog';
import { dict } from '../../lib/security/dict';

export const SORT_LABELS: Record<Sort, string> = dict({
  relevance: 'Relevância',
  newest: 'Lançamentos',
  'price-asc': 'Menor preço',
  'price-desc': 'Maior preço',
  discount: 'Maior desconto',
});

export interface SortFormProps {
  /** The listing path the form submits to (GET). */
  action: string;
  /** The rest of the state as hidden fields, so sorting keeps the filters (and goes back to page 1). */
  hidden: [string, string][];
  value: Sort;
  /** With JavaScript the select applies on change and the submit button goes away. */
  enhanced?: boolean;
  onChange?: (event: ChangeEvent<HTMLSelectElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLSelectElement>) => void;
  onBlur?: (event: FocusEvent<HTMLSelectElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLSelectElement>) => void;
}

/** A plain GET form: without JavaScript the shopper picks an order and presses "Ordenar". */
export function SortForm({
  action,
  hidden,
  value,
  enhanced = false,
  onChange,
  onKeyDown,
  onBlur,
  onPointerDown,
}: SortFormProps) {
  return (
    <form className="sort" method="get" action={action}>
      {hidden.map(([name, v]) => (
        <input key={name} type="hidden" name={name} value={v} />
      ))}
      <label className="sort__label" htmlFor="ordem">
        Ordenar por
      </label>
      <select
        className="sort__select"
        id="ordem"
        name="ordem"
        defaultValue={value}
        {...{ onChange, onKeyDown, onBlur, onPointerDown }}
      >
        {(Object.keys(SORT_LABELS) as Sort[]).map((key) => (
          <option key={key} value={key}>
            {SORT_LABELS[key]}
          </option>
        ))}
      </select>
      {enhanced ? null : (
        <button className="sort__submit" type="submit">
          Ordenar
        </button>
      )}
    </form>
  );
}
