import type { ProductDetail } from '../contracts/product';
import { productJsonLd, type SiteUrls } from '../lib/structured-data';

/**
 * The product page's schema.org Product: the chosen colour's photos, and offers for what can be bought
 * now (the SKUs in stock; all of them, out of stock, when none is).
 */
export function productPageJsonLd(product: ProductDetail, opts: SiteUrls & { color: string }) {
  const color = product.colors.find((c) => c.slug === opts.color) ?? product.colors[0]!;
  // Gifts come with coupons and are never sold on their own.
  const sellable = !product.gift;
  const inStock = product.skus.filter((s) => s.available);
  const offered = inStock.length ? inStock : product.skus;
  return productJsonLd(
    {
      name: product.name,
      description: product.description,
      slug: product.slug,
      photos: color.photos,
      priceCents: Math.min(...offered.map((s) => s.priceCents)),
      listPriceCents: Math.min(...offered.map((s) => s.listPriceCents)),
      // Pre-sale items are sold from stock here: without stock they are out of stock, not pre-orders.
      preSale: product.preSale && sellable && inStock.length > 0,
      skus: offered.map((s) => ({ sku: s.sku, inStock: sellable && s.available, priceCents: s.priceCents })),
      sku: String(product.id).padStart(5, '0'),
      category: product.breadcrumb.map((b) => b.name).join(' > '),
      color: color.name,
    },
    opts,
    'page',
  );
}
