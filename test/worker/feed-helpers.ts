import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { expect } from 'vitest';

export type FeedShippingXml = { 'g:country': string; 'g:service': string; 'g:price': string };
export type FeedItemXml = Record<string, unknown> & { 'g:id': string; 'g:shipping': FeedShippingXml[] };

const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  isArray: (name) => name === 'item' || name === 'g:shipping',
});

/** The feed's items, after checking the document is well-formed XML and RSS 2.0 with Google's namespace. */
export async function feedItems(res: Response): Promise<FeedItemXml[]> {
  const xml = await res.text();
  expect(XMLValidator.validate(xml)).toBe(true);
  const doc = parser.parse(xml) as {
    rss: { '@_version': string; '@_xmlns:g': string; channel: { item?: FeedItemXml[] } };
  };
  expect(doc.rss['@_version']).toBe('2.0');
  expect(doc.rss['@_xmlns:g']).toBe('http://base.google.com/ns/1.0');
  return doc.rss.channel.item ?? [];
}
