/** schema.org JSON-LD for search engines: BreadcrumbList and FAQPage, and the helpers the product page's ProductGroup uses (src/pages/product-json-ld.ts). */

const SCHEMA = 'https://schema.org';
export const BRAND = 'Vitrine';

export interface SiteUrls {
  /** Absolute origin (+ optional base path) of the storefront, without a trailing slash (`SITE_URL`). */
  siteUrl: string;
  /** `IMAGE_HOST`: absolute, or a path on the site (`/images`). */
  imageHost: string;
}

export interface BreadcrumbInput {
  name: string;
  /** Path on the site (`/moda-praia`), or an absolute URL. */
  path: string;
}

/** Absolute URL for structured data and OpenGraph (a path on the site gets the site origin). */
export const absoluteUrl = (site: string, path: string) =>
  /^https?:\/\//i.test(path) ? path : `${site}${path.startsWith('/') ? '' : '/'}${path}`;
const absolute = absoluteUrl;

export function productUrl(siteUrl: string, slug: string): string {
  return `${siteUrl}/${encodeURIComponent(slug)}/p`;
}

export function breadcrumbJsonLd(items: BreadcrumbInput[], siteUrl: string) {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: absolute(siteUrl, item.path),
    })),
  };
}

export function faqJsonLd(items: { question: string; answer: string }[]) {
  return {
    '@context': SCHEMA,
    '@type': 'FAQPage',
    mainEntity: items.map((q) => ({
      '@type': 'Question',
      name: q.question,
      acceptedAnswer: { '@type': 'Answer', text: q.answer },
    })),
  };
}
