import { describe, expect, it } from 'vitest';
import { newest, sitemapIndexXml, urlsetXml, w3cDate, xmlEscape } from '../../src/lib/seo/sitemap';

describe('sitemap xml', () => {
  it('escapes the five XML special characters', () => {
    expect(xmlEscape(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
  });

  it('writes lastmod as a W3C datetime and leaves it out when unknown', () => {
    const xml = urlsetXml([
      { loc: 'https://x.test/a?b=1&c=2', lastmod: '2026-11-01' },
      { loc: 'https://x.test/b', lastmod: 'not a date' },
      { loc: 'https://x.test/c' },
    ]);
    expect(xml).toContain(
      '<url><loc>https://x.test/a?b=1&amp;c=2</loc><lastmod>2026-11-01T00:00:00.000Z</lastmod></url>',
    );
    expect(xml).toContain('<url><loc>https://x.test/b</loc></url>');
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    expect(sitemapIndexXml([{ loc: 'https://x.test/s.xml' }])).toContain(
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<sitemap><loc>',
    );
  });

  it('picks the newest valid date', () => {
    expect(newest(['2026-01-02T00:00:00Z', 'x', '2026-03-01T10:00:00Z', '2025-12-31'])).toBe(
      '2026-03-01T10:00:00.000Z',
    );
    expect(newest([])).toBeUndefined();
    expect(w3cDate(undefined)).toBeUndefined();
  });
});
