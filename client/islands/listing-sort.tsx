import { useEffect, useState, type ChangeEvent } from 'react';
import type { SortFormProps } from '../../src/ui/listing/sort';
import { SortForm } from '../../src/ui/listing/sort';
import { navigate } from '../navigation';

export type ListingSortProps = Pick<SortFormProps, 'action' | 'hidden' | 'value'>;

/** The sort form, applied as soon as the select changes (the server-rendered form works without JS). */
export function ListingSort(props: ListingSortProps) {
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget.form!)) {
      if (typeof value === 'string' && value) params.append(name, value);
    }
    // Relevance is the default order: leave it out so the URL stays the clean one.
    if (params.get('ordem') === 'relevance') params.delete('ordem');
    const search = params.toString();
    void navigate(search ? `${props.action}?${search}` : props.action);
  };
  return <SortForm {...props} enhanced={enhanced} onChange={onChange} />;
}
