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

/** A failed call's message, with the server's title when it sent one. */
export function Problem({ problem }: { problem: { title?: string; message: string } | null }) {
  if (!problem) return null;
  return (
    <div className="co-problem" role="alert">
      {problem.title ? <strong>{problem.title}</strong> : null} {problem.message}
    </div>
  );
}
