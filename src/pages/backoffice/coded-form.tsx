import type { ReactNode } from 'react';
import { FormError } from '../../ui/account/field';

type Fields = Record<string, string | undefined>;
/** A form that comes back: its error and what was posted (null: the page's first load). */
export type FormState = { error: string; values: Fields | null } | null;

/**
 * What a create-or-edit form shows: the posted `values` when it comes back with an error, else the record's `shown`
 * snapshot (which a stale save's 409 compares with to say what changed meanwhile).
 */
export function formReaders(values: Fields | null, shown: Fields) {
  return {
    v: (name: string) => values?.[name] ?? shown[name] ?? '',
    on: (name: string) => (values ? values[name] : shown[name]) === 'on',
  };
}

/**
 * The frame of a form for a record whose code never changes once created (coupons, seller codes): the edit carries the
 * record's `version` and the `shown` snapshot; a new record asks for its code (`codeField`).
 */
export function CodedForm(props: {
  testId: string;
  /** The list's path: a new record posts to it, an edit to `${base}/${id}`. */
  base: string;
  form: FormState;
  record: { id: number; version: number; code: string } | null;
  shown: Fields;
  codeField: ReactNode;
  children: ReactNode;
}) {
  const r = props.record;
  return (
    <form
      className="account-form backoffice__product"
      method="post"
      action={r ? `${props.base}/${r.id}` : props.base}
      data-testid={props.testId}
    >
      <FormError text={props.form?.error ?? null} />
      {r ? (
        <>
          <input type="hidden" name="version" value={String(r.version)} />
          <input type="hidden" name="shown" value={JSON.stringify(props.shown)} />
          <p>
            Código: <strong>{r.code}</strong> (não muda depois de criado)
          </p>
        </>
      ) : (
        props.codeField
      )}
      {props.children}
    </form>
  );
}
