import type { ReactNode } from 'react';

/** Narrow centred panel for login, registration and password pages. */
export function AuthLayout({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <article className="auth-page">
      <h1>{title}</h1>
      {lead ? <p className="auth-page__lead">{lead}</p> : null}
      {children}
    </article>
  );
}

export function Notice({ tone, children }: { tone: 'success' | 'error'; children: ReactNode }) {
  return (
    <p className={`notice notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
