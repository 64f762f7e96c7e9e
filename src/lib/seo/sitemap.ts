/** One `<url>` of a urlset or one `<sitemap>` of an index (sitemaps.org protocol 0.9). */
import { dict } from '../security/dict';
export interface SitemapEntry {
  /** Absolute URL. */
  loc: string;
  /** When the page last changed; omitted when unknown rather than guessed. */
  lastmod?: string;
}

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const ENTITIES: Record<string, string> = dict({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' });

export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);
}

/** W3C datetime (UTC) of a date string, or undefined when it does not parse. */
export function w3cDate(value: string | undefined): string | undefined {
  const time = value ? Date.parse(value) : NaN;
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** The most recent of some dates (for a listing or an index entry), or undefined. */
export function newest(values: string[]): string | undefined {
  let best = NaN;
  for (const v of values) {
    const t = Date.parse(v);
    if (!Number.isNaN(t) && !(t <= best)) best = t;
  }
  return Number.isNaN(best) ? undefined : new Date(best).toISOString();
}

function entries(tag: 'url' | 'sitemap', list: SitemapEntry[]): string {
  return list
    .map((e) => {
      const lastmod = w3cDate(e.lastmod);
      return `<${tag}><loc>${xmlEscape(e.loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</${tag}>`;
    })
    .join('\n');
}

export function urlsetXml(urls: SitemapEntry[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${entries('url', urls)}\n</urlset>\n`;
}

export function sitemapIndexXml(sitemaps: SitemapEntry[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${entries('sitemap', sitemaps)}\n</sitemapindex>\n`;
}
