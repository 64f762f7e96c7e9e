import type { InputHTMLAttributes } from 'react';

/** A labelled input with its inline pt-BR error (announced, and tied to the input by aria-describedby). */
export function Field({
  id,
  label,
  error,
  hint,
  ...input
}: { id: string; label: string; error?: string | null; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`co-field${error ? ' co-field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {hint ? (
        <small id={`${id}-hint`} className="co-field__hint">
          {hint}
        </small>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="co-field__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** One row of a field table: the value's key (the id is the table's prefix + key), label and input attributes. */
export type FieldSpec<K extends string> = {
  field: K;
  label: string;
  /** Reshapes what the shopper typed before it is stored (CPF dots, card spaces…); `input` is the field edited. */
  mask?: (value: string, input: HTMLInputElement) => string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'defaultValue' | 'onChange'>;

/** A table of controlled fields: one `Field` a row, wired to its value, error and optional hint by key. */
export function Fields<K extends string, V extends { readonly [P in K]?: string }>({
  idPrefix,
  specs,
  values,
  errors,
  hints = {},
  onChange,
}: {
  idPrefix: string;
  specs: readonly FieldSpec<K>[];
  values: V;
  errors: Partial<Record<K, string>>;
  hints?: Partial<Record<K, string>>;
  /** The values with the edited field replaced. */
  onChange: (next: V) => void;
}) {
  return specs.map(({ field, mask, ...input }) => (
    <Field
      key={field}
      id={`${idPrefix}${field}`}
      {...input}
      value={values[field] ?? ''}
      onChange={(e) => onChange({ ...values, [field]: mask ? mask(e.target.value, e.target) : e.target.value })}
      error={errors[field]}
      hint={hints[field]}
    />
  ));
}

/** A failed call's message, with the server's title when it sent one. */
export function Problem({ problem }: { problem: { title?: string; message: string } | null }) {
  if (!problem) return null;
  return (
    <div className="co-problem" role="alert">
      {problem.title ? <strong>{problem.title}</strong> : null} {problem.message}
    </div>
  );
}
