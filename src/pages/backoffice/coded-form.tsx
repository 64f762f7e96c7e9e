import type { ReactNode } from 'react';
import { Field, FormError } from '../../ui/account/field';
import { formReaders } from './stale-form';

type Fields = Record<string, string | undefined>;
/** A form that comes back: its error and what was posted (null: the page's first load). */
export type FormState = { error: string; values: Fields | null } | null;

/** What one kind of coded record's form is: its test id, its list's path, its field ids and its snapshot. */
export interface CodedKind<T> {
  testId: string;
  /** The list's path: a new record posts to it, an edit to `${base}/${id}`. */
  base: string;
  idPrefix: string;
  /** The record's values as the form shows them (`shown`, the snapshot a stale save's 409 compares with). */
  values: (record: T | null) => Fields;
  codeHint?: string;
}

/**
 * The frame of a form for a record whose code never changes once created (coupons, seller codes): the edit carries the
 * record's `version` and the `shown` snapshot; a new record asks for its code. `children` draws the other fields
 * with the values the form shows (`v`, `on`: formReaders).
 */
export function CodedForm<T extends { id: number; version: number; code: string }>(props: {
  of: CodedKind<T>;
  form: FormState;
  record: T | null;
  children: (read: ReturnType<typeof formReaders>) => ReactNode;
}) {
  const { of, record: r } = props;
  const shown = of.values(r);
  const read = formReaders(props.form?.values ?? null, shown);
  return (
    <form
      className="account-form backoffice__product"
      method="post"
      action={r ? `${of.base}/${r.id}` : of.base}
      data-testid={of.testId}
    >
      <FormError text={props.form?.error ?? null} />
      {r ? (
        <>
          <input type="hidden" name="version" value={String(r.version)} />
          <input type="hidden" name="shown" value={JSON.stringify(shown)} />
          <p>
            Código: <strong>{r.code}</strong> (não muda depois de criado)
          </p>
        </>
      ) : (
        <Field
          idPrefix={of.idPrefix}
          name="code"
          label="Código"
          required
          maxLength={40}
          defaultValue={read.v('code')}
          hint={of.codeHint}
        />
      )}
      {props.children(read)}
    </form>
  );
}
