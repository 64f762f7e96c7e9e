/** A content page of the spec's content routes: its copy, and what the page adds below it. */
export interface ContentSection {
  heading: string;
  paragraphs?: string[];
  /** A plain bullet list. */
  list?: string[];
  /** Short "title: text" cards (e.g. delivery options). */
  facts?: [title: string, text: string][];
  /** Question → answer pairs, rendered as native disclosure widgets (no script). */
  faq?: [question: string, answer: string][];
}

export interface ContentPage {
  path: string;
  /** The <h1> and the document title (unique per page). */
  title: string;
  /** Meta description: 110–160 characters, unique per page. */
  description: string;
  lead: string;
  sections?: ContentSection[];
  cta?: { href: string; label: string };
  bodyClass?: string;
  /** What the page adds below its copy (src/pages/content-extras.tsx). */
  extra?: 'faq-json-ld' | 'whatsapp-stores' | 'live-friday' | 'app-badges';
}
