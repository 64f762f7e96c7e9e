import type { InputHTMLAttributes } from 'react';

export type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  name: string;
  label: string;
  idPrefix: string;
  error?: string | null;
  hint?: string;
};

/** Labelled input with its error (announced and linked through aria-describedby). */
export function Field({ name, label, idPrefix, error, hint, ...input }: FieldProps) {
  const id = `${idPrefix}-${name.replace(/\./g, '-')}`;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Checkbox({
  name,
  label,
  idPrefix,
  defaultChecked,
}: {
  name: string;
  label: string;
  idPrefix: string;
  defaultChecked?: boolean;
}) {
  const id = `${idPrefix}-${name.replace(/\./g, '-')}`;
  return (
    <div className="field field--check">
      <input id={id} name={name} type="checkbox" defaultChecked={defaultChecked} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** A form's error as a whole (announced), or nothing. */
export function FormError({ text }: { text: string | null }) {
  return text ? (
    <p className="form-error" role="alert">
      {text}
    </p>
  ) : null;
}

/** The form's error (announced) and its submit button with a busy label. */
export function FormSubmit({
  error,
  busy = false,
  label,
  busyLabel,
  className = 'button button--primary',
}: {
  error: string | null;
  busy?: boolean;
  label: string;
  busyLabel?: string;
  className?: string;
}) {
  return (
    <>
      <FormError text={error} />
      <button type="submit" className={className} disabled={busy} aria-busy={busy}>
        {busy && busyLabel ? busyLabel : label}
      </button>
    </>
  );
}

/** One form field of a list written as data: its name, label and input attributes (the value comes from the form). */
export type FieldSpec = Omit<FieldProps, 'idPrefix' | 'defaultValue' | 'error'>;

/** Text fields drawn from a table, each with the value `value(name)` gives it. */
export function FieldList(props: { idPrefix: string; fields: readonly FieldSpec[]; value: (name: string) => string }) {
  return props.fields.map((field) => (
    <Field key={field.name} idPrefix={props.idPrefix} {...field} defaultValue={props.value(field.name)} />
  ));
}
