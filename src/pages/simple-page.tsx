import type { ReactNode } from 'react';
import type { ContentPage, ContentSection } from './content/content-page';

function Section({ section }: { section: ContentSection }) {
  return (
    <section>
      <h2>{section.heading}</h2>
      {section.paragraphs?.map((text) => (
        <p key={text}>{text}</p>
      ))}
      {section.list ? (
        <ul>
          {section.list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : null}
      {section.facts ? (
        <ul className="fact-list">
          {section.facts.map(([title, text]) => (
            <li key={title}>
              <strong>{title}</strong> {text}
            </li>
          ))}
        </ul>
      ) : null}
      {section.faq ? (
        <div className="faq">
          {section.faq.map(([question, answer]) => (
            <details key={question} className="faq__item">
              <summary>{question}</summary>
              <p>{answer}</p>
            </details>
          ))}
        </div>
      ) : null}
    </section>
  );
}

/** A plain content page body: heading, lead paragraph, optional sections, call to action and extras. */
export function SimplePage(props: {
  title: string;
  lead: string;
  sections?: ContentPage['sections'];
  cta?: ContentPage['cta'];
  children?: ReactNode;
}) {
  return (
    <article className="content-page">
      <h1>{props.title}</h1>
      <p className="content-page__lead">{props.lead}</p>
      {props.sections?.map((section) => (
        <Section key={section.heading} section={section} />
      ))}
      {props.cta ? (
        <p>
          <a className="button" href={props.cta.href}>
            {props.cta.label}
          </a>
        </p>
      ) : null}
      {props.children}
    </article>
  );
}
