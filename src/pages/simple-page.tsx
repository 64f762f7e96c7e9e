import type { ReactNode } from 'react';

/** A plain content page body: heading, lead paragraph, optional extra content. */
export function SimplePage(props: { title: string; lead: string; children?: ReactNode }) {
  return (
    <article className="content-page">
      <h1>{props.title}</h1>
      <p className="content-page__lead">{props.lead}</p>
      {props.children}
    </article>
  );
}
