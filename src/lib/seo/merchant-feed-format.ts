import { dict } from '../security/dict';
import { FEED_COLUMNS, type FeedAttributes, type FeedShipping } from './merchant-feed';

/** The feed's two files: RSS 2.0 with Google's `g:` namespace, and tab-separated values with a header row. */

/** Characters XML 1.0 does not allow at all (escaping cannot carry them), and lone surrogates. */
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const XML_ESCAPES: Record<string, string> = dict({
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
});

export const xmlText = (value: string): string =>
  value.replace(NOT_XML, '').replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]!);

export function xmlHead(channel: { title: string; link: string; description: string }): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n' +
    `<title>${xmlText(channel.title)}</title>\n<link>${xmlText(channel.link)}</link>\n<description>${xmlText(channel.description)}</description>\n`
  );
}

export const XML_TAIL = '</channel>\n</rss>\n';

const shippingXml = (s: FeedShipping) =>
  `<g:shipping><g:country>${s.country}</g:country><g:service>${xmlText(s.service)}</g:service><g:price>${s.price}</g:price></g:shipping>`;

export function xmlItem(attrs: FeedAttributes): string {
  let out = '<item>';
  for (const name of FEED_COLUMNS) {
    const value = attrs[name];
    if (value === undefined) continue;
    out +=
      name === 'shipping'
        ? (value as FeedShipping[]).map(shippingXml).join('')
        : `<g:${name}>${xmlText(value as string)}</g:${name}>`;
  }
  return `${out}</item>\n`;
}

/** A TSV cell: tabs and line breaks become spaces (a value cannot hold them), control characters go. */
const tsvCell = (value: string): string => value.replace(/[\t\r\n]+/g, ' ').replace(NOT_XML, '');

export const TSV_HEAD = `${FEED_COLUMNS.join('\t')}\n`;

/** Shipping in Google's text form, `country:region:service:price`, several separated by commas. */
const shippingTsv = (s: FeedShipping) => `${s.country}::${s.service.replace(/[:,]/g, ' ')}:${s.price}`;

export function tsvRow(attrs: FeedAttributes): string {
  const cells = FEED_COLUMNS.map((name) => {
    const value = attrs[name];
    if (value === undefined) return '';
    return tsvCell(name === 'shipping' ? (value as FeedShipping[]).map(shippingTsv).join(',') : (value as string));
  });
  return `${cells.join('\t')}\n`;
}
