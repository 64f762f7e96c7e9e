import { Hono, type Context } from 'hono';
import { DomainError } from '../commerce/domain-error';
import type { MenuItem } from '../contracts/menus';
import type { AppEnv } from '../env';
import { menuLink } from '../lib/menu/menu-link';
import { newest, sitemapIndexXml, urlsetXml, type SitemapEntry } from '../lib/seo/sitemap';
import { CONTENT_PAGES } from './content/content-pages';

/** Same-tab, on-site menu links: the listing pages (new-tab and external entries are not ours to index). */
export function listingPaths(items: MenuItem[], out = new Set<string>()): Set<string> {
  for (const item of items) {
    const { href, newTab } = menuLink(item);
    if (!newTab && href.startsWith('/') && !href.startsWith('//')) out.add(href);
    listingPaths(item.items, out);
  }
  return out;
}

/** Indexable content pages; the account area, checkout and cart are private (and disallowed in robots). */
const CONTENT_PATHS = [...CONTENT_PAGES.map((p) => p.path), '/mapa-do-site'];

async function xml(c: Context<AppEnv>, body: () => Promise<string>): Promise<Response> {
  try {
    const text = await body();
    return c.body(text, 200, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return c.text('Mapa do site indisponível no momento.', 503, { 'Retry-After': '300' });
  }
}

/** Sitemap index + parts, absolute from SITE_URL. Non-production hosts still answer; robots.txt disallows them. */
export const sitemapRoutes = new Hono<AppEnv>()
  .get('/sitemap.xml', (c) =>
    xml(c, async () => {
      const site = c.var.config.siteUrl;
      const lastmod = newest((await c.var.commerce.sitemap()).products.map((p) => p.updatedAt));
      return sitemapIndexXml(['pages', 'products'].map((part) => ({ loc: `${site}/sitemap-${part}.xml`, lastmod })));
    }),
  )
  .get('/sitemap-pages.xml', (c) =>
    xml(c, async () => {
      const site = c.var.config.siteUrl;
      const [menu, data] = await Promise.all([c.var.commerce.liveMenus(), c.var.commerce.sitemap()]);
      // A listing changes when a product does; content pages carry no date we could vouch for.
      const lastmod = newest(data.products.map((p) => p.updatedAt));
      const listings: SitemapEntry[] = ['/', ...listingPaths(menu)].map((path) => ({ loc: site + path, lastmod }));
      return urlsetXml([...listings, ...CONTENT_PATHS.map((path) => ({ loc: site + path }))]);
    }),
  )
  .get('/sitemap-products.xml', (c) =>
    xml(c, async () => {
      const site = c.var.config.siteUrl;
      const { products } = await c.var.commerce.sitemap();
      return urlsetXml(products.map((p) => ({ loc: `${site}/${encodeURIComponent(p.slug)}/p`, lastmod: p.updatedAt })));
    }),
  );
