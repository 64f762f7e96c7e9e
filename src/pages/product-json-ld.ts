import type { ProductDetail } from '../contracts/product';
import { productImage } from '../lib/images';
import { centsToReais } from '../lib/money';
import { absoluteUrl, BRAND } from '../lib/structured-data';

const reais = (cents: number) => centsToReais(cents).toFixed(2);

/** schema.org Product with its offer(s): one Offer for one price, AggregateOffer for a range. */
export function productJsonLd(product: ProductDetail, opts: { siteUrl: string; imageHost: string; color: string }) {
  const url = `${opts.siteUrl}/${product.slug}/p`;
  const color = product.colors.find((c) => c.slug === opts.color) ?? product.colors[0]!;
  // Gifts come with coupons and are never sold on their own.
  const inStock = product.skus.filter((s) => s.available);
  const available = !product.gift && inStock.length > 0;
  const availability = !available
    ? 'https://schema.org/OutOfStock'
    : product.preSale
      ? 'https://schema.org/PreOrder'
      : 'https://schema.org/InStock';
  const prices = (inStock.length ? inStock : product.skus).map((s) => s.priceCents);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const offers =
    low === high
      ? {
          '@type': 'Offer',
          url,
          priceCurrency: 'BRL',
          price: reais(low),
          availability,
          itemCondition: 'https://schema.org/NewCondition',
        }
      : {
          '@type': 'AggregateOffer',
          url,
          priceCurrency: 'BRL',
          lowPrice: reais(low),
          highPrice: reais(high),
          offerCount: prices.length,
          availability,
        };
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${url}#product`,
    name: product.name,
    description: product.description,
    sku: String(product.id).padStart(5, '0'),
    url,
    image: color.photos.map((f) => absoluteUrl(opts.siteUrl, productImage(opts.imageHost, f, 'page'))),
    brand: { '@type': 'Brand', name: BRAND },
    category: product.breadcrumb.map((b) => b.name).join(' > '),
    color: color.name,
    offers,
  };
}
