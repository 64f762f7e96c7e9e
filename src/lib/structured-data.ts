import { productImage, type ProductVariant } from './images';

/** schema.org JSON-LD for search engines: Product (with offers), BreadcrumbList and FAQPage. */

const SCHEMA = 'https://schema.org';
export const BRAND = 'Vitrine';

export interface SiteUrls {
  /** Absolute origin (+ optional base path) of the storefront, without a trailing slash (`SITE_URL`). */
  siteUrl: string;
  /** `IMAGE_HOST`: absolute, or a path on the site (`/images`). */
  imageHost: string;
}

export interface ProductSkuInput {
  sku: string;
  /** Sellable somewhere now (stock in any store). */
  inStock: boolean;
  /** Integer cents; the product's price when absent. */
  priceCents?: number;
}

export interface ProductInput {
  name: string;
  description: string;
  slug: string;
  /** Photo file names (`leggings-preto-1.webp`), first the main one. */
  photos: string[];
  /** Integer cents: what the shopper pays, and the list price (equal when not on sale). */
  priceCents: number;
  listPriceCents: number;
  preSale: boolean;
  skus: ProductSkuInput[];
  /** Product-level code; defaults to the first SKU's. */
  sku?: string;
  /** Category path as the breadcrumb reads it (`Moda Praia > Biquínis`). */
  category?: string;
  /** Name of the colour the photos show. */
  color?: string;
}

export interface BreadcrumbInput {
  name: string;
  /** Path on the site (`/moda-praia`), or an absolute URL. */
  path: string;
}

export type Availability = 'InStock' | 'OutOfStock' | 'PreOrder';

/** Price in reais with two decimals, as schema.org and Google read it ("199.90"). */
export const reais = (cents: number): string => (cents / 100).toFixed(2);

/** Absolute URL for structured data and OpenGraph (a path on the site gets the site origin). */
export const absoluteUrl = (site: string, path: string) =>
  /^https?:\/\//i.test(path) ? path : `${site}${path.startsWith('/') ? '' : '/'}${path}`;
const absolute = absoluteUrl;

export function productUrl(siteUrl: string, slug: string): string {
  return `${siteUrl}/${encodeURIComponent(slug)}/p`;
}

/** Pre-sale wins (it is sold before stock exists); otherwise in stock when any SKU is. */
export function availabilityOf(preSale: boolean, skus: Pick<ProductSkuInput, 'inStock'>[]): Availability {
  if (preSale) return 'PreOrder';
  return skus.some((s) => s.inStock) ? 'InStock' : 'OutOfStock';
}

function offerFor(product: ProductInput, url: string) {
  const availability = `${SCHEMA}/${availabilityOf(product.preSale, product.skus)}`;
  const prices = [...new Set(product.skus.map((s) => s.priceCents ?? product.priceCents))];
  if (prices.length > 1) {
    return {
      '@type': 'AggregateOffer',
      priceCurrency: 'BRL',
      lowPrice: reais(Math.min(...prices)),
      highPrice: reais(Math.max(...prices)),
      offerCount: product.skus.length,
      availability,
      url,
      offers: product.skus.map((s) => ({
        '@type': 'Offer',
        sku: s.sku,
        price: reais(s.priceCents ?? product.priceCents),
        priceCurrency: 'BRL',
        availability: `${SCHEMA}/${availabilityOf(product.preSale, [s])}`,
        url,
      })),
    };
  }
  const price = prices[0] ?? product.priceCents;
  return {
    '@type': 'Offer',
    price: reais(price),
    priceCurrency: 'BRL',
    availability,
    itemCondition: `${SCHEMA}/NewCondition`,
    url,
    // A sale shows the list price struck through; Google reads it from a ListPrice specification.
    ...(product.listPriceCents > price
      ? { priceSpecification: { '@type': 'UnitPriceSpecification', priceType: `${SCHEMA}/ListPrice`, price: reais(product.listPriceCents), priceCurrency: 'BRL' } }
      : {}),
  };
}

/** schema.org Product; `imageVariant` picks the photo size (the unscaled file by default). */
export function productJsonLd(
  product: ProductInput,
  urls: SiteUrls,
  imageVariant: ProductVariant | 'original' = 'original',
) {
  const url = productUrl(urls.siteUrl, product.slug);
  const imageHost = absolute(urls.siteUrl, urls.imageHost);
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    '@id': `${url}#product`,
    name: product.name,
    description: product.description,
    image: [...new Set(product.photos)].map((file) => productImage(imageHost, file, imageVariant)),
    sku: product.sku ?? product.skus[0]?.sku ?? product.slug,
    brand: { '@type': 'Brand', name: BRAND },
    url,
    ...(product.category ? { category: product.category } : {}),
    ...(product.color ? { color: product.color } : {}),
    offers: offerFor(product, url),
  };
}

export function breadcrumbJsonLd(items: BreadcrumbInput[], siteUrl: string) {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, item: absolute(siteUrl, item.path) })),
  };
}

export function faqJsonLd(items: { question: string; answer: string }[]) {
  return {
    '@context': SCHEMA,
    '@type': 'FAQPage',
    mainEntity: items.map((q) => ({ '@type': 'Question', name: q.question, acceptedAnswer: { '@type': 'Answer', text: q.answer } })),
  };
}
