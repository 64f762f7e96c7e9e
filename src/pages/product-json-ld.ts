import type { ProductDetail } from '../contracts/product';
import { dict } from '../lib/security/dict';
import { validGtin } from '../lib/catalog/gtin';
import { productImage } from '../lib/site/images';
import { feedAvailability, productGroupId, variantTitle, variantUrl } from '../lib/seo/merchant-feed';
import { centsToDecimal } from '../lib/format/money';
import { absoluteUrl, BRAND, productUrl, type SiteUrls } from '../lib/seo/structured-data';

const SCHEMA = 'https://schema.org';
/** The feed's availability in schema.org's words: one rule for both (lib/merchant-feed). */
const SCHEMA_AVAILABILITY = dict({ in_stock: `${SCHEMA}/InStock`, out_of_stock: `${SCHEMA}/OutOfStock` } as const);

/**
 * The product page's schema.org ProductGroup: one Product + Offer per variant (colour × size), each with its own URL
 * (the page with that variant selected), price and availability, and the list price struck through when on sale. The
 * same values as the Merchant Center feed's item for that variant (`productGroupID` is its `item_group_id`); the
 * group's photos are the chosen colour's.
 */
export function productPageJsonLd(product: ProductDetail, opts: SiteUrls & { color: string }) {
  const chosen = product.colors.find((c) => c.slug === opts.color) ?? product.colors[0]!;
  const colors = new Map(product.colors.map((c) => [c.slug, c]));
  const url = productUrl(opts.siteUrl, product.slug);
  const imageHost = absoluteUrl(opts.siteUrl, opts.imageHost);
  // Gifts come with coupons and are never sold on their own.
  const sellable = !product.gift;
  const groupId = productGroupId(product.id);
  const varies = [
    ...(new Set(product.skus.map((s) => s.size)).size > 1 ? [`${SCHEMA}/size`] : []),
    ...(new Set(product.skus.map((s) => s.color)).size > 1 ? [`${SCHEMA}/color`] : []),
  ];
  return {
    '@context': SCHEMA,
    '@type': 'ProductGroup',
    '@id': `${url}#product`,
    name: product.name,
    description: product.description,
    url,
    brand: { '@type': 'Brand', name: BRAND },
    productGroupID: groupId,
    ...(varies.length ? { variesBy: varies } : {}),
    category: product.breadcrumb.map((b) => b.name).join(' > '),
    image: [...new Set(chosen.photos)].map((file) => productImage(imageHost, file, 'page')),
    hasVariant: product.skus.map((s) => {
      const color = colors.get(s.color) ?? chosen;
      const link = variantUrl(opts.siteUrl, product.slug, s.color, s.size);
      const gtin = validGtin(s.gtin);
      return {
        '@type': 'Product',
        sku: s.sku,
        inProductGroupWithID: groupId,
        ...(gtin ? { gtin } : {}),
        name: variantTitle(product.name, color.name, s.size),
        color: color.name,
        size: s.size,
        ...(color.photos[0] ? { image: productImage(imageHost, color.photos[0], 'page') } : {}),
        url: link,
        offers: {
          '@type': 'Offer',
          url: link,
          price: centsToDecimal(s.priceCents),
          priceCurrency: 'BRL',
          availability: SCHEMA_AVAILABILITY[feedAvailability(sellable && s.available)],
          itemCondition: `${SCHEMA}/NewCondition`,
          // A sale shows the list price struck through (Google reads it from a StrikethroughPrice specification).
          ...(s.listPriceCents > s.priceCents
            ? {
                priceSpecification: {
                  '@type': 'UnitPriceSpecification',
                  priceType: `${SCHEMA}/StrikethroughPrice`,
                  price: centsToDecimal(s.listPriceCents),
                  priceCurrency: 'BRL',
                },
              }
            : {}),
        },
      };
    }),
  };
}
